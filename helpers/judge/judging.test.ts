import { describe, expect, it } from 'vitest';
import type { Entry, RequestOptions } from '../http/journal.ts';
import { ApiResponse } from '../http/response.ts';
import { matchPath, parseQuery } from './answer.ts';
import { Judging } from './judging.ts';
import { Knowledge } from './knowledge.ts';
import { onExchanges, rule } from './rule.ts';

let clock = 0;
const known = new Knowledge({ defaultPageLimit: 100, baseUrl: 'http://t' }, () => ++clock);

function entry(
  method: Entry['method'],
  path: string,
  status: number,
  body: unknown,
  extra: {
    options?: RequestOptions;
    credentials?: Entry['credentials'];
    headers?: Record<string, string>;
  } = {},
): Entry {
  const text = body === undefined ? '' : JSON.stringify(body);
  const exchange = { request: { method, url: `http://t${path}`, headers: {} }, durationMs: 1, curl: 'curl' };
  return {
    sent: ++clock,
    source: { kind: 'check', name: 'a check' },
    method,
    path,
    options: extra.options ?? {},
    credentials: extra.credentials ?? 'token',
    response: new ApiResponse(
      status,
      { 'content-type': 'application/json', ...extra.headers },
      text,
      exchange,
    ),
    exchange,
  };
}

const dataIsList = rule('ENV-LIST', {
  exchange: onExchanges({ methods: ['GET'], paths: ['/v2/categories'] }, (x, t) =>
    t.expectArray(x.response.data, 'data', x.response),
  ),
});
const refused = rule('INT-NOT-FOUND', {
  exchange: onExchanges(
    { methods: ['GET'], paths: ['/v2/integrations/:id'], status: 'not 5xx' },
    (x, t, k) => {
      t.need(k.isMadeUp(x.params.id as string), 'not made up');
      t.expectStatus(x.response, '4xx');
    },
  ),
});

describe('Judging', () => {
  it('judges an entry by every rule whose scope matches, and tallies by sender', () => {
    const judging = new Judging([dataIsList, refused], known);
    expect(judging.judge(entry('GET', '/v2/categories?page[limit]=1', 200, { data: [] }))).toEqual([]);
    const failures = judging.judge(entry('GET', '/v2/categories', 200, { data: {} }));
    expect(failures.map((f) => f.ruleId)).toEqual(['ENV-LIST']);
    judging.judge(entry('GET', '/v2/categories', 404, {}));
    judging.judge(entry('POST', '/v2/categories', 200, { data: {} }));
    judging.judge(entry('GET', '/v2/categories', 200, { data: {} }, { credentials: 'none' }));
    expect(judging.tallies()).toMatchObject([
      {
        ruleId: 'ENV-LIST',
        judged: 2,
        failed: 1,
        bySource: { check: 2 },
        failures: [{ source: { name: 'a check' } }],
      },
    ]);
  });

  it('leaves unjudged what a verdict does not apply to, and never judges a 5xx under a "not 5xx" scope', () => {
    const judging = new Judging([refused], known);
    judging.judge(entry('GET', '/v2/integrations/abc', 200, { data: {} }));
    known.madeUp('made-up');
    judging.judge(entry('GET', '/v2/integrations/made-up', 500, {}));
    expect(judging.tallies()).toEqual([]);
    expect(
      judging.judge(entry('GET', '/v2/integrations/made-up', 200, { data: {} })).map((f) => f.ruleId),
    ).toEqual(['INT-NOT-FOUND']);
  });

  it('never judges an answer that declines the request for now (429 / 503 with Retry-After)', () => {
    const judging = new Judging([dataIsList], known);
    judging.judge(entry('GET', '/v2/categories', 429, {}, { headers: { 'retry-after': '1' } }));
    expect(judging.tallies()).toEqual([]);
  });

  it('puts a probe’s minimal failing input first among the evidence, with its note', () => {
    const judging = new Judging([dataIsList], known);
    judging.judge(entry('GET', '/v2/categories?a', 200, { data: 1 }));
    const minimal = entry('GET', '/v2/categories?b', 200, { data: 2 });
    judging.judge(minimal);
    judging.promote(minimal, 'ENV-LIST', 'minimal failing input');
    expect(judging.tallies()[0]?.failures.map((f) => [f.exchange.request.url, f.note])).toEqual([
      ['http://t/v2/categories?b', 'minimal failing input'],
      ['http://t/v2/categories?a', undefined],
    ]);
  });

  it('reports a verdict that throws as an error of the suite, not a failure', () => {
    const broken = rule('ENV-TYPE', {
      exchange: onExchanges({ methods: ['GET'], paths: ['*'] }, () => {
        throw new TypeError('oops');
      }),
    });
    const judging = new Judging([broken], known);
    expect(judging.judge(entry('GET', '/v2/anything', 200, {}))).toEqual([]);
    expect(judging.tallies()).toMatchObject([
      { ruleId: 'ENV-TYPE', judged: 0, errors: [expect.stringContaining('oops')] },
    ]);
  });
});

describe('reading a request as a server does', () => {
  it('decodes parameter names and values, in any spelling and order', () => {
    const query = parseQuery('page%5Boffset%5D=2&page[limit]=1&include=a%2Cb&x=a+b&page[limit]=3');
    expect(query.get('page[limit]')).toBe('1');
    expect(query.all('page[limit]')).toEqual(['1', '3']);
    expect(query.get('page[offset]')).toBe('2');
    expect(query.get('include')).toBe('a,b');
    expect(query.get('x')).toBe('a b');
    expect(query.names).toEqual(['page[offset]', 'page[limit]', 'include', 'x']);
  });

  it('matches a path template segment by segment, decoding the parameters', () => {
    expect(matchPath('/v2/integrations/:id', '/v2/integrations/a%2Fb')).toEqual({ id: 'a/b' });
    expect(matchPath('/v2/integrations/:id', '/v2/integrations/')).toBeUndefined();
    expect(matchPath('/v2/integrations/:id', '/v2/integrations/a/b')).toBeUndefined();
    expect(matchPath('/v2/categories', '/v2/categorie%73')).toEqual({});
    expect(matchPath('*', '/anything/at/all')).toEqual({});
  });
});

describe('Knowledge', () => {
  it('answers what was known when a request was sent', () => {
    let now = 0;
    const k = new Knowledge({ defaultPageLimit: 100, baseUrl: 'http://t' }, () => ++now);
    const before = ++now;
    k.categoryCreated('C');
    k.productLinked('C', 'P1');
    const between = ++now;
    k.productLinked('C', 'P2');
    const after = ++now;
    expect(k.categoryProducts('C', before)).toBeUndefined();
    expect(k.categoryProducts('C', between)).toBeUndefined();
    expect([...(k.categoryProducts('C', after) ?? [])]).toEqual(['P1', 'P2']);
  });

  it('learns from the journal which of its integrations the run deleted', () => {
    let now = 0;
    const k = new Knowledge({ defaultPageLimit: 100, baseUrl: 'http://t' }, () => ++now);
    const sent = {
      integration_type: 'webhook',
      name: 'n',
      description: 'd',
      enabled: true,
      observes: [],
      configuration: { url: 'u' },
    };
    k.integrationCreated('ABCDEF01-0000-4000-8000-000000000000', sent);
    const read = ++now;
    k.learn({ ...entry('DELETE', '/v2/integrations/abcdef01-0000-4000-8000-000000000000', 200, {}) });
    const later = ++now;
    expect(k.integration('abcdef01-0000-4000-8000-000000000000', read)).toEqual({ sent, deleted: false });
    expect(k.integration('ABCDEF01-0000-4000-8000-000000000000', later)?.deleted).toBe(true);
  });
});
