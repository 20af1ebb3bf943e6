import { describe, expect, it } from 'vitest';
import type { Credentials, Method } from '../../helpers/http/journal.ts';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import authInvalid from './auth-invalid.ts';
import authRequired from './auth-required.ts';

const ORDER = '0b6f3c1e-1111-4222-8333-444455556666';

/** The rules that judged the exchange, and whether each failed. */
function judge(method: Method, path: string, credentials: Credentials, status: number, body = '') {
  const judging = new Judging([authRequired, authInvalid], judgingContext());
  const failed = judging
    .judge(exchangeOf(method, path, status, undefined, { credentials, text: body }))
    .map((f) => f.ruleId);
  return Object.fromEntries(
    judging.tallies().map((t) => [t.rule.id, failed.includes(t.rule.id) ? 'failed' : 'passed']),
  );
}

describe('the exchange verdict of AUTH-REQUIRED and AUTH-INVALID', () => {
  it('judges every endpoint of §4 by what the request carried: nothing, or an invalid token', () => {
    expect(judge('GET', '/v2/products?page%5Blimit%5D=1', 'none', 401)).toEqual({
      'AUTH-REQUIRED': 'passed',
    });
    expect(judge('DELETE', '/v2/integrations/x', 'other', 403)).toEqual({ 'AUTH-INVALID': 'passed' });
    expect(judge('POST', `/v2/orders/${ORDER}/payments`, 'none', 200, '{"data":{}}')).toEqual({
      'AUTH-REQUIRED': 'failed',
    });
  });

  it('asks a 4xx without data: a body with data fails, data: null or another body does not', () => {
    expect(judge('GET', '/v2/categories', 'other', 404, '{"data":[]}')).toEqual({ 'AUTH-INVALID': 'failed' });
    expect(judge('GET', '/v2/categories', 'other', 401, '{"data":null,"errors":[]}')).toEqual({
      'AUTH-INVALID': 'passed',
    });
    expect(judge('GET', '/v2/categories', 'other', 401, 'Unauthorized')).toEqual({
      'AUTH-INVALID': 'passed',
    });
    expect(judge('GET', '/v2/categories', 'none', 302)).toEqual({ 'AUTH-REQUIRED': 'failed' });
  });

  it('judges every method on a path of §4: a 4xx without data, an OPTIONS anything without data', () => {
    expect(judge('HEAD', '/v2/categories', 'none', 200)).toEqual({ 'AUTH-REQUIRED': 'failed' });
    expect(judge('PROPFIND', '/v2/products', 'other', 405)).toEqual({ 'AUTH-INVALID': 'passed' });
    expect(judge('PATCH', '/v2/categories/abc', 'none', 200, '{"data":{}}')).toEqual({
      'AUTH-REQUIRED': 'failed',
    });
    expect(judge('OPTIONS', `/v2/orders/${ORDER}/payments`, 'none', 204)).toEqual({
      'AUTH-REQUIRED': 'passed',
    });
    expect(judge('OPTIONS', '/v2/products', 'other', 200, '{"data":[]}')).toEqual({
      'AUTH-INVALID': 'failed',
    });
  });

  it('fails a 5xx, which is no refusal, but a 501 to a method the path does not serve', () => {
    expect(judge('GET', '/v2/categories', 'none', 500)).toEqual({ 'AUTH-REQUIRED': 'failed' });
    expect(judge('GET', '/v2/categories', 'other', 503)).toEqual({ 'AUTH-INVALID': 'failed' });
    expect(judge('PUT', '/v2/categories', 'none', 501)).toEqual({});
  });

  it('leaves alone the token spelled another way, the valid token, and what is not a path of §4', () => {
    expect(judge('GET', '/v2/categories', 'respelled', 200, '{"data":[]}')).toEqual({});
    expect(judge('GET', '/v2/categories', 'token', 200, '{"data":[]}')).toEqual({});
    for (const [method, path] of [
      ['DELETE', '/v2/products/abc'],
      ['GET', '/v2/products/abc'],
      ['GET', '/v2/conformance-no-such-route'],
      ['GET', '/v2/categories/'],
      ['GET', '/v2/orders?page[offset]=1'],
    ] as const)
      expect(judge(method, path, 'none', 200, '{"data":{}}'), `${method} ${path}`).toEqual({});
  });
});
