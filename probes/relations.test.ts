import { describe, expect, it } from 'vitest';
import { lookalikeCredentials, MISSING } from '../helpers/auth/lookalikes.ts';
import type { Credentials, Method } from '../helpers/http/journal.ts';
import { ApiResponse } from '../helpers/http/response.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import { exchangeOf } from '../test-support/judge/exchange.ts';
import {
  gateCompositions,
  inFlight,
  LATE_READ_MS,
  parameterNames,
  refusedWrite,
  replayable,
  replayableOf,
  transformed,
} from './relations.ts';
import { appliesTo, transformation } from './space/transformations.ts';

const ORDER = '0b6f3c1e-1111-4222-8333-444455556666';
const TXN = '9a8b7c6d-1111-4222-8333-444455556666';

const sent = (
  method: Method,
  path: string,
  {
    status = 200,
    json,
    credentials = 'token',
  }: { status?: number; json?: unknown; credentials?: Credentials } = {},
) =>
  exchangeOf(
    method,
    path,
    status,
    {},
    {
      credentials,
      options: json === undefined ? { auth: 'token' } : { auth: 'token', json },
    },
  );

describe('parameter names of a kind', () => {
  it('count the page parameters as one, include by name, any other name as one, read decoded', () => {
    expect(parameterNames('/v2/products')).toEqual([]);
    expect(parameterNames('/v2/products?page[limit]=1&page[offset]=2')).toEqual(['page[…]']);
    expect(parameterNames('/v2/categories?page%5Blimit%5D%5Bx%5D=1')).toEqual(['page[…]']);
    expect(parameterNames('/v2/products?include=main_image&page[limit]=3')).toEqual(['include', 'page[…]']);
    expect(parameterNames('/v2/integrations/x?conformance=1&%E0%A4%A=2')).toEqual(['…']);
  });
});

describe('the requests replayed', () => {
  const journal = [
    sent('GET', '/v2/products?page[limit]=3&page[offset]=3'),
    sent('GET', '/v2/products?page[limit]=3&page[offset]=0'),
    sent('GET', '/v2/products?page[limit]=3&page[offset]=0'),
    sent('GET', '/v2/products'),
    sent('GET', '/v2/products?include=categories', { status: 400 }),
    sent('GET', '/v2/categories', { credentials: 'none', status: 401 }),
    sent('GET', '/v2/categories', { credentials: 'respelled' }),
    sent('GET', '/v2/products/abc'),
    sent('GET', '/v2/orders?page[offset]=1'),
    sent('DELETE', '/v2/categories/abc'),
    sent('POST', '/v2/products', { status: 201, json: { data: {} } }),
    sent('POST', '/v2/carts/c1/checkout', { status: 201, json: { data: {} } }),
    sent('POST', `/v2/orders/${ORDER}/payments`, {
      status: 201,
      json: { data: { gateway: 'manual', method: 'authorize' } },
    }),
    sent('POST', `/v2/orders/${ORDER}/payments`, {
      status: 201,
      json: { data: { gateway: 'manual', method: 'authorize' } },
    }),
    sent('POST', `/v2/orders/${ORDER}/transactions/${TXN}/capture`, {
      json: { data: { custom_reference: 'r' } },
    }),
  ];

  it('are those sent with the token to an endpoint of §4 and answered 2xx, each distinct one once (a body is part of it), sorted by kind then path', () => {
    const requests = replayable(journal);
    expect(requests.map((r) => `${r.kind} | ${r.path}`)).toEqual([
      'GET /v2/products | /v2/products',
      'GET /v2/products?page[…] | /v2/products?page[limit]=3&page[offset]=0',
      'GET /v2/products?page[…] | /v2/products?page[limit]=3&page[offset]=3',
      `POST /v2/orders/:orderId/payments | /v2/orders/${ORDER}/payments`,
      `POST /v2/orders/:orderId/transactions/:transactionId/capture | /v2/orders/${ORDER}/transactions/${TXN}/capture`,
    ]);
    expect(requests[4]?.options).toEqual({ json: { data: { custom_reference: 'r' } } });
  });

  it('do not depend on the order they were sent in', () => {
    expect(replayable([...journal].reverse())).toEqual(replayable(journal));
  });

  it('one by one as they are journaled, each with its kind (what the gate replays one of)', () => {
    expect(journal.map((entry) => replayableOf(entry)?.kind)).toEqual(
      journal.map((entry) => replayable([entry])[0]?.kind),
    );
    expect(new Set(journal.map((entry) => replayableOf(entry)?.kind))).toEqual(
      new Set([undefined, ...replayable(journal).map((r) => r.kind)]),
    );
  });
});

describe('a write without valid credentials', () => {
  const fakeRun = (depth: 'gate' | 'deep', log: string[], states: string[][]) => {
    const at = performance.now();
    const answer = (what: string) => async () => {
      log.push(`${what} at ${Math.round((performance.now() - at) / 100) * 100}`);
      const state = what === 'read' ? (states.shift() ?? []) : [];
      return new ApiResponse(
        what === 'read' ? 200 : 401,
        {},
        JSON.stringify({ data: state.map((id) => ({ id })) }),
        sent('GET', '/').evidence,
      );
    };
    return {
      api: { get: answer('read'), send: answer('write') },
      settings: { depth },
    } as unknown as SuiteRun;
  };

  it('reads its record, sends the write and reads the record again at once in the gate', async () => {
    const log: string[] = [];
    const run = fakeRun('gate', log, []);
    const request = { method: 'POST' as const, path: `/v2/orders/${ORDER}/payments`, options: {} };
    const result = await refusedWrite(run, { request, credential: MISSING }).send();
    expect(result).toMatchObject({ before: ['GET transactions: 2xx'], when: 'read again at once' });
    expect(log).toEqual(['read at 0', 'write at 0', 'read at 0']);
  });

  it(`reads its record again ${LATE_READ_MS} ms after the answer in the deep profile, so a late change is its own`, async () => {
    const log: string[] = [];
    const TXN_ORDER = '0b6f3c1e-2222-4222-8333-444455556666';
    const run = fakeRun('deep', log, [['a'], ['a', 'b']]);
    const request = {
      method: 'POST' as const,
      path: `/v2/orders/${TXN_ORDER}/transactions/${TXN}/capture`,
      options: {},
    };
    const result = await refusedWrite(run, { request, credential: MISSING }).send();
    expect(log).toEqual(['read at 0', 'write at 0', `read at ${LATE_READ_MS}`]);
    expect(result.when).toBe(`read again ${LATE_READ_MS} ms after the answer`);
    expect(result.after).not.toEqual(result.before);
  });
});

describe('the gate composes the credentials', () => {
  const lookalikes = lookalikeCredentials('conformance-token');
  const all = gateCompositions(lookalikes);
  const shown = all.map((c) => `${c.entry.id} + ${c.also?.id ?? '-'}`);

  it('without Authorization with every method and path spelling, a well-formed invalid token with every method, once each', () => {
    for (const also of ['HEAD instead of GET', 'method OPTIONS', 'method PROPFIND']) {
      expect(shown.filter((s) => s === `without Authorization + ${also}`)).toHaveLength(1);
      expect(shown.filter((s) => s === `an invalid token + ${also}`)).toHaveLength(1);
    }
    expect(shown.filter((s) => s === 'without Authorization + path: a dot segment (/./)')).toHaveLength(1);
    expect(shown).not.toContain('an invalid token + path: a dot segment (/./)');
    for (const c of all.filter((c) => c.also))
      expect(lookalikes[c.lookalike ?? -1]?.auth ?? 'none').toSatisfy(
        (auth) => auth === 'none' || /^Bearer \S+$/.test((auth as { authorization: string }).authorization),
      );
  });

  it('with the header spellings only where there is a header, and every other lookalike alone', () => {
    expect(shown).not.toContain('without Authorization + Authorization named authorization');
    expect(shown).toContain('an invalid token + the scheme in lower case (bearer)');
    const sent = new Set(all.map((c) => c.lookalike));
    expect(lookalikes.every((_, k) => sent.has(k))).toBe(true);
  });

  it('every lookalike on a request otherwise served: a spelling a server may refuse takes the first only', () => {
    const served = (c: (typeof all)[number]) => c.also === undefined || c.also.relation === 'equivalent';
    const first = all.find(
      (c) => c.entry.id === 'an invalid token' && c.also?.id === 'method PUT',
    )?.lookalike;
    for (const c of all.filter((c) => c.entry.id === 'an invalid token' && !served(c)))
      expect(c.lookalike, c.also?.id).toBe(first);
    const tried = new Set(
      all.filter((c) => c.entry.id === 'an invalid token' && served(c)).map((c) => c.lookalike),
    );
    expect(lookalikes.filter((_, k) => k !== first && !tried.has(k))).toEqual([]);
  });

  it('on read endpoints the spelling fits, shared out between them', () => {
    for (const c of all) {
      expect(c.endpoint.startsWith('GET ')).toBe(true);
      if (c.also) expect(appliesTo(c.also, 'GET', c.endpoint.slice(4))).toBe(true);
    }
    expect(new Set(all.map((c) => c.endpoint)).size).toBe(5);
  });
});

describe('a transformed request', () => {
  it('carries what it was made from; a composed spelling edits what the entry made; a path no template matches says what it means', () => {
    const r = { method: 'GET' as const, path: '/v2/products?page[limit]=1', options: {} };
    const out = transformed(
      transformation('an invalid token') as never,
      r,
      { token: 'tok', invalid: 'Bearer x' },
      transformation('path: a dot segment (/./)'),
    );
    expect(out?.path).toBe('/v2/./products?page[limit]=1');
    expect(out?.options.auth).toEqual({ authorization: 'Bearer x' });
    expect(out?.options.transformed).toEqual({
      id: 'an invalid token',
      relation: 'must refuse',
      method: 'GET',
      template: '/v2/products',
      also: 'path: a dot segment (/./)',
      means: '/v2/products',
    });
  });
});

describe('equivalent transformations in flight', () => {
  const read = (path: string) => ({ method: 'GET' as const, path, options: {} });
  const check = { kind: 'check', name: 'c' } as const;

  it('give each request of an endpoint an entry that fits, each entry once first, then every other request plain', () => {
    const transform = inFlight('tok');
    const ids = Array.from(
      { length: 40 },
      () => transform(read('/v2/categories?page[limit]=1&page[offset]=0'), check)?.options.transformed?.id,
    );
    const first = ids.slice(0, ids.indexOf(undefined));
    expect(new Set(first).size).toBe(first.length);
    expect(first).toContain('query: parameters in another order');
    expect(ids.filter((id) => id === undefined).length).toBeGreaterThan(5);
  });

  it("leave alone what is not the run's own request with the token, or goes to no endpoint of §4", () => {
    const transform = inFlight('tok');
    expect(transform(read('/v2/products'), { kind: 'replay', name: 'r' })).toBeUndefined();
    expect(transform({ ...read('/v2/products'), options: { auth: 'none' } }, check)).toBeUndefined();
    expect(transform(read('/v2/carts/1'), check)).toBeUndefined();
  });

  it("give a generated input's request the same entry each time it is sent, so that a replay sends it alike", () => {
    const source = { kind: 'generated', name: 'g', input: 'x=1' } as const;
    const [a, b] = [inFlight('tok'), inFlight('tok')];
    for (let i = 0; i < 3; i++) a(read('/v2/products?page[limit]=1'), check);
    const once = a(read('/v2/products?page[limit]=2'), source)?.options.transformed?.id;
    for (let i = 0; i < 3; i++) b(read('/v2/products?page[limit]=1'), check);
    expect(b(read('/v2/products?page[limit]=2'), source)?.options.transformed?.id).toBe(once);
  });
});
