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
  name: 'Order hook',
  description: 'Called when an order is fulfilled',
  enabled: true,
  observes: ['order.fulfilled'],
  configuration: { url: 'https://hooks.example.com/orders' },
};

const createIntegration = (client: TestClient, overrides: Record<string, unknown> = {}) =>
  createIntegrationOf(client, { ...WEBHOOK, ...overrides });

/** An order of one product priced `amount` USD with a manual authorization on it. */
async function authorized(client: TestClient, amount = 1999): Promise<{ orderId: string; txnId: string }> {
  const order = await client.createOrderOf(amount);
  await client.authorize(order.id);
  const [txn] = await client.transactions(order.id);
  return { orderId: order.id, txnId: txn.id };
}

const PURCHASE = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };

/** An order priced `amount` with a pending payment-intent purchase on it; returns their ids. */
async function purchased(client: TestClient, amount = 1999): Promise<{ orderId: string; txnId: string }> {
  const order = await client.createOrderOf(amount);
  const res = await client.post(`/v2/orders/${order.id}/payments`, { data: PURCHASE });
  expect(res.status, res.text).toBe(201);
  return { orderId: order.id, txnId: res.body.data.id };
}

async function createCategories(client: TestClient, count: number): Promise<Json[]> {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await client.createCategory());
  return made;
}

/** The path and query of an absolute link. */
const local = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('authentication and HTTP', () => {
  it("'auth-jwt-signature-unchecked' (AUTH-INVALID): the token with a dot and anything after it is accepted", async () => {
    const { clean, faulty } = await onBoth('auth-jwt-signature-unchecked', async (client) => {
      await client.createCategory();
      const forged = await client.get('/v2/categories', { token: 'test-token.forged' });
      const appended = await client.get('/v2/categories', { token: 'test-tokenx' });
      return [forged.status, Array.isArray(forged.body?.data), appended.status];
    });
    expect(clean).toEqual([401, false, 401]);
    expect(faulty).toEqual([200, true, 401]);
  });

  it("'confirm-exempt-from-token-check' (AUTH-REQUIRED): confirm without Authorization is served and applied", async () => {
    const { clean, faulty } = await onBoth('confirm-exempt-from-token-check', async (client) => {
      const { orderId, txnId } = await purchased(client);
      const res = await client.post(txnPath(orderId, txnId, 'confirm'), { data: PURCHASE }, { token: null });
      const [after] = await client.transactions(orderId);
      const refund = await client.post(txnPath(orderId, txnId, 'refund'), undefined, { token: null });
      return [res.status, res.body.data === undefined, after.status, refund.status];
    });
    expect(clean).toEqual([401, true, 'pending', 401]);
    expect(faulty).toEqual([200, false, 'complete', 401]);
  });

  it("'unauthorized-answered-as-html' (HTTP-JSON): a 401 is an HTML page; other errors stay JSON", async () => {
    const { clean, faulty } = await onBoth('unauthorized-answered-as-html', async (client) => {
      const res = await client.get('/v2/categories', { token: null });
      const missing = await client.get(`/v2/integrations/${UNKNOWN}`);
      return [
        res.status,
        String(res.headers['content-type']).split(';')[0],
        missing.status,
        missing.body?.errors?.length,
      ];
    });
    expect(clean).toEqual([401, 'application/json', 404, 1]);
    expect(faulty).toEqual([401, 'text/html', 404, 1]);
  });

  it("'empty-transactions-data-null' (ENV-LIST): an order without transactions answers data null", async () => {
    const { clean, faulty } = await onBoth('empty-transactions-data-null', async (client) => {
      const order = await client.createOrderOf(1999);
      const empty = await client.get(`/v2/orders/${order.id}/transactions`);
      await client.authorize(order.id);
      const one = await client.get(`/v2/orders/${order.id}/transactions`);
      return [empty.status, empty.body.data, one.body.data.length];
    });
    expect(clean).toEqual([200, [], 1]);
    expect(faulty).toEqual([200, null, 1]);
  });
});

describe('transactions', () => {
  it("'refund-with-body-keeps-meta' (TXN-REFUND-NO-META): a refund sent with {} carries meta", async () => {
    const { clean, faulty } = await onBoth('refund-with-body-keeps-meta', async (client) => {
      const results = [];
      for (const body of [{}, undefined]) {
        const { orderId, txnId } = await authorized(client);
        await client.post(txnPath(orderId, txnId, 'capture'));
        const res = await client.post(txnPath(orderId, txnId, 'refund'), body);
        results.push(res.status, res.body.data.transaction_type, 'meta' in res.body.data);
      }
      return results;
    });
    expect(clean).toEqual([200, 'refund', false, 200, 'refund', false]);
    expect(faulty).toEqual([200, 'refund', true, 200, 'refund', false]);
  });

  it("'capture-numeric-reference-as-number' (TXN-CAPTURE-REF): a reference of digits comes back as a number", async () => {
    const { clean, faulty } = await onBoth('capture-numeric-reference-as-number', async (client) => {
      const references = [];
      for (const reference of ['000451', 'INV-451']) {
        const { orderId, txnId } = await authorized(client);
        const res = await client.post(txnPath(orderId, txnId, 'capture'), {
          data: { custom_reference: reference },
        });
        references.push(res.body.data.custom_reference);
      }
      return references;
    });
    expect(clean).toEqual(['000451', 'INV-451']);
    expect(faulty).toEqual([451, 'INV-451']);
  });

  it("'amount-truncated-from-major-units' (TXN-AMOUNT): 1999 becomes 1998, 2000 stays", async () => {
    const { clean, faulty } = await onBoth('amount-truncated-from-major-units', async (client) => {
      const amounts = [];
      for (const price of [1999, 2000]) {
        const { orderId } = await authorized(client, price);
        const [txn] = await client.transactions(orderId);
        amounts.push([txn.amount, txn.meta.display_price.amount]);
      }
      return amounts;
    });
    expect(clean).toEqual([
      [1999, 1999],
      [2000, 2000],
    ]);
    expect(faulty).toEqual([
      [1998, 1999],
      [2000, 2000],
    ]);
  });

  it("'payment-order-from-last-checkout' (TXN-ORDER): a payment on an older order names the newest", async () => {
    const { clean, faulty } = await onBoth('payment-order-from-last-checkout', async (client) => {
      const older = await client.createOrderOf(1999);
      const newer = await client.createOrderOf(500);
      await client.authorize(older.id);
      await client.authorize(newer.id);
      const [ofOlder] = await client.transactions(older.id);
      const [ofNewer] = await client.transactions(newer.id);
      const captured = await client.post(txnPath(older.id, ofOlder.id, 'capture'));
      return [
        ofOlder.relationships.order.data.id === older.id,
        captured.body.data.relationships.order.data.id === older.id,
        ofNewer.relationships.order.data.id === newer.id,
      ];
    });
    expect(clean).toEqual([true, true, true]);
    expect(faulty).toEqual([false, false, true]);
  });

  it("'transactions-list-complete-only' (TXN-LIST): a pending payment-intent purchase is not listed", async () => {
    const { clean, faulty } = await onBoth('transactions-list-complete-only', async (client) => {
      const { orderId, txnId } = await purchased(client);
      const pending = (await client.transactions(orderId)).map((t: Json) => t.id);
      await client.authorize(orderId);
      const both = (await client.transactions(orderId)).length;
      return [pending.includes(txnId), both];
    });
    expect(clean).toEqual([true, 2]);
    expect(faulty).toEqual([false, 1]);
  });

  it("'capture-large-amount-pending' (TXN-CAPTURE): a capture of 15,000.00 answers status pending", async () => {
    const { clean, faulty } = await onBoth('capture-large-amount-pending', async (client) => {
      const statuses = [];
      for (const amount of [1_500_000, 1999]) {
        const { orderId, txnId } = await authorized(client, amount);
        const res = await client.post(txnPath(orderId, txnId, 'capture'));
        statuses.push(res.body.data.transaction_type, res.body.data.status);
      }
      return statuses;
    });
    expect(clean).toEqual(['capture', 'complete', 'capture', 'complete']);
    expect(faulty).toEqual(['capture', 'pending', 'capture', 'complete']);
  });

  it("'confirm-zero-amount-without-intent' (TXN-CONFIRM): confirming a free order has no payment_intent", async () => {
    const { clean, faulty } = await onBoth('confirm-zero-amount-without-intent', async (client) => {
      const results = [];
      for (const amount of [0, 1999]) {
        const { orderId, txnId } = await purchased(client, amount);
        const res = await client.post(txnPath(orderId, txnId, 'confirm'), { data: PURCHASE });
        results.push(res.status, typeof res.body.data.payment_intent?.client_secret);
      }
      return results;
    });
    expect(clean).toEqual([200, 'string', 200, 'string']);
    expect(faulty).toEqual([200, 'undefined', 200, 'string']);
  });

  it("'authorize-intent-gateway-method-ignored' (TXN-AUTHORIZE-MANUAL-ONLY): authorize through card_payment_intents succeeds", async () => {
    const { clean, faulty } = await onBoth('authorize-intent-gateway-method-ignored', async (client) => {
      const order = await client.createOrderOf(1999);
      const res = await client.post(`/v2/orders/${order.id}/payments`, {
        data: { gateway: 'card_payment_intents', method: 'authorize' },
      });
      const other = await client.post(`/v2/orders/${order.id}/payments`, {
        data: { gateway: 'stripe', method: 'authorize' },
      });
      return [res.status, other.status, (await client.transactions(order.id)).length];
    });
    expect(clean).toEqual([422, 422, 0]);
    expect(faulty).toEqual([201, 422, 1]);
  });

  it("'refund-unknown-id-refunds-order' (TXN-UNKNOWN): an unknown id refunds the order's captured transaction", async () => {
    const { clean, faulty } = await onBoth('refund-unknown-id-refunds-order', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const early = await client.post(txnPath(orderId, UNKNOWN, 'refund'));
      await client.post(txnPath(orderId, txnId, 'capture'));
      const res = await client.post(txnPath(orderId, UNKNOWN, 'refund'));
      const [after] = await client.transactions(orderId);
      return [early.status, res.status, after.transaction_type];
    });
    expect(clean).toEqual([404, 404, 'capture']);
    expect(faulty).toEqual([404, 200, 'refund']);
  });

  it("'refund-replaces-manual-reference' (TXN-MANUAL-REF): a refunded manual transaction loses reference manual", async () => {
    const { clean, faulty } = await onBoth('refund-replaces-manual-reference', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const captured = await client.post(txnPath(orderId, txnId, 'capture'));
      const res = await client.post(txnPath(orderId, txnId, 'refund'));
      const [after] = await client.transactions(orderId);
      const shown = (reference: string) => reference.replace(/^re_[A-Za-z0-9]+$/, 're_…');
      return [
        captured.body.data.reference,
        shown(res.body.data.reference),
        shown(after.reference),
        after.gateway,
      ];
    });
    expect(clean).toEqual(['manual', 'manual', 'manual', 'manual']);
    expect(faulty).toEqual(['manual', 're_…', 're_…', 'manual']);
  });
});

describe('integrations', () => {
  it("'observes-underscore-resource-misread' (INT-GET): cart_item.created reads back as cart.item_created", async () => {
    const { clean, faulty } = await onBoth('observes-underscore-resource-misread', async (client) => {
      const made = await createIntegration(client, { observes: ['cart_item.created', 'order.fulfilled'] });
      const res = await client.get(`/v2/integrations/${made.id}`);
      return res.body.data.observes;
    });
    expect(clean).toEqual(['cart_item.created', 'order.fulfilled']);
    expect(faulty).toEqual(['cart.item_created', 'order.fulfilled']);
  });

  it("'integration-timestamps-zeros-trimmed' (INT-TIMESTAMP-MS): .120Z is written .12Z, .000Z without fraction", async () => {
    const { clean, faulty } = await onBoth('integration-timestamps-zeros-trimmed', async (client) => {
      const made = await createIntegration(client);
      const other = await createIntegration(client);
      Object.assign(client.ctx.store.integrations.get(made.id) ?? {}, {
        createdAt: '2024-05-01T12:30:00.120Z',
        updatedAt: '2024-05-01T12:30:01.000Z',
      });
      Object.assign(client.ctx.store.integrations.get(other.id) ?? {}, {
        createdAt: '2024-05-01T12:30:00.123Z',
        updatedAt: '2024-05-01T12:30:00.123Z',
      });
      const res = await client.get(`/v2/integrations/${made.id}`);
      const unchanged = await client.get(`/v2/integrations/${other.id}`);
      return [res.body.data.meta.timestamps, unchanged.body.data.meta.timestamps.created_at];
    });
    expect(clean).toEqual([
      { created_at: '2024-05-01T12:30:00.120Z', updated_at: '2024-05-01T12:30:01.000Z' },
      '2024-05-01T12:30:00.123Z',
    ]);
    expect(faulty).toEqual([
      { created_at: '2024-05-01T12:30:00.12Z', updated_at: '2024-05-01T12:30:01Z' },
      '2024-05-01T12:30:00.123Z',
    ]);
  });

  it("'integration-delete-echoes-raw-path-id' (INT-DELETE): a percent-encoded id is echoed encoded", async () => {
    const { clean, faulty } = await onBoth('integration-delete-echoes-raw-path-id', async (client) => {
      const made = await createIntegration(client);
      const plain = await createIntegration(client);
      const res = await client.delete(`/v2/integrations/${made.id.replaceAll('-', '%2D')}`);
      const other = await client.delete(`/v2/integrations/${plain.id}`);
      const gone = await client.get(`/v2/integrations/${made.id}`);
      return [res.status, res.body.data.id === made.id, other.body.data.id === plain.id, gone.status];
    });
    expect(clean).toEqual([200, true, true, 404]);
    expect(faulty).toEqual([200, false, true, 404]);
  });

  it("'multi-event-integration-delete-one-row' (INT-DELETE-GONE): an integration of two events survives one delete", async () => {
    const { clean, faulty } = await onBoth('multi-event-integration-delete-one-row', async (client) => {
      const statuses = [];
      for (const observes of [['order.fulfilled', 'order.paid'], ['order.fulfilled']]) {
        const made = await createIntegration(client, { observes });
        const res = await client.delete(`/v2/integrations/${made.id}`);
        const after = await client.get(`/v2/integrations/${made.id}`);
        statuses.push(res.status, res.body.data.id === made.id, after.status);
      }
      return statuses;
    });
    expect(clean).toEqual([200, true, 404, 200, true, 404]);
    expect(faulty).toEqual([200, true, 200, 200, true, 404]);
  });
  it("'integration-lookup-by-id-prefix' (INT-NOT-FOUND): the start of an id finds the integration", async () => {
    const { clean, faulty } = await onBoth('integration-lookup-by-id-prefix', async (client) => {
      const made = await createIntegration(client);
      const prefix = await client.get(`/v2/integrations/${made.id.slice(0, 8)}`);
      const unknown = await client.get(`/v2/integrations/${UNKNOWN}`);
      return [prefix.status, prefix.body.data?.id === made.id, unknown.status];
    });
    expect(clean).toEqual([404, false, 404]);
    expect(faulty).toEqual([200, true, 404]);
  });
});

describe('listings and pagination', () => {
  it("'page-current-link-snapped-to-grid' (PAGE-LINKS): links.current names the grid page off the grid", async () => {
    const { clean, faulty } = await onBoth('page-current-link-snapped-to-grid', async (client) => {
      await createCategories(client, 5);
      const off = await client.get('/v2/categories?page[limit]=2&page[offset]=3');
      const on = await client.get('/v2/categories?page[limit]=2&page[offset]=2');
      return [
        off.body.meta.page.offset,
        /page\[offset\]=(\d+)/.exec(off.body.links.current)?.[1],
        on.body.links.current.includes('page[offset]=2'),
      ];
    });
    expect(clean).toEqual([3, '3', true]);
    expect(faulty).toEqual([3, '2', true]);
  });

  it("'page-offset-past-end-clamped' (PAGE-OFFSET): an offset past the end serves the last page", async () => {
    const { clean, faulty } = await onBoth('page-offset-past-end-clamped', async (client) => {
      await createCategories(client, 3);
      const past = await client.get('/v2/categories?page[limit]=2&page[offset]=5');
      const inside = await client.get('/v2/categories?page[limit]=2&page[offset]=1');
      return [
        past.body.data.length,
        past.body.meta.page.offset,
        inside.body.data.length,
        inside.body.meta.page.offset,
      ];
    });
    expect(clean).toEqual([0, 5, 2, 1]);
    expect(faulty).toEqual([1, 2, 2, 1]);
  });

  it("'page-limit-100-refused' (PAGE-LIMIT): page[limit]=100 is refused", async () => {
    const { clean, faulty } = await onBoth('page-limit-100-refused', async (client) => {
      await createCategories(client, 2);
      const hundred = await client.get('/v2/categories?page[limit]=100');
      const below = await client.get('/v2/products?page[limit]=99');
      return [hundred.status, hundred.body.meta?.page.limit, below.status];
    });
    expect(clean).toEqual([200, 100, 200]);
    expect(faulty).toEqual([400, undefined, 200]);
  });

  it("'empty-include-page-without-page-meta' (PAGE-META-EMPTY): an empty products page with include has no meta.page", async () => {
    const { clean, faulty } = await onBoth('empty-include-page-without-page-meta', async (client) => {
      await client.createProduct();
      const withInclude = await client.get('/v2/products?page[offset]=5&include=categories');
      const without = await client.get('/v2/products?page[offset]=5');
      const full = await client.get('/v2/products?include=categories');
      return [
        withInclude.body.meta.page?.offset,
        without.body.meta.page?.offset,
        full.body.meta.page?.offset,
      ];
    });
    expect(clean).toEqual([5, 5, 0]);
    expect(faulty).toEqual([undefined, 5, 0]);
  });

  it("'page-walk-unstable-on-equal-timestamps' (PAGE-WALK): records of the same millisecond are seen twice or never", async () => {
    const { clean, faulty } = await onBoth('page-walk-unstable-on-equal-timestamps', async (client) => {
      const made = await createCategories(client, 4);
      for (const category of made)
        Object.assign(client.ctx.store.categories.get(category.id) ?? {}, {
          createdAt: '2024-05-01T12:00:00.000Z',
        });
      const seen: string[] = [];
      let next: string | null = '/v2/categories?page[limit]=2&page[offset]=0';
      while (next !== null && seen.length < 10) {
        const res = await client.get(next);
        seen.push(...res.body.data.map((c: Json) => c.id));
        next = res.body.links.next === null ? null : local(res.body.links.next);
      }
      return [seen.length, new Set(seen).size];
    });
    expect(clean).toEqual([4, 4]);
    expect(faulty).toEqual([4, 2]);
  });

  it("'results-total-counts-joined-rows' (PAGE-COUNTS): with include=categories a product counts once per category", async () => {
    const { clean, faulty } = await onBoth('results-total-counts-joined-rows', async (client) => {
      const [a, b] = await createCategories(client, 2);
      const product = await client.createProduct();
      await client.createProduct();
      await client.link(product.id, [a.id, b.id]);
      const walked = await client.get('/v2/products?include=categories');
      const plain = await client.get('/v2/products');
      return [walked.body.data.length, walked.body.meta.results.total, plain.body.meta.results.total];
    });
    expect(clean).toEqual([2, 2, 2]);
    expect(faulty).toEqual([2, 3, 2]);
  });

  it("'default-limit-10-when-offset-given' (PAGE-DEFAULT-LIMIT): page[offset] alone pages by 10", async () => {
    const { clean, faulty } = await onBoth('default-limit-10-when-offset-given', async (client) => {
      await createCategories(client, 12);
      const withOffset = await client.get('/v2/categories?page[offset]=0');
      const bare = await client.get('/v2/categories');
      return [withOffset.body.meta.page.limit, withOffset.body.data.length, bare.body.meta.page.limit];
    });
    expect(clean).toEqual([100, 12, 100]);
    expect(faulty).toEqual([10, 10, 100]);
  });

  it("'files-listing-no-hard-offset' (PAGE-OFFSET-HARD): /v2/files serves offsets above 10,000", async () => {
    const { clean, faulty } = await onBoth('files-listing-no-hard-offset', async (client) => {
      const files = await client.get('/v2/files?page[offset]=10001');
      const orders = await client.get('/v2/orders?page[offset]=10001');
      return [files.status, Array.isArray(files.body.data), orders.status];
    });
    expect(clean).toEqual([400, false, 400]);
    expect(faulty).toEqual([200, true, 400]);
  });

  it("'page-limit-zero-divides-by-zero' (PAGE-BAD-PARAMS): page[limit]=0 answers null counts", async () => {
    const { clean, faulty } = await onBoth('page-limit-zero-divides-by-zero', async (client) => {
      await createCategories(client, 2);
      const res = await client.get('/v2/categories?page[limit]=0');
      return [res.status, res.body.meta?.page.total, res.body.meta?.page.current];
    });
    expect(clean).toEqual([400, undefined, undefined]);
    expect(faulty).toEqual([200, null, null]);
  });
});

describe('includes', () => {
  it("'include-products-live-only' (INC-PRODUCTS): a draft product is missing from included.products", async () => {
    const { clean, faulty } = await onBoth('include-products-live-only', async (client) => {
      const [category] = await createCategories(client, 1);
      const live = await client.createProduct();
      const draft = await client.createProduct({ status: 'draft' });
      await client.link(live.id, [category.id]);
      await client.link(draft.id, [category.id]);
      const res = await client.get(`/v2/categories/${category.id}?include=products`);
      return [res.body.data.relationships.products.data.length, res.body.included.products.length];
    });
    expect(clean).toEqual([2, 2]);
    expect(faulty).toEqual([2, 1]);
  });

  it("'included-single-entity-unwrapped' (INC-SHAPE): one included product is an object, two an array", async () => {
    const { clean, faulty } = await onBoth('included-single-entity-unwrapped', async (client) => {
      const [one, two] = await createCategories(client, 2);
      const [p, q] = [await client.createProduct(), await client.createProduct()];
      await client.link(p.id, [one.id, two.id]);
      await client.link(q.id, [two.id]);
      const single = await client.get(`/v2/categories/${one.id}?include=products`);
      const pair = await client.get(`/v2/categories/${two.id}?include=products`);
      return [Array.isArray(single.body.included.products), Array.isArray(pair.body.included.products)];
    });
    expect(clean).toEqual([true, true]);
    expect(faulty).toEqual([false, true]);
  });

  it("'nested-include-refused' (INC-UNSUPPORTED): a dotted include is answered 400", async () => {
    const { clean, faulty } = await onBoth('nested-include-refused', async (client) => {
      const [category] = await createCategories(client, 1);
      const nested = await client.get(`/v2/categories/${category.id}?include=products.categories`);
      const other = await client.get(`/v2/categories/${category.id}?include=files`);
      return [nested.status, 'included' in (nested.body ?? {}), other.status];
    });
    expect(clean).toEqual([200, false, 200]);
    expect(faulty).toEqual([400, false, 200]);
  });

  it("'included-shared-category-repeated' (INC-LINKAGE): a category of two products is included twice", async () => {
    const { clean, faulty } = await onBoth('included-shared-category-repeated', async (client) => {
      const [shared, own] = await createCategories(client, 2);
      const [p, q] = [await client.createProduct(), await client.createProduct()];
      await client.link(p.id, [shared.id, own.id]);
      await client.link(q.id, [shared.id]);
      const res = await client.get('/v2/products?include=categories');
      const single = await client.get('/v2/products?include=categories&page[limit]=1');
      return [res.body.included.categories.length, single.body.included.categories.length];
    });
    expect(clean).toEqual([2, 2]);
    expect(faulty).toEqual([3, 2]);
  });

  it("'managed-stock-level-null' (PRD-SCHEMA): a product with managed stock has meta.stock.level null", async () => {
    const { clean, faulty } = await onBoth('managed-stock-level-null', async (client) => {
      const managed = await client.createProduct({ manage_stock: true });
      const unmanaged = await client.createProduct();
      const read = await client.get(`/v2/products/${managed.id}`);
      const other = await client.get(`/v2/products/${unmanaged.id}`);
      return [managed.meta.stock.level, read.body.data.meta.stock.level, other.body.data.meta.stock.level];
    });
    expect(clean).toEqual([0, 0, 0]);
    expect(faulty).toEqual([null, null, 0]);
  });
});
