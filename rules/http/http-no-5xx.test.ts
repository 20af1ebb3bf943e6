import { describe, expect, it } from 'vitest';
import type { Method } from '../../helpers/http/journal.ts';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import httpNo5xx from './http-no-5xx.ts';

/** The verdict on one answer: failed, passed, or not judged. */
function verdict(method: Method, path: string, status: number): string {
  const judging = new Judging([httpNo5xx], judgingContext());
  const failed = judging.judge(exchangeOf(method, path, status)).length > 0;
  return failed ? 'failed' : judging.tallies().length > 0 ? 'passed' : 'not judged';
}

describe('the exchange verdict of HTTP-NO-5XX', () => {
  it('fails a 5xx to any method', () => {
    expect(verdict('PROPFIND', '/v2/products', 500)).toBe('failed');
    expect(verdict('HEAD', '/v2/categories', 502)).toBe('failed');
    expect(verdict('OPTIONS', '/v2/integrations/x', 200)).toBe('passed');
  });

  it('leaves a 501 to a method the path does not serve to the server (RFC 9110), not to one it serves', () => {
    expect(verdict('PUT', '/v2/categories', 501)).toBe('not judged');
    expect(verdict('HEAD', '/v2/orders/o/payments', 501)).toBe('not judged');
    expect(verdict('PATCH', '/v2/conformance-no-such-route', 501)).toBe('not judged');
    expect(verdict('GET', '/v2/categories', 501)).toBe('failed');
    expect(verdict('POST', '/v2/orders/o/payments', 501)).toBe('failed');
    expect(verdict('GET', '/v2/orders', 501)).toBe('failed');
  });
});
