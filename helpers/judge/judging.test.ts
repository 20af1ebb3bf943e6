import { describe, expect, it } from 'vitest';
import { exchangeOf, judgingContext, tick } from '../../test-support/judge/exchange.ts';
import { matchPath, parseQuery } from '../http/journal.ts';
import { Judging } from './judging.ts';
import { Knowledge } from './knowledge.ts';
import { rule } from './rule.ts';

const dataIsList = rule({
  id: 'LIST',
  level: 'MUST',
  section: '§2',
  title: 'a list',
  exchange: {
    scope: { methods: ['GET'], paths: ['/v2/categories'] },
    judge: (x, t) => t.expectArray(x.response.data, 'data', x.response),
  },
});
const refused = rule({
  id: 'REFUSED',
  level: 'SHOULD',
  section: '§4.2',
  title: 'refused',
  exchange: {
    scope: { methods: ['GET'], paths: ['/v2/integrations/:id'], status: 'not 5xx' },
    judge: (x, t) => {
      t.need(t.known.isMadeUp(x.params.id as string), 'not made up');
      t.expectStatus(x.response, '4xx');
    },
  },
});

describe('Judging', () => {
  it('judges an exchange by every rule whose scope matches, and tallies by sender', () => {
    const judging = new Judging([dataIsList, refused], judgingContext());
    expect(judging.judge(exchangeOf('GET', '/v2/categories?page[limit]=1', 200, { data: [] }))).toEqual([]);
    const failures = judging.judge(exchangeOf('GET', '/v2/categories', 200, { data: {} }));
    expect(failures.map((f) => f.ruleId)).toEqual(['LIST']);
    judging.judge(exchangeOf('GET', '/v2/categories', 404, {}));
    judging.judge(exchangeOf('POST', '/v2/categories', 200, { data: {} }));
    judging.judge(exchangeOf('GET', '/v2/categories', 200, { data: {} }, { credentials: 'none' }));
    expect(judging.tallies()).toMatchObject([
      {
        rule: { id: 'LIST' },
        judged: 2,
        failed: 1,
        bySource: { check: 2 },
        failures: [{ source: { name: 'a check' } }],
      },
    ]);
  });

  it('judges the token spelled another way as the token once it was taken, and any method under "*"', () => {
    const anyMethod = rule({
      id: 'ANY',
      level: 'MUST',
      section: '§7',
      title: 'any',
      exchange: {
        scope: { methods: ['*'], paths: ['*'], status: 'any' },
        judge: (x, t) => t.expectStatus(x.response, 'not 5xx'),
      },
    });
    const judging = new Judging([dataIsList, anyMethod], judgingContext());
    const respelled = (status: number) =>
      exchangeOf('GET', '/v2/categories', status, { data: {} }, { credentials: 'respelled' });
    expect(judging.judge(respelled(200)).map((f) => f.ruleId)).toEqual(['LIST']);
    expect(judging.judge(respelled(401))).toEqual([]);
    expect(judging.judge(exchangeOf('PROPFIND', '/v2/x', 500)).map((f) => f.ruleId)).toEqual(['ANY']);
  });

  it('leaves unjudged what a verdict does not apply to, and never judges a 5xx under a "not 5xx" scope', () => {
    const context = judgingContext();
    const judging = new Judging([refused], context);
    judging.judge(exchangeOf('GET', '/v2/integrations/abc', 200, { data: {} }));
    context.known.madeUp('made-up');
    judging.judge(exchangeOf('GET', '/v2/integrations/made-up', 500, {}));
    expect(judging.tallies()).toEqual([]);
    expect(
      judging.judge(exchangeOf('GET', '/v2/integrations/made-up', 200, { data: {} })).map((f) => f.ruleId),
    ).toEqual(['REFUSED']);
  });

  it('judges a rule after the rules it requires, and not an exchange one of them fails', () => {
    const dataHasItems = rule({
      id: 'ITEMS',
      level: 'MUST',
      section: '§2',
      title: 'items',
      requires: [dataIsList],
      exchange: {
        scope: { methods: ['GET'], paths: ['/v2/categories'] },
        judge: (x, t) => t.assert((x.response.data as unknown[]).length > 0, 'items', 'none'),
      },
    });
    // Declared before the rule it requires: judged after it all the same.
    const judging = new Judging([dataHasItems, dataIsList], judgingContext());
    expect(
      judging.judge(exchangeOf('GET', '/v2/categories', 200, { data: {} })).map((f) => f.ruleId),
    ).toEqual(['LIST']);
    expect(
      judging.judge(exchangeOf('GET', '/v2/categories', 200, { data: [] })).map((f) => f.ruleId),
    ).toEqual(['ITEMS']);
  });

  it('never judges an answer that declines the request for now (429 / 503 with Retry-After)', () => {
    const judging = new Judging([dataIsList], judgingContext());
    judging.judge(exchangeOf('GET', '/v2/categories', 429, {}, { headers: { 'retry-after': '1' } }));
    expect(judging.tallies()).toEqual([]);
  });

  it('puts a probe’s minimal failing input first among the evidence, with its note', () => {
    const judging = new Judging([dataIsList], judgingContext());
    judging.judge(exchangeOf('GET', '/v2/categories?a', 200, { data: 1 }));
    const minimal = exchangeOf('GET', '/v2/categories?b', 200, { data: 2 });
    judging.judge(minimal);
    judging.promote(minimal, 'LIST', 'minimal failing input');
    expect(judging.tallies()[0]?.failures.map((f) => [f.evidence.request.url, f.note])).toEqual([
      ['http://t/v2/categories?b', 'minimal failing input'],
      ['http://t/v2/categories?a', undefined],
    ]);
  });

  it('reports a verdict that throws as an error of the suite, not a failure', () => {
    const broken = rule({
      id: 'BROKEN',
      level: 'MUST',
      section: '§2',
      title: 'broken',
      exchange: {
        scope: { methods: ['GET'], paths: ['*'] },
        judge: () => {
          throw new TypeError('oops');
        },
      },
    });
    const judging = new Judging([broken], judgingContext());
    expect(judging.judge(exchangeOf('GET', '/v2/anything', 200, {}))).toEqual([]);
    expect(judging.tallies()).toMatchObject([
      { rule: { id: 'BROKEN' }, judged: 0, errors: [expect.stringContaining('oops')] },
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
  });

  it('gives an exchange the one endpoint template its path matches, with its parameters', () => {
    const x = exchangeOf('GET', '/v2/orders/o%201/transactions?page[limit]=1', 200, { data: [] });
    expect([x.template, x.params, x.path]).toEqual([
      '/v2/orders/:orderId/transactions',
      { orderId: 'o 1' },
      '/v2/orders/o%201/transactions',
    ]);
    expect(exchangeOf('GET', '/v2/no-such-route', 404).template).toBe('');
  });
});

describe('Knowledge', () => {
  it('answers what was known when a request was sent', () => {
    const k = new Knowledge(tick);
    const before = tick();
    k.categoryCreated('C');
    k.categoryChanged('C', 'P1');
    const between = tick();
    k.categoryChanged('C', 'P2');
    const after = tick();
    expect(k.categoryProducts('C', before)).toBeUndefined();
    expect(k.categoryProducts('C', between)).toBeUndefined();
    expect([...(k.categoryProducts('C', after) ?? [])]).toEqual(['P1', 'P2']);
  });

  it('learns from the journal which of its integrations the run deleted', () => {
    const k = new Knowledge(tick);
    const sent = {
      integration_type: 'webhook',
      name: 'n',
      description: 'd',
      enabled: true,
      observes: [],
      configuration: { url: 'u' },
    };
    k.integrationCreated('ABCDEF01-0000-4000-8000-000000000000', sent);
    const read = tick();
    k.learn(exchangeOf('DELETE', '/v2/integrations/abcdef01-0000-4000-8000-000000000000', 200, {}));
    const later = tick();
    expect(k.integration('abcdef01-0000-4000-8000-000000000000', read)).toEqual({ sent, deleted: false });
    expect(k.integration('ABCDEF01-0000-4000-8000-000000000000', later)?.deleted).toBe(true);
  });
});
