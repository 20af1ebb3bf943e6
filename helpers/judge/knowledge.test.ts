import { describe, expect, it } from 'vitest';
import { exchangeOf, tick } from '../../test-support/judge/exchange.ts';
import type { Credentials, Source } from '../http/journal.ts';
import { Knowledge } from './knowledge.ts';

const known = () => new Knowledge(tick);

/** A GET of `path` answered `status` with `body`, sent now. */
const entry = (path: string, body: unknown, status = 200, credentials: Credentials = 'token') =>
  exchangeOf('GET', path, status, body, { credentials });

const link = (offset: number) => `http://t/v2/categories?page[limit]=1&page[offset]=${offset}`;
const VALID = {
  data: [{ id: 'a', type: 'category' }],
  links: { current: link(0), first: link(0), last: link(0), prev: null, next: null },
  meta: { page: { limit: 1, offset: 0, current: 1, total: 1 }, results: { total: 1 } },
};
const BARE = { data: [{ id: 'a', type: 'category' }] };

describe('what the run saw of the listings’ ordinary pages', () => {
  it('knows whether the ordinary pages seen before the request had a valid listing envelope', () => {
    const k = known();
    const beforeAll = tick();
    k.learn(entry('/v2/categories', VALID));
    expect(k.listingEnvelope('/v2/categories', beforeAll)).toBeUndefined();
    expect(k.listingEnvelope('/v2/categories', tick())).toBe('valid');
    const before = tick();
    k.learn(entry('/v2/categories?page%5Blimit%5D=1', BARE));
    expect(k.listingEnvelope('/v2/categories', before)).toBe('valid');
    expect(k.listingEnvelope('/v2/categories', tick())).toBe('invalid');
    k.learn(entry('/v2/categories', VALID));
    expect(k.listingEnvelope('/v2/categories', tick())).toBe('invalid');
    expect(k.listingEnvelope('/v2/products', tick())).toBeUndefined();
    k.begin();
    expect(k.listingEnvelope('/v2/categories', tick())).toBeUndefined();
  });

  it('learns nothing from pages that are not ordinary, refused, sent without the token, or empty without meta', () => {
    const k = known();
    for (const path of [
      '/v2/categories?page[limit]=101',
      '/v2/categories?page[offset]=10001',
      '/v2/categories?page[limit]=abc',
      '/v2/categories?page[limit]=1&page[limit]=2',
      '/v2/categories/x',
      '/v2/orders',
    ])
      k.learn(entry(path, BARE));
    k.learn(entry('/v2/categories', BARE, 400));
    k.learn(entry('/v2/categories', BARE, 200, 'none'));
    k.learn(entry('/v2/categories?page[offset]=5', { data: [], links: VALID.links, meta: {} }));
    expect(k.listingEnvelope('/v2/categories', tick())).toBeUndefined();
  });
});

function knowledge() {
  let clock = 0;
  const known = new Knowledge(() => ++clock);
  return { known, tick: () => ++clock };
}

describe('Knowledge: made-up include names', () => {
  it('knows a made-up name in any case and with spaces around it, and nothing else', () => {
    const { known } = knowledge();
    known.includeMadeUp('conformance_unsupported');
    expect(known.isMadeUpInclude('conformance_unsupported')).toBe(true);
    expect(known.isMadeUpInclude(' Conformance_Unsupported ')).toBe(true);
    expect(known.isMadeUpInclude('products')).toBe(false);
    expect(known.isMadeUpInclude('conformance_unsupported_2')).toBe(false);
  });

  it('keeps them over a new suite file', () => {
    const { known } = knowledge();
    known.includeMadeUp('conformance_x');
    known.begin();
    expect(known.isMadeUpInclude('conformance_x')).toBe(true);
  });
});

describe('Knowledge: the products of the run’s categories', () => {
  it('answers what was known when a request was sent, and nothing once a product is linked later', () => {
    const { known, tick } = knowledge();
    known.categoryCreated('c');
    const afterCreate = tick();
    known.categoryChanged('c', 'p');
    const afterLink = tick();
    expect(known.categoryProducts('c', afterLink)).toEqual(new Set(['p']));
    // Sent before the link was made: what the category held then is no longer a fact.
    expect(known.categoryProducts('c', afterCreate)).toBeUndefined();
    expect(known.categoryProducts('other', afterLink)).toBeUndefined();
  });
});

describe('Knowledge: a product deleted', () => {
  const P = '5f0c2a7e-0000-4222-8333-444455556666';
  const deleted = (status: number) => exchangeOf('DELETE', `/v2/products/${P}`, status, undefined);

  it('is related by none of the run’s categories from its answer on, and nothing is known while it is under way', () => {
    const { known, tick } = knowledge();
    known.categoryCreated('c');
    known.categoryChanged('c', P);
    known.categoryChanged('c', 'q');
    const linked = tick();
    expect(known.productChanging(P)).toEqual(['c']);
    expect(known.categoryProducts('c', linked)).toBeUndefined();
    known.learn(deleted(204));
    expect(known.categoryProducts('c', tick())).toBeUndefined();
    known.categoryChanged('c');
    expect(known.categoryProducts('c', linked)).toBeUndefined();
    expect(known.categoryProducts('c', tick())).toEqual(new Set(['q']));
  });

  it('leaves what a category relates unknown when the delete was refused', () => {
    const { known, tick } = knowledge();
    known.categoryCreated('c');
    known.categoryChanged('c', P);
    known.productChanging(P);
    known.learn(deleted(409));
    expect(known.categoryProducts('c', tick())).toBeUndefined();
  });
});

describe('Knowledge: a link in flight', () => {
  it('knows nothing of what a category relates while a link to it is under way', () => {
    let now = 0;
    const k = new Knowledge(() => ++now);
    k.categoryCreated('C');
    const before = ++now;
    expect(k.categoryProducts('C', before)?.size).toBe(0);
    k.categoryChanging('C');
    const during = ++now;
    // Judged as they are answered: a read answered while a link is under way is held to nothing (the server
    // may have served it before or after the link), whenever it was sent.
    expect(k.categoryProducts('C', before)).toBeUndefined();
    expect(k.categoryProducts('C', during)).toBeUndefined();
    k.categoryChanged('C', 'P');
    const after = ++now;
    expect(k.categoryProducts('C', during)).toBeUndefined();
    expect([...(k.categoryProducts('C', after) ?? [])]).toEqual(['P']);
  });

  it('knows nothing until every link begun on the category is answered (two in flight at once)', () => {
    let now = 0;
    const k = new Knowledge(() => ++now);
    k.categoryCreated('C');
    k.categoryChanging('C');
    k.categoryChanging('C');
    k.categoryChanged('C', 'P');
    expect(k.categoryProducts('C', ++now)).toBeUndefined();
    k.categoryChanged('C', 'Q');
    expect([...(k.categoryProducts('C', ++now) ?? [])]).toEqual(['P', 'Q']);
  });
});

const ID = '5f0c2a7e-1111-4222-8333-444455556666';
const SENT = {
  integration_type: 'webhook',
  name: 'n',
  description: 'd',
  enabled: true,
  observes: ['order.fulfilled'],
  configuration: { url: 'https://hooks.example.com/x' },
};

function setUp() {
  const known = new Knowledge(tick);
  const deleted = (credentials: Credentials, status: number) =>
    exchangeOf('DELETE', `/v2/integrations/${ID}`, status, undefined, { credentials });
  return { known, now: tick, deleted };
}

describe('what the run knows of its integrations', () => {
  it('that it deleted one: a 2xx DELETE with the token, for what was sent afterwards', () => {
    const { known, now, deleted } = setUp();
    known.integrationCreated(ID, SENT);
    const before = now();
    known.learn(deleted('token', 204));
    expect(known.integration(ID, before)).toEqual({ sent: SENT, deleted: false });
    expect(known.integration(ID.toUpperCase(), now())).toEqual({ sent: SENT, deleted: true });
  });

  it('nothing more once a DELETE of it went without valid credentials, whatever the answer', () => {
    for (const credentials of ['none', 'other', 'respelled'] as const) {
      const { known, now, deleted } = setUp();
      known.integrationCreated(ID, SENT);
      const before = now();
      known.learn(deleted(credentials, 401));
      expect(known.integration(ID, before), credentials).toEqual({ sent: SENT, deleted: false });
      expect(known.integration(ID, now()), credentials).toBeUndefined();
    }
  });
});

describe('the same read in another spelling', () => {
  const input: Source = { kind: 'generated', name: 'probe: spellings', input: 'one input' };
  const read = (target: string, options = {}, source = input) =>
    exchangeOf('GET', target, 200, { data: [] }, { source, options });

  it('is the read its sender sent just before, asking the same thing spelt another way', () => {
    const k = known();
    const plain = read('/v2/products?include=categories&page[limit]=2');
    k.learn(plain);
    expect(k.spelledAlike(read('/v2/products?page%5Blimit%5D=2&include=categories'))).toBe(plain);
    expect(
      k.spelledAlike(
        read('/v2/products?include=categories&page[limit]=2', {
          auth: { authorization: 'Bearer t', name: 'authorization' },
        }),
      ),
    ).toBe(plain);
  });

  it('is none once a write went to its record, whatever its credentials: the write may have changed it', () => {
    const named = { auth: { authorization: 'Bearer t', name: 'authorization' } };
    for (const credentials of ['other', 'token'] as const) {
      const k = known();
      const id = '0b6f3c1e-1111-4222-8333-444455556666';
      k.learn(read(`/v2/integrations/${id}`));
      expect(k.spelledAlike(read(`/v2/integrations/${id}`, named))).toBeDefined();
      k.learn(exchangeOf('DELETE', `/v2/integrations/${id}`, 200, {}, { credentials, source: input }));
      expect(k.spelledAlike(read(`/v2/integrations/${id}`, named)), credentials).toBeUndefined();
    }
  });

  it('is none once a write named its record in the body: a link changes what a category includes', () => {
    const k = known();
    const category = 'c-1';
    k.learn(read(`/v2/categories/${category}?include=products`));
    const link = { json: { data: [{ type: 'category', id: category }] } };
    k.learn(
      exchangeOf(
        'POST',
        '/v2/products/p-1/relationships/categories',
        204,
        {},
        { options: link, source: input },
      ),
    );
    const respelt = read(`/v2/categories/${category}?include=products`, {
      auth: { authorization: 'Bearer t', name: 'authorization' },
    });
    expect(k.spelledAlike(respelt)).toBeUndefined();
  });

  it('is none for the same spelling, another request or another sender', () => {
    const k = known();
    k.learn(read('/v2/products?page[limit]=2'));
    expect(k.spelledAlike(read('/v2/products?page[limit]=2'))).toBeUndefined();
    expect(k.spelledAlike(read('/v2/products?page[limit]=3'))).toBeUndefined();
    expect(
      k.spelledAlike(read('/v2/products?page%5Blimit%5D=2', {}, { ...input, input: 'another' })),
    ).toBeUndefined();
  });
});
