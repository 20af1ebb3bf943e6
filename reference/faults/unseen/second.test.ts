import { describe, expect, it } from 'vitest';
import {
  createIntegrationOf,
  type Json,
  onBoth,
  type TestClient,
  txnPath,
} from '../../../test-support/reference/client.ts';

const WEBHOOK = {
  type: 'integration',
  integration_type: 'webhook',
  name: 'Fulfilment hook',
  description: 'Told when an order is fulfilled',
  enabled: true,
  observes: ['order.fulfilled'],
  configuration: { url: 'https://hooks.example.org/fulfilled' },
};

const createIntegration = (client: TestClient, overrides: Record<string, unknown> = {}) =>
  createIntegrationOf(client, { ...WEBHOOK, ...overrides });

/** An order of one product with a manual authorization on it. */
async function authorized(client: TestClient): Promise<{ orderId: string; txnId: string }> {
  const order = await client.createOrderOf(2500);
  const txn = await client.authorize(order.id);
  return { orderId: order.id, txnId: txn.id };
}

const PURCHASE = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_mastercard' };

async function createCategories(client: TestClient, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await client.createCategory();
}

const offsetOf = (url: string | null) =>
  url === null ? null : Number(/page\[offset\]=(-?\d+)/.exec(url)?.[1]);

describe('auth-token-prefix-match (AUTH-INVALID)', () => {
  it('accepts the right token followed by extra characters', async () => {
    const { clean, faulty } = await onBoth('auth-token-prefix-match', async (client) => {
      const longer = await client.get('/v2/products', { token: 'test-token-and-more' });
      const shorter = await client.get('/v2/products', { token: 'test-tok' });
      return [longer.status, Array.isArray(longer.body.data), shorter.status];
    });
    expect(clean).toEqual([401, false, 401]);
    expect(faulty).toEqual([200, true, 401]);
  });
});

describe('auth-empty-bearer-token-passes (AUTH-INVALID)', () => {
  it('lets a Bearer scheme without a token through', async () => {
    const { clean, faulty } = await onBoth('auth-empty-bearer-token-passes', async (client) => {
      const integration = await createIntegration(client);
      const bare = await client.get(`/v2/integrations/${integration.id}`, {
        token: null,
        headers: { authorization: 'Bearer' },
      });
      const wrong = await client.get(`/v2/integrations/${integration.id}`, { token: 'nope' });
      return [bare.status, bare.body.data?.id === integration.id, wrong.status];
    });
    expect(clean).toEqual([401, false, 401]);
    expect(faulty).toEqual([200, true, 401]);
  });
});

describe('auth-anonymous-catalogue-reads (AUTH-REQUIRED)', () => {
  it('serves catalogue reads without Authorization, but not other endpoints or wrong tokens', async () => {
    const { clean, faulty } = await onBoth('auth-anonymous-catalogue-reads', async (client) => {
      const category = await client.createCategory();
      const urls = ['/v2/products', '/v2/categories', `/v2/categories/${category.id}?include=products`];
      const answers = [];
      for (const url of urls) answers.push((await client.get(url, { token: null })).status);
      answers.push((await client.get('/v2/categories', { token: 'wrong' })).status);
      const integration = await createIntegration(client);
      answers.push((await client.get(`/v2/integrations/${integration.id}`, { token: null })).status);
      return answers;
    });
    expect(clean).toEqual([401, 401, 401, 401, 401]);
    expect(faulty).toEqual([200, 200, 200, 401, 401]);
  });
});

describe('auth-401-plain-text (HTTP-JSON)', () => {
  it('answers a missing or wrong token with a text/plain body', async () => {
    const { clean, faulty } = await onBoth('auth-401-plain-text', async (client) => {
      const missing = await client.get('/v2/products', { token: null });
      const wrong = await client.get('/v2/products', { token: 'wrong' });
      const served = await client.get('/v2/products');
      return [missing, wrong, served].map((res) => [
        res.status,
        String(res.headers['content-type']).split(';')[0],
      ]);
    });
    expect(clean).toEqual([
      [401, 'application/json'],
      [401, 'application/json'],
      [200, 'application/json'],
    ]);
    expect(faulty).toEqual([
      [401, 'text/plain'],
      [401, 'text/plain'],
      [200, 'application/json'],
    ]);
  });
});

describe('capture-custom-reference-trimmed (TXN-CAPTURE-REF)', () => {
  it('answers a custom_reference with surrounding spaces trimmed', async () => {
    const { clean, faulty } = await onBoth('capture-custom-reference-trimmed', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const res = await client.post(txnPath(orderId, txnId, 'capture'), {
        data: { custom_reference: '  pay-ref 42 ' },
      });
      return [res.status, res.body.data.custom_reference];
    });
    expect(clean).toEqual([200, '  pay-ref 42 ']);
    expect(faulty).toEqual([200, 'pay-ref 42']);
  });
});

describe('refund-meta-null (TXN-REFUND-NO-META)', () => {
  it('answers the refund with meta: null', async () => {
    const { clean, faulty } = await onBoth('refund-meta-null', async (client) => {
      const { orderId, txnId } = await authorized(client);
      await client.post(txnPath(orderId, txnId, 'capture'));
      const res = await client.post(txnPath(orderId, txnId, 'refund'));
      return [res.status, res.body.data.transaction_type, 'meta' in res.body.data, res.body.data.meta];
    });
    expect(clean).toEqual([200, 'refund', false, undefined]);
    expect(faulty).toEqual([200, 'refund', true, null]);
  });
});

describe('transaction-display-price-first-item (TXN-AMOUNT)', () => {
  it("shows the first item's price on a transaction of a two-item order", async () => {
    const { clean, faulty } = await onBoth('transaction-display-price-first-item', async (client) => {
      const price = (amount: number) => [{ amount, currency: 'USD', includes_tax: true }];
      const a = await client.createProduct({ price: price(1000) });
      const b = await client.createProduct({ price: price(250) });
      const pair = await client.createOrder([a.id, b.id]);
      const single = await client.createOrder([b.id]);
      const answers = [];
      for (const order of [pair, single]) {
        await client.authorize(order.id);
        const [txn] = await client.transactions(order.id);
        answers.push([txn.amount, txn.meta.display_price.amount]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [1250, 1250],
      [250, 250],
    ]);
    expect(faulty).toEqual([
      [1250, 1000],
      [250, 250],
    ]);
  });
});

describe('transactions-list-one-per-gateway (TXN-LIST)', () => {
  it('lists only the latest of two manual authorizations', async () => {
    const { clean, faulty } = await onBoth('transactions-list-one-per-gateway', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const second = await client.authorize(orderId);
      await client.post(`/v2/orders/${orderId}/payments`, { data: PURCHASE });
      const listed = await client.transactions(orderId);
      return [listed.length, listed.some((t: Json) => t.id === txnId), listed[0].id === second.id];
    });
    expect(clean).toEqual([3, true, false]);
    expect(faulty).toEqual([2, false, true]);
  });
});

describe('refund-order-relationship-is-transaction (TXN-ORDER)', () => {
  it("names the transaction instead of the order in the refund's relationships", async () => {
    const { clean, faulty } = await onBoth('refund-order-relationship-is-transaction', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const captured = await client.post(txnPath(orderId, txnId, 'capture'));
      const refunded = await client.post(txnPath(orderId, txnId, 'refund'));
      return [captured, refunded].map((res) => res.body.data.relationships.order.data.id === orderId);
    });
    expect(clean).toEqual([true, true]);
    expect(faulty).toEqual([true, false]);
  });
});

describe('confirm-gateway-legacy-name (TXN-CONFIRM)', () => {
  it('answers the confirm with gateway stripe_payment_intents', async () => {
    const { clean, faulty } = await onBoth('confirm-gateway-legacy-name', async (client) => {
      const order = await client.createOrderOf(900);
      const started = await client.post(`/v2/orders/${order.id}/payments`, { data: PURCHASE });
      const res = await client.post(txnPath(order.id, started.body.data.id, 'confirm'), { data: PURCHASE });
      const [listed] = await client.transactions(order.id);
      return [res.status, res.body.data.gateway, listed.gateway];
    });
    expect(clean).toEqual([200, 'card_payment_intents', 'card_payment_intents']);
    expect(faulty).toEqual([200, 'stripe_payment_intents', 'card_payment_intents']);
  });
});

describe('authorize-other-gateway-recorded-before-refusal (TXN-AUTHORIZE-MANUAL-ONLY)', () => {
  it('refuses an authorize of another gateway but leaves a transaction on the order', async () => {
    const { clean, faulty } = await onBoth(
      'authorize-other-gateway-recorded-before-refusal',
      async (client) => {
        const order = await client.createOrderOf(700);
        const res = await client.post(`/v2/orders/${order.id}/payments`, {
          data: { gateway: 'card_payment_intents', method: 'authorize' },
        });
        const listed = await client.transactions(order.id);
        return [res.status, listed.map((t: Json) => t.gateway)];
      },
    );
    expect(clean).toEqual([422, []]);
    expect(faulty).toEqual([422, ['card_payment_intents']]);
  });
});

describe('confirm-unknown-transaction-starts-purchase (TXN-UNKNOWN)', () => {
  it('confirms a transaction id the order does not have, making a new purchase', async () => {
    const { clean, faulty } = await onBoth('confirm-unknown-transaction-starts-purchase', async (client) => {
      const order = await client.createOrderOf(1200);
      const unknown = 'a1b2c3d4-0000-4000-8000-000000000001';
      const res = await client.post(txnPath(order.id, unknown, 'confirm'), { data: PURCHASE });
      const listed = await client.transactions(order.id);
      return [res.status, typeof res.body.data?.payment_intent?.client_secret, listed.length];
    });
    expect(clean).toEqual([404, 'undefined', 0]);
    expect(faulty).toEqual([200, 'string', 1]);
  });
});

describe('capture-updated-at-epoch-number (TXN-SCHEMA)', () => {
  it('gives a captured transaction a numeric updated_at', async () => {
    const { clean, faulty } = await onBoth('capture-updated-at-epoch-number', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const before = (await client.transactions(orderId))[0].meta.timestamps.updated_at;
      const res = await client.post(txnPath(orderId, txnId, 'capture'));
      const listed = (await client.transactions(orderId))[0].meta.timestamps.updated_at;
      return [typeof before, typeof res.body.data.meta.timestamps.updated_at, typeof listed];
    });
    expect(clean).toEqual(['string', 'string', 'string']);
    expect(faulty).toEqual(['string', 'number', 'number']);
  });
});

describe('payments-content-type-exact-match (TXN-AUTHORIZE)', () => {
  it('refuses an authorize whose Content-Type has a charset or other case', async () => {
    const { clean, faulty } = await onBoth('payments-content-type-exact-match', async (client) => {
      const order = await client.createOrderOf(1500);
      const body = { data: { gateway: 'manual', method: 'authorize' } };
      const answers = [];
      for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
        const res = await client.post(`/v2/orders/${order.id}/payments`, body, {
          headers: { 'content-type': type },
        });
        answers.push(res.status);
      }
      answers.push((await client.transactions(order.id)).length);
      return answers;
    });
    expect(clean).toEqual([201, 201, 201, 3]);
    expect(faulty).toEqual([201, 415, 415, 1]);
  });
});

describe('payments-without-data-500 (HTTP-NO-5XX)', () => {
  it('answers 500 to a payment body without data', async () => {
    const { clean, faulty } = await onBoth('payments-without-data-500', async (client) => {
      const order = await client.createOrderOf(1500);
      const path = `/v2/orders/${order.id}/payments`;
      const flat = await client.post(path, { gateway: 'manual', method: 'authorize' });
      const none = await client.post(path);
      const good = await client.post(path, { data: { gateway: 'manual', method: 'authorize' } });
      return [flat.status, none.status, good.status];
    });
    expect(clean).toEqual([422, 422, 201]);
    expect(faulty).toEqual([500, 500, 201]);
  });
});

describe('integration-self-link-relative (INT-SELF-LINK)', () => {
  it('answers a relative links.self on read', async () => {
    const { clean, faulty } = await onBoth('integration-self-link-relative', async (client) => {
      const integration = await createIntegration(client);
      const read = await client.get(`/v2/integrations/${integration.id}`);
      return [integration.links.self, read.body.data.links.self].map((self) => self.startsWith('http://'));
    });
    expect(clean).toEqual([true, true]);
    expect(faulty).toEqual([true, false]);
  });
});

describe('integration-delete-type-event (INT-DELETE)', () => {
  it('answers the delete with type event', async () => {
    const { clean, faulty } = await onBoth('integration-delete-type-event', async (client) => {
      const integration = await createIntegration(client);
      const res = await client.delete(`/v2/integrations/${integration.id}`);
      return [res.status, res.body.data.type, res.body.data.id === integration.id];
    });
    expect(clean).toEqual([200, 'integration', true]);
    expect(faulty).toEqual([200, 'event', true]);
  });
});

describe('integration-enabled-false-defaults-true (INT-GET)', () => {
  it('reads back enabled: true for an integration created disabled', async () => {
    const { clean, faulty } = await onBoth('integration-enabled-false-defaults-true', async (client) => {
      const off = await createIntegration(client, { enabled: false });
      const on = await createIntegration(client);
      const read = async (id: string) => (await client.get(`/v2/integrations/${id}`)).body.data.enabled;
      return [await read(off.id), await read(on.id)];
    });
    expect(clean).toEqual([false, true]);
    expect(faulty).toEqual([true, true]);
  });
});

describe('integration-malformed-id-500 (INT-NOT-FOUND)', () => {
  it('answers 500 to a read or delete of an id that is not a UUID', async () => {
    const { clean, faulty } = await onBoth('integration-malformed-id-500', async (client) => {
      const integration = await createIntegration(client);
      return [
        (await client.get('/v2/integrations/not-an-id')).status,
        (await client.delete('/v2/integrations/12345')).status,
        (await client.get('/v2/integrations/0d7c1c43-1111-4222-8333-444455556666')).status,
        (await client.get(`/v2/integrations/${integration.id}`)).status,
      ];
    });
    expect(clean).toEqual([404, 404, 404, 200]);
    expect(faulty).toEqual([500, 500, 404, 200]);
  });
});

describe('integration-delete-soft-still-readable (INT-DELETE-GONE)', () => {
  it('still reads a deleted integration, disabled', async () => {
    const { clean, faulty } = await onBoth('integration-delete-soft-still-readable', async (client) => {
      const integration = await createIntegration(client);
      const deleted = await client.delete(`/v2/integrations/${integration.id}`);
      const read = await client.get(`/v2/integrations/${integration.id}`);
      const again = await client.delete(`/v2/integrations/${integration.id}`);
      return [
        deleted.status,
        deleted.body.data.id === integration.id,
        read.status,
        read.body.data?.enabled,
        again.status,
      ];
    });
    expect(clean).toEqual([200, true, 404, undefined, 404]);
    expect(faulty).toEqual([200, true, 200, false, 404]);
  });
});

describe('page-meta-offset-in-pages (PAGE-OFFSET)', () => {
  it('reports meta.page.offset in pages', async () => {
    const { clean, faulty } = await onBoth('page-meta-offset-in-pages', async (client) => {
      await createCategories(client, 7);
      const answers = [];
      for (const offset of [0, 2, 4, 5]) {
        const res = await client.get(`/v2/categories?page[limit]=2&page[offset]=${offset}`);
        answers.push([res.body.data.length, res.body.meta.page.offset]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [2, 0],
      [2, 2],
      [2, 4],
      [2, 5],
    ]);
    expect(faulty).toEqual([
      [2, 0],
      [2, 1],
      [2, 2],
      [2, 2],
    ]);
  });
});

describe('page-prev-negative-offset (PAGE-PREV-NEXT)', () => {
  it('points links.prev at a negative offset when the offset is less than the limit', async () => {
    const { clean, faulty } = await onBoth('page-prev-negative-offset', async (client) => {
      await createCategories(client, 6);
      const prevAt = async (offset: number) =>
        offsetOf((await client.get(`/v2/categories?page[limit]=3&page[offset]=${offset}`)).body.links.prev);
      return [await prevAt(0), await prevAt(1), await prevAt(3), await prevAt(4)];
    });
    expect(clean).toEqual([null, 0, 0, 1]);
    expect(faulty).toEqual([null, -2, 0, 1]);
  });
});

describe('page-next-clamped-to-full-last-page (PAGE-WALK)', () => {
  it('visits a record twice when walking along links.next', async () => {
    const { clean, faulty } = await onBoth('page-next-clamped-to-full-last-page', async (client) => {
      await createCategories(client, 5);
      const seen: string[] = [];
      let url: string | null = '/v2/categories?page[limit]=2';
      while (url !== null) {
        const res = await client.get(url.replace('http://ref.test:4010', ''));
        seen.push(...res.body.data.map((c: Json) => c.slug));
        url = res.body.links.next;
      }
      return [seen.length, new Set(seen).size];
    });
    expect(clean).toEqual([5, 5]);
    expect(faulty).toEqual([6, 5]);
  });
});

describe('page-limit-zero-null-counts (PAGE-BAD-PARAMS)', () => {
  it('answers page[limit]=0 with null page counts', async () => {
    const { clean, faulty } = await onBoth('page-limit-zero-null-counts', async (client) => {
      await createCategories(client, 2);
      const zero = await client.get('/v2/categories?page[limit]=0');
      const one = await client.get('/v2/categories?page[limit]=1');
      return [zero.status, zero.body.meta?.page.total, one.status, one.body.meta.page.total];
    });
    expect(clean).toEqual([400, undefined, 200, 2]);
    expect(faulty).toEqual([200, null, 200, 2]);
  });
});

describe('page-meta-page-missing-past-end (PAGE-META-EMPTY)', () => {
  it('leaves meta.page out of a page past the end', async () => {
    const { clean, faulty } = await onBoth('page-meta-page-missing-past-end', async (client) => {
      await createCategories(client, 2);
      const past = await client.get('/v2/categories?page[offset]=10');
      const empty = await client.get('/v2/products');
      return [past.body.data.length, past.body.meta.page?.offset, empty.body.meta.page?.offset];
    });
    expect(clean).toEqual([0, 10, 0]);
    expect(faulty).toEqual([0, undefined, 0]);
  });
});

describe('page-default-limit-with-offset-only (PAGE-DEFAULT-LIMIT)', () => {
  it('uses a page length of 10 when only page[offset] is given', async () => {
    const { clean, faulty } = await onBoth('page-default-limit-with-offset-only', async (client) => {
      await createCategories(client, 13);
      const offsetOnly = await client.get('/v2/categories?page[offset]=1');
      const none = await client.get('/v2/categories');
      return [offsetOnly.body.data.length, offsetOnly.body.meta.page.limit, none.body.meta.page.limit];
    });
    expect(clean).toEqual([12, 100, 100]);
    expect(faulty).toEqual([10, 10, 100]);
  });
});

describe('page-hard-offset-skipped-when-empty (PAGE-OFFSET-HARD)', () => {
  it('serves an offset above 10,000 on an empty /v2/files or /v2/orders', async () => {
    const { clean, faulty } = await onBoth('page-hard-offset-skipped-when-empty', async (client) => {
      const answers = [
        (await client.get('/v2/files?page[offset]=10001')).status,
        (await client.get('/v2/orders?page[limit]=5&page[offset]=20000')).status,
      ];
      await client.createOrderOf(100);
      answers.push((await client.get('/v2/orders?page[offset]=10001')).status);
      return answers;
    });
    expect(clean).toEqual([400, 400, 400]);
    expect(faulty).toEqual([200, 200, 400]);
  });
});

describe('page-counts-include-deleted-categories (PAGE-COUNTS)', () => {
  it('keeps counting deleted categories in meta.results.total', async () => {
    const { clean, faulty } = await onBoth('page-counts-include-deleted-categories', async (client) => {
      const [first] = [await client.createCategory(), await client.createCategory()];
      const before = (await client.get('/v2/categories')).body.meta.results.total;
      await client.delete(`/v2/categories/${first.id}`);
      const after = (await client.get('/v2/categories')).body;
      return [before, after.data.length, after.meta.results.total];
    });
    expect(clean).toEqual([2, 1, 1]);
    expect(faulty).toEqual([2, 1, 2]);
  });
});

describe('include-categories-repeated-per-product (INC-LINKAGE)', () => {
  it('includes a category shared by two products twice', async () => {
    const { clean, faulty } = await onBoth('include-categories-repeated-per-product', async (client) => {
      const [shared, own] = [await client.createCategory(), await client.createCategory()];
      const [a, b] = [await client.createProduct(), await client.createProduct()];
      await client.link(a.id, [shared.id, own.id]);
      await client.link(b.id, [shared.id]);
      const list = (await client.get('/v2/products?include=categories')).body;
      const one = (await client.get(`/v2/products/${a.id}?include=categories`)).body;
      return [list.included.categories.length, one.included.categories.length];
    });
    expect(clean).toEqual([2, 2]);
    expect(faulty).toEqual([3, 2]);
  });
});

describe('include-unsupported-empty-object (INC-UNSUPPORTED)', () => {
  it('answers an unsupported include with included: {}', async () => {
    const { clean, faulty } = await onBoth('include-unsupported-empty-object', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      const unsupported = await client.get(`/v2/categories/${category.id}?include=brands`);
      const onProduct = await client.get(`/v2/products/${product.id}?include=variations`);
      const supported = await client.get(`/v2/categories/${category.id}?include=products`);
      return [unsupported, onProduct, supported].map((res) => [res.status, res.body.included]);
    });
    expect(clean).toEqual([
      [200, undefined],
      [200, undefined],
      [200, undefined],
    ]);
    expect(faulty).toEqual([
      [200, {}],
      [200, {}],
      [200, undefined],
    ]);
  });
});

describe('category-keeps-deleted-product-links (INC-PRODUCTS)', () => {
  it("keeps a deleted product in the category's relationships but not in included", async () => {
    const { clean, faulty } = await onBoth('category-keeps-deleted-product-links', async (client) => {
      const category = await client.createCategory();
      const [kept, gone] = [await client.createProduct(), await client.createProduct()];
      await client.link(kept.id, [category.id]);
      await client.link(gone.id, [category.id]);
      await client.delete(`/v2/products/${gone.id}`);
      const body = (await client.get(`/v2/categories/${category.id}?include=products`)).body;
      return [body.data.relationships.products.data.length, body.included.products.length];
    });
    expect(clean).toEqual([1, 1]);
    expect(faulty).toEqual([2, 1]);
  });
});

describe('include-single-product-unwrapped (INC-SHAPE)', () => {
  it('gives a lone included product as an object, not an array', async () => {
    const { clean, faulty } = await onBoth('include-single-product-unwrapped', async (client) => {
      const [lone, pair] = [await client.createCategory(), await client.createCategory()];
      const [a, b] = [await client.createProduct(), await client.createProduct()];
      await client.link(a.id, [lone.id, pair.id]);
      await client.link(b.id, [pair.id]);
      const shape = async (id: string) => {
        const products = (await client.get(`/v2/categories/${id}?include=products`)).body.included.products;
        return Array.isArray(products) ? products.length : products.type;
      };
      return [await shape(lone.id), await shape(pair.id)];
    });
    expect(clean).toEqual([1, 2]);
    expect(faulty).toEqual(['product', 2]);
  });
});

describe('capture-takes-first-open-authorization (TXN-CAPTURE)', () => {
  it('captures the first authorization when the second is asked for', async () => {
    const { clean, faulty } = await onBoth('capture-takes-first-open-authorization', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const second = await client.authorize(orderId);
      const res = await client.post(txnPath(orderId, second.id, 'capture'), {
        data: { custom_reference: 'second' },
      });
      const listed = await client.transactions(orderId);
      const typeOf = (id: string) => listed.find((t: Json) => t.id === id).transaction_type;
      return [res.status, res.body.data.id === second.id, typeOf(txnId), typeOf(second.id)];
    });
    expect(clean).toEqual([200, true, 'authorize', 'capture']);
    expect(faulty).toEqual([200, false, 'capture', 'authorize']);
  });
});

describe('include-products-capped-at-five (INC-PRODUCTS)', () => {
  it('includes only 5 of the 6 products of a category', async () => {
    const { clean, faulty } = await onBoth('include-products-capped-at-five', async (client) => {
      const [big, small] = [await client.createCategory(), await client.createCategory()];
      for (let i = 0; i < 6; i++) {
        const product = await client.createProduct();
        await client.link(product.id, i < 5 ? [big.id, small.id] : [big.id]);
      }
      const count = async (id: string) => {
        const body = (await client.get(`/v2/categories/${id}?include=products`)).body;
        return [body.data.relationships.products.data.length, body.included.products.length];
      };
      return [await count(big.id), await count(small.id)];
    });
    expect(clean).toEqual([
      [6, 6],
      [5, 5],
    ]);
    expect(faulty).toEqual([
      [6, 5],
      [5, 5],
    ]);
  });
});
