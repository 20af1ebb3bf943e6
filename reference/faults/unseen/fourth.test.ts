import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  categoryData,
  createIntegrationOf,
  type Json,
  onBoth,
  TEST_TOKEN,
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

/** Starts a payment-intent purchase on the order; returns the transaction. */
async function purchase(client: TestClient, orderId: string): Promise<Json> {
  const res = await client.post(`/v2/orders/${orderId}/payments`, { data: PURCHASE });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function createCategories(client: TestClient, count: number): Promise<Json[]> {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await client.createCategory());
  return made;
}

const offsetOf = (url: string | null) =>
  url === null ? null : Number(/page\[offset\]=(-?\d+)/.exec(url)?.[1]);

const local = (url: string) => url.replace('http://ref.test:4010', '');

const ids = (records: Json[] | undefined) => (records ?? []).map((record: Json) => record.id);

/** One GET over a real socket of `agent`; answers the status. */
function getOver(agent: Agent, port: number, authorization?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/v2/products',
        agent,
        headers: authorization === undefined ? {} : { authorization },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('auth-cached-per-connection (AUTH-INVALID)', () => {
  it('serves a wrong token on a kept-alive connection that carried the valid one', async () => {
    const { clean, faulty } = await onBoth('auth-cached-per-connection', async (client) => {
      await client.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = client.app.server.address() as AddressInfo;
      const kept = new Agent({ keepAlive: true, maxSockets: 1 });
      const fresh = new Agent({ keepAlive: false });
      try {
        return [
          await getOver(kept, port, `Bearer ${TEST_TOKEN}`),
          await getOver(kept, port, 'Bearer wrong-token'),
          await getOver(kept, port),
          await getOver(fresh, port, 'Bearer wrong-token'),
        ];
      } finally {
        kept.destroy();
        fresh.destroy();
        await client.app.close();
      }
    });
    expect(clean).toEqual([200, 401, 401, 401]);
    expect(faulty).toEqual([200, 200, 401, 401]);
  });
});

describe('confirm-callback-skips-auth (AUTH-REQUIRED)', () => {
  it('confirms a payment intent without an Authorization header', async () => {
    const { clean, faulty } = await onBoth('confirm-callback-skips-auth', async (client) => {
      const order = await client.createOrderOf(900);
      const started = await purchase(client, order.id);
      const path = txnPath(order.id, started.id, 'confirm');
      const wrong = await client.post(path, { data: PURCHASE }, { token: 'wrong' });
      const bare = await client.post(path, { data: PURCHASE }, { token: null });
      const [listed] = await client.transactions(order.id);
      return [wrong.status, bare.status, listed.status];
    });
    expect(clean).toEqual([401, 401, 'pending']);
    expect(faulty).toEqual([401, 200, 'complete']);
  });
});

describe('order-link-from-customer-latest-order (TXN-ORDER)', () => {
  it("names the customer's latest order on a transaction of an earlier order", async () => {
    const { clean, faulty } = await onBoth('order-link-from-customer-latest-order', async (client) => {
      const { orderId } = await authorized(client);
      const later = await client.createOrderOf(700);
      const [txn] = await client.transactions(orderId);
      const laterTxn = await client.authorize(later.id);
      return [txn.relationships.order.data.id === orderId, laterTxn.relationships.order.data.id === later.id];
    });
    expect(clean).toEqual([true, true]);
    expect(faulty).toEqual([false, true]);
  });
});

describe('authorizations-hidden-once-order-paid (TXN-LIST)', () => {
  it('leaves out an open authorization once another one is captured', async () => {
    const { clean, faulty } = await onBoth('authorizations-hidden-once-order-paid', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const open = await client.authorize(orderId);
      const before = ids(await client.transactions(orderId)).includes(open.id);
      const captured = await client.post(txnPath(orderId, txnId, 'capture'));
      expect(captured.status, captured.text).toBe(200);
      const after = ids(await client.transactions(orderId)).includes(open.id);
      return [before, after];
    });
    expect(clean).toEqual([true, true]);
    expect(faulty).toEqual([true, false]);
  });
});

describe('settled-manual-reference-char-padded (TXN-MANUAL-REF)', () => {
  it('lists a captured manual transaction with reference "manual    "', async () => {
    const { clean, faulty } = await onBoth('settled-manual-reference-char-padded', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const open = (await client.transactions(orderId))[0].reference;
      const captured = await client.post(txnPath(orderId, txnId, 'capture'));
      const listed = (await client.transactions(orderId)).find((t: Json) => t.id === txnId);
      return [open, captured.body.data.reference, listed.reference];
    });
    expect(clean).toEqual(['manual', 'manual', 'manual']);
    expect(faulty).toEqual(['manual', 'manual', 'manual    ']);
  });
});

describe('authorize-gateway-case-folded (TXN-AUTHORIZE-MANUAL-ONLY)', () => {
  it('accepts "Manual", "MANUAL" and " manual " as the manual gateway', async () => {
    const { clean, faulty } = await onBoth('authorize-gateway-case-folded', async (client) => {
      const order = await client.createOrderOf(1200);
      const answers = [];
      for (const gateway of ['Manual', 'MANUAL', ' manual ', 'manual']) {
        const res = await client.post(`/v2/orders/${order.id}/payments`, {
          data: { gateway, method: 'authorize' },
        });
        answers.push(res.status);
      }
      return answers;
    });
    expect(clean).toEqual([422, 422, 422, 201]);
    expect(faulty).toEqual([201, 201, 201, 201]);
  });
});

describe('second-capture-on-order-pending (TXN-CAPTURE)', () => {
  it('answers the second capture of an order with status "pending", listed complete', async () => {
    const { clean, faulty } = await onBoth('second-capture-on-order-pending', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const other = await client.authorize(orderId);
      const first = await client.post(txnPath(orderId, txnId, 'capture'));
      const second = await client.post(txnPath(orderId, other.id, 'capture'));
      const listed = (await client.transactions(orderId)).find((t: Json) => t.id === other.id);
      return [first.status, first.body.data.status, second.status, second.body.data.status, listed.status];
    });
    expect(clean).toEqual([200, 'complete', 200, 'complete', 'complete']);
    expect(faulty).toEqual([200, 'complete', 200, 'pending', 'complete']);
  });
});

describe('capture-reference-leading-zeros-dropped (TXN-CAPTURE-REF)', () => {
  it('drops the leading zeros of an all-digit custom_reference', async () => {
    const { clean, faulty } = await onBoth('capture-reference-leading-zeros-dropped', async (client) => {
      const answers = [];
      for (const custom_reference of ['000123', 'ab007']) {
        const { orderId, txnId } = await authorized(client);
        const res = await client.post(txnPath(orderId, txnId, 'capture'), { data: { custom_reference } });
        const listed = (await client.transactions(orderId)).find((t: Json) => t.id === txnId);
        answers.push([res.body.data.custom_reference, listed.custom_reference]);
      }
      return answers;
    });
    expect(clean).toEqual([
      ['000123', '000123'],
      ['ab007', 'ab007'],
    ]);
    expect(faulty).toEqual([
      ['123', '123'],
      ['ab007', 'ab007'],
    ]);
  });
});

describe('refund-meta-on-order-refunded-before (TXN-REFUND-NO-META)', () => {
  it('answers the second refund of an order with meta', async () => {
    const { clean, faulty } = await onBoth('refund-meta-on-order-refunded-before', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const other = await client.authorize(orderId);
      const answers = [];
      for (const id of [txnId, other.id]) {
        await client.post(txnPath(orderId, id, 'capture'));
        const res = await client.post(txnPath(orderId, id, 'refund'));
        answers.push([res.status, 'meta' in res.body.data]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, false],
      [200, false],
    ]);
    expect(faulty).toEqual([
      [200, false],
      [200, true],
    ]);
  });
});

describe('confirm-secret-null-below-minimum (TXN-CONFIRM)', () => {
  it('confirms an amount below 50 with client_secret null', async () => {
    const { clean, faulty } = await onBoth('confirm-secret-null-below-minimum', async (client) => {
      const answers = [];
      for (const amount of [40, 900]) {
        const order = await client.createOrderOf(amount);
        const started = await purchase(client, order.id);
        const res = await client.post(txnPath(order.id, started.id, 'confirm'), { data: PURCHASE });
        answers.push([res.status, typeof res.body.data.payment_intent.client_secret]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, 'string'],
      [200, 'string'],
    ]);
    expect(faulty).toEqual([
      [200, 'object'],
      [200, 'string'],
    ]);
  });
});

describe('order-id-accepted-as-transaction-id (TXN-UNKNOWN)', () => {
  it("captures with the order's own id as transaction id", async () => {
    const { clean, faulty } = await onBoth('order-id-accepted-as-transaction-id', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const res = await client.post(txnPath(orderId, orderId, 'capture'));
      return [res.status, res.body.data?.id === txnId];
    });
    expect(clean).toEqual([404, false]);
    expect(faulty).toEqual([200, true]);
  });
});

describe('display-price-adds-tax-to-exclusive-prices (TXN-AMOUNT)', () => {
  it('adds 20 % to display_price on an order of a tax-exclusive product', async () => {
    const { clean, faulty } = await onBoth('display-price-adds-tax-to-exclusive-prices', async (client) => {
      const answers = [];
      for (const includes_tax of [false, true]) {
        const product = await client.createProduct({
          price: [{ amount: 1000, currency: 'USD', includes_tax }],
        });
        const order = await client.createOrder([product.id]);
        await client.authorize(order.id);
        const [txn] = await client.transactions(order.id);
        answers.push([txn.amount, txn.meta.display_price.amount]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [1000, 1000],
      [1000, 1000],
    ]);
    expect(faulty).toEqual([
      [1000, 1200],
      [1000, 1000],
    ]);
  });
});

describe('integration-same-name-synced (INT-GET)', () => {
  it('reads an earlier integration of the same name with the later one’s settings', async () => {
    const { clean, faulty } = await onBoth('integration-same-name-synced', async (client) => {
      const first = await createIntegration(client);
      await createIntegration(client, { description: 'Another one', enabled: false });
      const other = await createIntegration(client, { name: 'Other hook' });
      const read = async (id: string) => (await client.get(`/v2/integrations/${id}`)).body.data;
      const a = await read(first.id);
      const b = await read(other.id);
      return [a.description, a.enabled, b.description];
    });
    expect(clean).toEqual([WEBHOOK.description, true, WEBHOOK.description]);
    expect(faulty).toEqual(['Another one', false, WEBHOOK.description]);
  });
});

describe('self-link-from-request-url (INT-SELF-LINK)', () => {
  it('answers the create with the collection URL as links.self', async () => {
    const { clean, faulty } = await onBoth('self-link-from-request-url', async (client) => {
      const integration = await createIntegration(client);
      const read = await client.get(`/v2/integrations/${integration.id}`);
      return [integration.links.self, read.body.data.links.self].map((self: string) =>
        self.endsWith(`/v2/integrations/${integration.id}`),
      );
    });
    expect(clean).toEqual([true, true]);
    expect(faulty).toEqual([false, true]);
  });
});

describe('delete-answers-next-integration-id (INT-DELETE)', () => {
  it('answers the delete of an older integration with the id of the next one', async () => {
    const { clean, faulty } = await onBoth('delete-answers-next-integration-id', async (client) => {
      const older = await createIntegration(client);
      const newer = await createIntegration(client, { name: 'Newer hook' });
      const first = await client.delete(`/v2/integrations/${older.id}`);
      const last = await client.delete(`/v2/integrations/${newer.id}`);
      return [first.status, first.body.data.id === older.id, last.body.data.id === newer.id];
    });
    expect(clean).toEqual([200, true, true]);
    expect(faulty).toEqual([200, false, true]);
  });
});

describe('disabled-integration-delete-kept (INT-DELETE-GONE)', () => {
  it('still reads a disabled integration after its delete', async () => {
    const { clean, faulty } = await onBoth('disabled-integration-delete-kept', async (client) => {
      const answers = [];
      for (const enabled of [false, true]) {
        const integration = await createIntegration(client, { enabled });
        const deleted = await client.delete(`/v2/integrations/${integration.id}`);
        const read = await client.get(`/v2/integrations/${integration.id}`);
        answers.push([deleted.status, read.status]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, 404],
      [200, 404],
    ]);
    expect(faulty).toEqual([
      [200, 200],
      [200, 404],
    ]);
  });
});

describe('limit-one-ignored (PAGE-LIMIT)', () => {
  it('serves page[limit]=1 at the default page length', async () => {
    const { clean, faulty } = await onBoth('limit-one-ignored', async (client) => {
      await createCategories(client, 3);
      const one = (await client.get('/v2/categories?page[limit]=1')).body;
      const two = (await client.get('/v2/categories?page[limit]=2')).body;
      return [one.data.length, one.meta.page.limit, two.data.length];
    });
    expect(clean).toEqual([1, 1, 2]);
    expect(faulty).toEqual([3, 100, 2]);
  });
});

describe('offset-ignored-without-limit (PAGE-OFFSET)', () => {
  it('serves from the first record when page[offset] is given alone', async () => {
    const { clean, faulty } = await onBoth('offset-ignored-without-limit', async (client) => {
      const made = ids(await createCategories(client, 3));
      const alone = (await client.get('/v2/categories?page[offset]=1')).body;
      const paired = (await client.get('/v2/categories?page[limit]=5&page[offset]=1')).body;
      return [ids(alone.data), alone.meta.page.offset, ids(paired.data)].map((v) =>
        Array.isArray(v) ? v.map((id) => made.indexOf(id)) : v,
      );
    });
    expect(clean).toEqual([[1, 2], 1, [1, 2]]);
    expect(faulty).toEqual([[0, 1, 2], 1, [1, 2]]);
  });
});

describe('current-link-from-page-number (PAGE-LINKS)', () => {
  it('names the start of the page in links.current when the offset is not a multiple of the limit', async () => {
    const { clean, faulty } = await onBoth('current-link-from-page-number', async (client) => {
      await createCategories(client, 5);
      const answers = [];
      for (const offset of [3, 2]) {
        const res = await client.get(`/v2/categories?page[limit]=2&page[offset]=${offset}`);
        answers.push(offsetOf(res.body.links.current));
      }
      return answers;
    });
    expect(clean).toEqual([3, 2]);
    expect(faulty).toEqual([2, 2]);
  });
});

describe('prev-null-when-previous-offset-zero (PAGE-PREV-NEXT)', () => {
  it('answers links.prev null when the previous page starts at offset 0', async () => {
    const { clean, faulty } = await onBoth('prev-null-when-previous-offset-zero', async (client) => {
      await createCategories(client, 5);
      const answers = [];
      for (const offset of [2, 1, 4]) {
        const res = await client.get(`/v2/categories?page[limit]=2&page[offset]=${offset}`);
        answers.push(offsetOf(res.body.links.prev));
      }
      return answers;
    });
    expect(clean).toEqual([0, 0, 2]);
    expect(faulty).toEqual([null, null, 2]);
  });
});

describe('next-link-include-unseparated (PAGE-WALK)', () => {
  it('gives a links.next with include that the listing refuses', async () => {
    const { clean, faulty } = await onBoth('next-link-include-unseparated', async (client) => {
      for (let i = 0; i < 3; i++) await client.createProduct();
      const first = await client.get('/v2/products?page[limit]=2&include=categories');
      const next = await client.get(local(first.body.links.next));
      const plain = await client.get('/v2/products?page[limit]=2');
      const plainNext = await client.get(local(plain.body.links.next));
      return [next.status, next.body.data?.length, plainNext.status];
    });
    expect(clean).toEqual([200, 1, 200]);
    expect(faulty).toEqual([400, undefined, 200]);
  });
});

describe('category-count-inner-join (PAGE-COUNTS)', () => {
  it('leaves categories without products out of the counts', async () => {
    const { clean, faulty } = await onBoth('category-count-inner-join', async (client) => {
      const [linked] = await createCategories(client, 3);
      const product = await client.createProduct();
      await client.link(product.id, [linked.id]);
      const body = (await client.get('/v2/categories?page[limit]=1')).body;
      return [body.data.length, body.meta.results.total, body.meta.page.total, offsetOf(body.links.last)];
    });
    expect(clean).toEqual([1, 3, 3, 2]);
    expect(faulty).toEqual([1, 1, 1, 2]);
  });
});

describe('default-limit-smaller-with-include (PAGE-DEFAULT-LIMIT)', () => {
  it('defaults page[limit] to 20 on a products listing with include', async () => {
    const { clean, faulty } = await onBoth('default-limit-smaller-with-include', async (client) => {
      const limit = async (url: string) => (await client.get(url)).body.meta.page.limit;
      return [
        await limit('/v2/products?include=categories'),
        await limit('/v2/products'),
        await limit('/v2/products?include=categories&page[limit]=50'),
      ];
    });
    expect(clean).toEqual([100, 100, 50]);
    expect(faulty).toEqual([20, 100, 50]);
  });
});

describe('category-listing-max-unchecked (PAGE-MAX-LIMIT)', () => {
  it('serves a category page[limit] above the maximum', async () => {
    const { clean, faulty } = await onBoth('category-listing-max-unchecked', async (client) => {
      await createCategories(client, 2);
      const categories = await client.get('/v2/categories?page[limit]=101');
      const products = await client.get('/v2/products?page[limit]=101');
      return [categories.status, categories.body.meta?.page.limit, products.status];
    });
    expect(clean).toEqual([400, undefined, 400]);
    expect(faulty).toEqual([200, 101, 400]);
  });
});

describe('hard-offset-limit-off-by-one (PAGE-OFFSET-HARD)', () => {
  it('serves page[offset]=10001 on /v2/orders and /v2/files', async () => {
    const { clean, faulty } = await onBoth('hard-offset-limit-off-by-one', async (client) => {
      const answers = [];
      for (const url of [
        '/v2/orders?page[offset]=10001',
        '/v2/files?page[offset]=10001',
        '/v2/orders?page[offset]=10002',
      ]) {
        const res = await client.get(url);
        answers.push([res.status, res.body.data?.length]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [400, undefined],
      [400, undefined],
      [400, undefined],
    ]);
    expect(faulty).toEqual([
      [200, 0],
      [200, 0],
      [400, undefined],
    ]);
  });
});

describe('included-products-cached-before-link (INC-PRODUCTS)', () => {
  it('misses a product linked after the first include read', async () => {
    const { clean, faulty } = await onBoth('included-products-cached-before-link', async (client) => {
      const category = await client.createCategory();
      const a = await client.createProduct();
      const b = await client.createProduct();
      await client.link(a.id, [category.id]);
      const read = async () => (await client.get(`/v2/categories/${category.id}?include=products`)).body;
      const before = await read();
      await client.link(b.id, [category.id]);
      const after = await read();
      return [
        ids(before.included.products).length,
        after.data.relationships.products.data.length,
        ids(after.included.products).includes(b.id),
      ];
    });
    expect(clean).toEqual([1, 2, true]);
    expect(faulty).toEqual([1, 2, false]);
  });
});

describe('multi-include-flattened (INC-SHAPE)', () => {
  it('answers included as a flat array for several include names', async () => {
    const { clean, faulty } = await onBoth('multi-include-flattened', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const shape = async (include: string) => {
        const { included } = (await client.get(`/v2/products?include=${include}`)).body;
        return Array.isArray(included) ? 'array' : ids(included?.categories);
      };
      return [await shape('categories,main_image'), await shape('categories')];
    });
    expect(clean).toEqual([[expect.any(String)], [expect.any(String)]]);
    expect(faulty).toEqual(['array', [expect.any(String)]]);
  });
});

describe('category-include-presence-only (INC-UNSUPPORTED)', () => {
  it('answers the products of a category to include=files', async () => {
    const { clean, faulty } = await onBoth('category-include-presence-only', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const res = await client.get(`/v2/categories/${category.id}?include=files`);
      return [res.status, 'included' in res.body, ids(res.body.included?.products).includes(product.id)];
    });
    expect(clean).toEqual([200, false, false]);
    expect(faulty).toEqual([200, true, true]);
  });
});

describe('include-value-max-20-chars (INC-MULTI)', () => {
  it('refuses include=main_image,categories (21 characters)', async () => {
    const { clean, faulty } = await onBoth('include-value-max-20-chars', async (client) => {
      const category = await client.createCategory();
      return [
        (await client.get('/v2/products?include=main_image,categories')).status,
        (await client.get('/v2/products?include=categories')).status,
        (await client.get(`/v2/categories/${category.id}?include=products,main_image`)).status,
      ];
    });
    expect(clean).toEqual([200, 200, 200]);
    expect(faulty).toEqual([400, 200, 200]);
  });
});

describe('included-from-lookahead-row (INC-LINKAGE)', () => {
  it('includes the categories of the first product of the next page', async () => {
    const { clean, faulty } = await onBoth('included-from-lookahead-row', async (client) => {
      const [c1, c2] = await createCategories(client, 2);
      const p1 = await client.createProduct();
      const p2 = await client.createProduct();
      await client.link(p1.id, [c1.id]);
      await client.link(p2.id, [c2.id]);
      const body = (await client.get('/v2/products?page[limit]=1&include=categories')).body;
      return ids(body.included.categories).map((id) => [c1.id, c2.id].indexOf(id));
    });
    expect(clean).toEqual([0]);
    expect(faulty).toEqual([0, 1]);
  });
});

describe('category-listing-linkage-type-plural (CAT-SCHEMA)', () => {
  it('types the product linkages of the category listing "products"', async () => {
    const { clean, faulty } = await onBoth('category-listing-linkage-type-plural', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const listed = (await client.get('/v2/categories')).body.data[0];
      const read = (await client.get(`/v2/categories/${category.id}`)).body.data;
      return [listed.relationships.products.data[0].type, read.relationships.products.data[0].type];
    });
    expect(clean).toEqual(['product', 'product']);
    expect(faulty).toEqual(['products', 'product']);
  });
});

describe('large-answers-octet-stream (HTTP-JSON)', () => {
  it('answers a listing of 8 KiB or more as application/octet-stream', async () => {
    const { clean, faulty } = await onBoth('large-answers-octet-stream', async (client) => {
      for (let i = 0; i < 15; i++)
        await client.createProduct({ name: `Long product name ${i} ${'x'.repeat(600)}` });
      const big = await client.get('/v2/products');
      const small = await client.get('/v2/products?page[limit]=1');
      expect(Buffer.byteLength(big.text)).toBeGreaterThanOrEqual(8 * 1024);
      expect(Buffer.byteLength(small.text)).toBeLessThan(8 * 1024);
      return [big, small].map((res) => [res.status, String(res.headers['content-type']).split(';')[0]]);
    });
    expect(clean).toEqual([
      [200, 'application/json'],
      [200, 'application/json'],
    ]);
    expect(faulty).toEqual([
      [200, 'application/octet-stream'],
      [200, 'application/json'],
    ]);
  });
});

describe('nul-in-string-500 (HTTP-NO-5XX)', () => {
  it('answers 500 to a write with U+0000 in a string', async () => {
    const { clean, faulty } = await onBoth('nul-in-string-500', async (client) => {
      const nul = await client.post('/v2/categories', { data: { ...categoryData(), name: 'Bad\u0000name' } });
      const plain = await client.post('/v2/categories', { data: categoryData() });
      return [nul.status, nul.body.data?.name, plain.status];
    });
    expect(clean).toEqual([201, 'Bad\u0000name', 201]);
    expect(faulty).toEqual([500, undefined, 201]);
  });
});
