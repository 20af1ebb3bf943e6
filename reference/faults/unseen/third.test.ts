import { describe, expect, it } from 'vitest';
import {
  checkoutData,
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

/** Starts a payment-intent purchase on the order; returns the transaction. */
async function purchase(client: TestClient, orderId: string, payment = PURCHASE.payment): Promise<Json> {
  const res = await client.post(`/v2/orders/${orderId}/payments`, { data: { ...PURCHASE, payment } });
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

/** Follows links.next from `url`; returns the ids seen. */
async function walk(client: TestClient, url: string): Promise<string[]> {
  const seen: string[] = [];
  let next: string | null = url;
  while (next !== null && seen.length < 100) {
    const res = await client.get(next.replace('http://ref.test:4010', ''));
    seen.push(...res.body.data.map((record: Json) => record.id));
    next = res.body.links.next;
  }
  return seen;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('public-cache-serves-anonymous-repeat (AUTH-REQUIRED)', () => {
  it('serves a GET without Authorization from an earlier authenticated read of the same URL', async () => {
    const { clean, faulty } = await onBoth('public-cache-serves-anonymous-repeat', async (client) => {
      const integration = await createIntegration(client);
      const url = `/v2/integrations/${integration.id}`;
      const cold = await client.get(url, { token: null });
      await client.get(url);
      const warm = await client.get(url, { token: null });
      const wrong = await client.get(url, { token: 'wrong' });
      const other = await client.get('/v2/categories', { token: null });
      return [cold.status, warm.status, warm.body?.data?.id === integration.id, wrong.status, other.status];
    });
    expect(clean).toEqual([401, 401, false, 401, 401]);
    expect(faulty).toEqual([401, 200, true, 401, 401]);
  });
});

describe('jwt-shaped-token-not-verified (AUTH-INVALID)', () => {
  it('accepts any token shaped as a JWT', async () => {
    const { clean, faulty } = await onBoth('jwt-shaped-token-not-verified', async (client) => {
      const forged = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'anyone' })}.c2lnbmF0dXJl`;
      const jwt = await client.get('/v2/categories', { token: forged });
      const dotted = await client.get('/v2/categories', { token: 'not.a.jwt' });
      const plain = await client.get('/v2/categories', { token: 'wrong' });
      return [jwt.status, Array.isArray(jwt.body.data), dotted.status, plain.status];
    });
    expect(clean).toEqual([401, false, 401, 401]);
    expect(faulty).toEqual([200, true, 401, 401]);
  });
});

describe('refunded-amounts-numeric-strings (TXN-SCHEMA)', () => {
  it('lists a refunded transaction with string amounts', async () => {
    const { clean, faulty } = await onBoth('refunded-amounts-numeric-strings', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const other = await client.authorize(orderId);
      await client.post(txnPath(orderId, txnId, 'capture'));
      await client.post(txnPath(orderId, other.id, 'capture'));
      const refunded = await client.post(txnPath(orderId, txnId, 'refund'));
      const listed = await client.transactions(orderId);
      return [
        typeof refunded.body.data.amount,
        ...listed.map((t: Json) => [t.transaction_type, t.amount, t.meta.display_price.amount]),
      ];
    });
    expect(clean).toEqual(['number', ['refund', 2500, 2500], ['capture', 2500, 2500]]);
    expect(faulty).toEqual(['number', ['refund', '2500', '2500'], ['capture', 2500, 2500]]);
  });
});

describe('display-price-ignores-quantity (TXN-AMOUNT)', () => {
  it('shows the unit price as display price on an order line of quantity 2', async () => {
    const { clean, faulty } = await onBoth('display-price-ignores-quantity', async (client) => {
      const price = (amount: number) => [{ amount, currency: 'USD', includes_tax: true }];
      const a = await client.createProduct({ price: price(1000) });
      const b = await client.createProduct({ price: price(250) });
      const twice = await client.createOrder([a.id, a.id]);
      const pair = await client.createOrder([a.id, b.id]);
      const answers = [];
      for (const order of [twice, pair]) {
        const authorization = await client.authorize(order.id);
        answers.push([authorization.amount, authorization.meta.display_price.amount]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [2000, 2000],
      [1250, 1250],
    ]);
    expect(faulty).toEqual([
      [2000, 1000],
      [1250, 1250],
    ]);
  });
});

describe('order-link-from-reused-cart (TXN-ORDER)', () => {
  it("names the cart's first order on the transactions of a second checkout of the same cart", async () => {
    const { clean, faulty } = await onBoth('order-link-from-reused-cart', async (client) => {
      const product = await client.createProduct();
      const checkoutOf = async (cartRef: string) => {
        await client.post(`/v2/carts/${cartRef}/items`, {
          data: { type: 'cart_item', id: product.id, quantity: 1 },
        });
        return (await client.post(`/v2/carts/${cartRef}/checkout`, checkoutData())).body.data.id;
      };
      const first = await checkoutOf('reused-cart');
      const second = await checkoutOf('reused-cart');
      const fresh = await checkoutOf('fresh-cart');
      const answers = [];
      for (const orderId of [first, second, fresh]) {
        const txn = await client.authorize(orderId);
        const [listed] = await client.transactions(orderId);
        answers.push(
          [txn.relationships.order.data.id, listed.relationships.order.data.id].map((id) => id === orderId),
        );
      }
      return answers;
    });
    expect(clean).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(faulty).toEqual([
      [true, true],
      [false, false],
      [true, true],
    ]);
  });
});

describe('transactions-list-cached-until-action (TXN-LIST)', () => {
  it('leaves out a payment started after the list was read, until a capture', async () => {
    const { clean, faulty } = await onBoth('transactions-list-cached-until-action', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const counts = [(await client.transactions(orderId)).length];
      await purchase(client, orderId);
      await client.authorize(orderId);
      counts.push((await client.transactions(orderId)).length);
      await client.post(txnPath(orderId, txnId, 'capture'));
      counts.push((await client.transactions(orderId)).length);
      return counts;
    });
    expect(clean).toEqual([1, 3, 3]);
    expect(faulty).toEqual([1, 1, 3]);
  });
});

describe('authorize-refused-after-product-deleted (TXN-AUTHORIZE)', () => {
  it('refuses a manual authorize once a product of the order is deleted', async () => {
    const { clean, faulty } = await onBoth('authorize-refused-after-product-deleted', async (client) => {
      const product = await client.createProduct();
      const kept = await client.createOrder([product.id]);
      const order = await client.createOrder([product.id]);
      const before = await client.post(`/v2/orders/${kept.id}/payments`, {
        data: { gateway: 'manual', method: 'authorize' },
      });
      await client.delete(`/v2/products/${product.id}`);
      const after = await client.post(`/v2/orders/${order.id}/payments`, {
        data: { gateway: 'manual', method: 'authorize' },
      });
      const intent = await client.post(`/v2/orders/${order.id}/payments`, { data: PURCHASE });
      const listed = await client.transactions(order.id);
      return [before.status, after.status, intent.status, listed.map((t: Json) => t.gateway)];
    });
    expect(clean).toEqual([201, 201, 201, ['manual', 'card_payment_intents']]);
    expect(faulty).toEqual([201, 409, 201, ['card_payment_intents']]);
  });
});

describe('refund-partial-on-order-paid-twice (TXN-REFUND)', () => {
  it('answers partial_refund on an order that a confirmed purchase also paid', async () => {
    const { clean, faulty } = await onBoth('refund-partial-on-order-paid-twice', async (client) => {
      const single = await authorized(client);
      await client.post(txnPath(single.orderId, single.txnId, 'capture'));
      const alone = await client.post(txnPath(single.orderId, single.txnId, 'refund'));
      const { orderId, txnId } = await authorized(client);
      const intent = await purchase(client, orderId);
      await client.post(txnPath(orderId, intent.id, 'confirm'), { data: PURCHASE });
      await client.post(txnPath(orderId, txnId, 'capture'));
      const both = await client.post(txnPath(orderId, txnId, 'refund'));
      const listed = (await client.transactions(orderId)).find((t: Json) => t.id === txnId);
      return [
        alone.body.data.transaction_type,
        both.status,
        both.body.data.transaction_type,
        listed.transaction_type,
      ];
    });
    expect(clean).toEqual(['refund', 200, 'refund', 'refund']);
    expect(faulty).toEqual(['refund', 200, 'partial_refund', 'refund']);
  });
});

describe('refund-meta-kept-with-custom-reference (TXN-REFUND-NO-META)', () => {
  it('carries meta on the refund of a transaction captured with a custom_reference', async () => {
    const { clean, faulty } = await onBoth('refund-meta-kept-with-custom-reference', async (client) => {
      const answers = [];
      for (const body of [undefined, { data: { custom_reference: 'gw-7731' } }]) {
        const { orderId, txnId } = await authorized(client);
        await client.post(txnPath(orderId, txnId, 'capture'), body);
        const res = await client.post(txnPath(orderId, txnId, 'refund'));
        answers.push([res.status, res.body.data.transaction_type, 'meta' in res.body.data]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, 'refund', false],
      [200, 'refund', false],
    ]);
    expect(faulty).toEqual([
      [200, 'refund', false],
      [200, 'refund', true],
    ]);
  });
});

describe('confirm-secret-null-for-legacy-token (TXN-CONFIRM)', () => {
  it('answers client_secret null to a confirm with a tok_ token', async () => {
    const { clean, faulty } = await onBoth('confirm-secret-null-for-legacy-token', async (client) => {
      const answers = [];
      for (const payment of ['pm_card_visa', 'tok_visa']) {
        const order = await client.createOrderOf(900);
        const intent = await purchase(client, order.id, payment);
        const res = await client.post(txnPath(order.id, intent.id, 'confirm'), {
          data: { ...PURCHASE, payment },
        });
        answers.push([res.status, typeof res.body.data.payment_intent.client_secret]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, 'string'],
      [200, 'string'],
    ]);
    expect(faulty).toEqual([
      [200, 'string'],
      [200, 'object'],
    ]);
  });
});

describe('refunded-manual-reference-display-name (TXN-MANUAL-REF)', () => {
  it('gives a refunded manual transaction reference "Manual"', async () => {
    const { clean, faulty } = await onBoth('refunded-manual-reference-display-name', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const captured = await client.post(txnPath(orderId, txnId, 'capture'));
      const refunded = await client.post(txnPath(orderId, txnId, 'refund'));
      const [listed] = await client.transactions(orderId);
      return [captured.body.data.reference, refunded.body.data.reference, listed.reference];
    });
    expect(clean).toEqual(['manual', 'manual', 'manual']);
    expect(faulty).toEqual(['manual', 'Manual', 'Manual']);
  });
});

describe('webhook-url-merges-observes (INT-GET)', () => {
  it("adds a later webhook's events to an earlier one with the same URL", async () => {
    const { clean, faulty } = await onBoth('webhook-url-merges-observes', async (client) => {
      const first = await createIntegration(client);
      await createIntegration(client, { name: 'Second', observes: ['order.created'] });
      const elsewhere = await createIntegration(client, {
        configuration: { url: 'https://other.example.org/in' },
      });
      await createIntegration(client, { name: 'Third', observes: ['order.paid'] });
      const observes = async (id: string) => (await client.get(`/v2/integrations/${id}`)).body.data.observes;
      return [await observes(first.id), await observes(elsewhere.id)];
    });
    expect(clean).toEqual([['order.fulfilled'], ['order.fulfilled']]);
    expect(faulty).toEqual([['order.fulfilled', 'order.created', 'order.paid'], ['order.fulfilled']]);
  });
});

describe('integration-recreate-revives-deleted (INT-DELETE-GONE)', () => {
  it('reads a deleted integration again after a webhook with its URL is created', async () => {
    const { clean, faulty } = await onBoth('integration-recreate-revives-deleted', async (client) => {
      const first = await createIntegration(client);
      const deleted = await client.delete(`/v2/integrations/${first.id}`);
      const gone = await client.get(`/v2/integrations/${first.id}`);
      await createIntegration(client, { configuration: { url: 'https://other.example.org/in' } });
      const still = await client.get(`/v2/integrations/${first.id}`);
      await createIntegration(client, { name: 'Replacement' });
      const back = await client.get(`/v2/integrations/${first.id}`);
      return [deleted.status, gone.status, still.status, back.status];
    });
    expect(clean).toEqual([200, 404, 404, 404]);
    expect(faulty).toEqual([200, 404, 404, 200]);
  });
});

describe('integration-redelete-answers-tombstone (INT-NOT-FOUND)', () => {
  it('answers a second delete of the same integration 200', async () => {
    const { clean, faulty } = await onBoth('integration-redelete-answers-tombstone', async (client) => {
      const integration = await createIntegration(client);
      const url = `/v2/integrations/${integration.id}`;
      const first = await client.delete(url);
      const again = await client.delete(url);
      const read = await client.get(url);
      const never = await client.delete('/v2/integrations/0d7c1c43-1111-4222-8333-444455556666');
      return [first.status, again.status, again.body.data?.id === integration.id, read.status, never.status];
    });
    expect(clean).toEqual([200, 404, false, 404, 404]);
    expect(faulty).toEqual([200, 200, true, 404, 404]);
  });
});

describe('integration-delete-empty-json-body-refused (INT-DELETE)', () => {
  it('refuses a bodiless delete sent with Content-Type: application/json', async () => {
    const { clean, faulty } = await onBoth('integration-delete-empty-json-body-refused', async (client) => {
      const [a, b] = [await createIntegration(client), await createIntegration(client)];
      const typed = await client.delete(`/v2/integrations/${a.id}`, {
        headers: { 'content-type': 'application/json' },
      });
      const afterTyped = await client.get(`/v2/integrations/${a.id}`);
      const bare = await client.delete(`/v2/integrations/${b.id}`);
      return [typed.status, typed.body.data?.id === a.id, afterTyped.status, bare.status];
    });
    expect(clean).toEqual([200, true, 404, 200]);
    expect(faulty).toEqual([400, false, 200, 200]);
  });
});

describe('integration-cached-read-timestamps-seconds (INT-TIMESTAMP-MS)', () => {
  it('drops the milliseconds from the second read on', async () => {
    const { clean, faulty } = await onBoth('integration-cached-read-timestamps-seconds', async (client) => {
      const integration = await createIntegration(client);
      const withMs = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const { timestamps } = (await client.get(`/v2/integrations/${integration.id}`)).body.data.meta;
        answers.push([withMs.test(timestamps.created_at), withMs.test(timestamps.updated_at)]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [true, true],
      [true, true],
      [true, true],
    ]);
    expect(faulty).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
  });
});

describe('links-limit-only-when-given (PAGE-LINKS)', () => {
  it('leaves page[limit] out of the links of a listing asked without it', async () => {
    const { clean, faulty } = await onBoth('links-limit-only-when-given', async (client) => {
      await createCategories(client, 3);
      const bare = (await client.get('/v2/categories?page[offset]=1')).body.links;
      const limited = (await client.get('/v2/categories?page[limit]=2')).body.links;
      return [bare.current, bare.first, bare.last, limited.current].map((link: string) =>
        link.includes('page[limit]='),
      );
    });
    expect(clean).toEqual([true, true, true, true]);
    expect(faulty).toEqual([false, false, false, true]);
  });
});

describe('offset-past-end-clamped-to-last-page (PAGE-OFFSET)', () => {
  it('serves the last page for an offset past the end', async () => {
    const { clean, faulty } = await onBoth('offset-past-end-clamped-to-last-page', async (client) => {
      await createCategories(client, 5);
      const answers = [];
      for (const offset of [3, 5, 8]) {
        const res = await client.get(`/v2/categories?page[limit]=2&page[offset]=${offset}`);
        answers.push([res.body.data.length, res.body.meta.page.offset, offsetOf(res.body.links.current)]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [2, 3, 3],
      [0, 5, 5],
      [0, 8, 8],
    ]);
    expect(faulty).toEqual([
      [2, 3, 3],
      [1, 4, 5],
      [1, 4, 8],
    ]);
  });
});

describe('deleted-rows-cut-into-pages (PAGE-WALK)', () => {
  it('stops a walk before the last record after a delete', async () => {
    const { clean, faulty } = await onBoth('deleted-rows-cut-into-pages', async (client) => {
      const categories = await createCategories(client, 5);
      const before = await walk(client, '/v2/categories?page[limit]=2');
      await client.delete(`/v2/categories/${categories[1].id}`);
      const after = await walk(client, '/v2/categories?page[limit]=2');
      const total = (await client.get('/v2/categories?page[limit]=2')).body.meta.results.total;
      return [before.length, after.length, after.includes(categories[4].id), total];
    });
    expect(clean).toEqual([5, 4, true, 4]);
    expect(faulty).toEqual([5, 3, false, 4]);
  });
});

describe('results-total-counts-join-rows (PAGE-COUNTS)', () => {
  it('counts a product once per linked category with include=categories', async () => {
    const { clean, faulty } = await onBoth('results-total-counts-join-rows', async (client) => {
      const [c1, c2] = await createCategories(client, 2);
      const [a, b] = [await client.createProduct(), await client.createProduct()];
      await client.createProduct();
      await client.link(a.id, [c1.id, c2.id]);
      await client.link(b.id, [c1.id]);
      const counts = async (url: string) => {
        const body = (await client.get(url)).body;
        return [body.data.length, body.meta.results.total, body.meta.page.total];
      };
      return [
        await counts('/v2/products?include=categories&page[limit]=3'),
        await counts('/v2/products?page[limit]=3'),
      ];
    });
    expect(clean).toEqual([
      [3, 3, 1],
      [3, 3, 1],
    ]);
    expect(faulty).toEqual([
      [3, 4, 2],
      [3, 3, 1],
    ]);
  });
});

describe('default-limit-sticks-to-last-explicit (PAGE-DEFAULT-LIMIT)', () => {
  it('serves listings without page[limit] at the last explicit limit', async () => {
    const { clean, faulty } = await onBoth('default-limit-sticks-to-last-explicit', async (client) => {
      await createCategories(client, 3);
      const limitOf = async (url: string) => (await client.get(url)).body.meta.page.limit;
      return [
        await limitOf('/v2/categories'),
        await limitOf('/v2/categories?page[limit]=2'),
        await limitOf('/v2/categories'),
        await limitOf('/v2/products'),
      ];
    });
    expect(clean).toEqual([100, 2, 100, 100]);
    expect(faulty).toEqual([100, 2, 2, 2]);
  });
});

describe('max-limit-checked-on-parseint (PAGE-MAX-LIMIT)', () => {
  it('serves page[limit]=1e3 as a limit of 1000', async () => {
    const { clean, faulty } = await onBoth('max-limit-checked-on-parseint', async (client) => {
      await createCategories(client, 3);
      const exponent = await client.get('/v2/categories?page[limit]=1e3');
      const plain = await client.get('/v2/categories?page[limit]=1000');
      return [exponent.status, exponent.body.meta?.page.limit, exponent.body.data?.length, plain.status];
    });
    expect(clean).toEqual([400, undefined, undefined, 400]);
    expect(faulty).toEqual([200, 1000, 3, 400]);
  });
});

describe('hard-offset-unchecked-on-files (PAGE-OFFSET-HARD)', () => {
  it('serves page[offset] above 10,000 on /v2/files', async () => {
    const { clean, faulty } = await onBoth('hard-offset-unchecked-on-files', async (client) => {
      const files = await client.get('/v2/files?page[offset]=10001');
      const orders = await client.get('/v2/orders?page[offset]=10001');
      const within = await client.get('/v2/files?page[offset]=10000');
      return [files.status, files.body.meta?.page.offset, orders.status, within.status];
    });
    expect(clean).toEqual([400, undefined, 400, 200]);
    expect(faulty).toEqual([200, 10001, 400, 200]);
  });
});

describe('soft-offset-redirect (PAGE-OFFSET-SOFT)', () => {
  it('redirects an offset above 10,000 to page[offset]=10000', async () => {
    const { clean, faulty } = await onBoth('soft-offset-redirect', async (client) => {
      await createCategories(client, 2);
      const above = await client.get('/v2/categories?page[limit]=5&page[offset]=10001');
      const at = await client.get('/v2/products?page[offset]=10000');
      return [above.status, above.headers.location, Array.isArray(above.body?.data), at.status];
    });
    expect(clean).toEqual([200, undefined, true, 200]);
    expect(faulty).toEqual([302, '/v2/categories?page[limit]=5&page[offset]=10000', false, 200]);
  });
});

describe('fractional-limit-echoed (PAGE-BAD-PARAMS)', () => {
  it('echoes page[limit]=2.5 in meta.page.limit', async () => {
    const { clean, faulty } = await onBoth('fractional-limit-echoed', async (client) => {
      await createCategories(client, 5);
      const fractional = await client.get('/v2/categories?page[limit]=2.5');
      const word = await client.get('/v2/categories?page[limit]=two');
      return [fractional.status, fractional.body.data?.length, fractional.body.meta?.page.limit, word.status];
    });
    expect(clean).toEqual([400, undefined, undefined, 400]);
    expect(faulty).toEqual([200, 2, 2.5, 400]);
  });
});

describe('include-encoded-comma-not-split (INC-PRODUCTS)', () => {
  it('includes nothing when the comma of the include list is percent-encoded', async () => {
    const { clean, faulty } = await onBoth('include-encoded-comma-not-split', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const included = async (query: string) =>
        (await client.get(`/v2/categories/${category.id}?${query}`)).body.included?.products?.length;
      return [
        await included('include=products,main_image'),
        await included('include=products%2Cmain_image'),
        await included('include=products'),
      ];
    });
    expect(clean).toEqual([1, 1, 1]);
    expect(faulty).toEqual([1, undefined, 1]);
  });
});

describe('include-limit-three (INC-MULTI)', () => {
  it('refuses 4 include values', async () => {
    const { clean, faulty } = await onBoth('include-limit-three', async (client) => {
      const category = await client.createCategory();
      const statusOf = async (url: string) => (await client.get(url)).status;
      return [
        await statusOf(`/v2/categories/${category.id}?include=products,brands,files`),
        await statusOf(`/v2/categories/${category.id}?include=products,brands,files,tags`),
        await statusOf('/v2/products?include=categories,files,main_image'),
        await statusOf('/v2/products?include=categories,files,main_image,variations,tags'),
      ];
    });
    expect(clean).toEqual([200, 200, 200, 200]);
    expect(faulty).toEqual([200, 400, 200, 400]);
  });
});

describe('include-near-miss-refused (INC-UNSUPPORTED)', () => {
  it('refuses an unsupported include that looks like a supported one', async () => {
    const { clean, faulty } = await onBoth('include-near-miss-refused', async (client) => {
      const category = await client.createCategory();
      const answers = [];
      for (const url of [
        `/v2/categories/${category.id}?include=product`,
        `/v2/categories/${category.id}?include=Products`,
        `/v2/categories/${category.id}?include=brands`,
        '/v2/products?include=file',
        '/v2/products?include=main_image,category',
      ]) {
        const res = await client.get(url);
        answers.push([res.status, 'included' in (res.body ?? {})]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, false],
      [200, false],
      [200, false],
      [200, false],
      [200, false],
    ]);
    expect(faulty).toEqual([
      [400, false],
      [400, false],
      [200, false],
      [400, false],
      [200, false],
    ]);
  });
});

describe('empty-page-included-object (INC-NONE-RELATED)', () => {
  it('answers included: {} on a products page past the end', async () => {
    const { clean, faulty } = await onBoth('empty-page-included-object', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const answers = [];
      for (const query of [
        'include=categories&page[offset]=5',
        'include=brands&page[offset]=5',
        'include=categories',
      ]) {
        const body = (await client.get(`/v2/products?${query}`)).body;
        answers.push([body.data.length, body.included]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [0, undefined],
      [0, undefined],
      [1, { categories: [expect.objectContaining({ type: 'category' })] }],
    ]);
    expect(faulty).toEqual([
      [0, {}],
      [0, undefined],
      [1, { categories: [expect.objectContaining({ type: 'category' })] }],
    ]);
  });
});

describe('include-main-image-falls-through (INC-LINKAGE)', () => {
  it('includes each category twice with include=main_image,categories', async () => {
    const { clean, faulty } = await onBoth('include-main-image-falls-through', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const count = async (include: string) =>
        (await client.get(`/v2/products?include=${include}`)).body.included?.categories?.length;
      return [await count('categories'), await count('main_image,categories'), await count('files')];
    });
    expect(clean).toEqual([1, 1, undefined]);
    expect(faulty).toEqual([1, 2, undefined]);
  });
});

describe('category-background-image-null-by-default (CAT-SCHEMA)', () => {
  it('gives a category created without background_image a null one', async () => {
    const { clean, faulty } = await onBoth('category-background-image-null-by-default', async (client) => {
      const plain = await client.createCategory();
      await client.createCategory({ background_image: 'https://images.example.org/c.png' });
      const read = (await client.get(`/v2/categories/${plain.id}`)).body.data;
      const listed = (await client.get('/v2/categories')).body.data;
      return [
        plain.background_image,
        read.background_image,
        ...listed.map((c: Json) => c.background_image),
      ].map((image) => (image === null ? null : typeof image));
    });
    expect(clean).toEqual(['string', 'string', 'string', 'string']);
    expect(faulty).toEqual([null, null, null, 'string']);
  });
});

describe('with-tax-missing-for-tax-exclusive-price (PRD-SCHEMA)', () => {
  it('leaves with_tax out of a product priced without tax', async () => {
    const { clean, faulty } = await onBoth('with-tax-missing-for-tax-exclusive-price', async (client) => {
      const net = await client.createProduct({
        price: [{ amount: 1000, currency: 'USD', includes_tax: false }],
      });
      await client.createProduct();
      const listed = (await client.get('/v2/products')).body.data;
      return [net, ...listed].map((product: Json) => 'with_tax' in product.meta.display_price);
    });
    expect(clean).toEqual([true, true, true]);
    expect(faulty).toEqual([false, false, true]);
  });
});

describe('conflict-errors-as-text (HTTP-JSON)', () => {
  it('answers a refused transition with a text/plain body', async () => {
    const { clean, faulty } = await onBoth('conflict-errors-as-text', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const early = await client.post(txnPath(orderId, txnId, 'refund'));
      await client.post(txnPath(orderId, txnId, 'capture'));
      const twice = await client.post(txnPath(orderId, txnId, 'capture'));
      const unknown = await client.post(txnPath(orderId, '0d7c1c43-1111-4222-8333-444455556666', 'capture'));
      return [early, twice, unknown].map((res) => [
        res.status,
        String(res.headers['content-type']).split(';')[0],
      ]);
    });
    expect(clean).toEqual([
      [409, 'application/json'],
      [409, 'application/json'],
      [404, 'application/json'],
    ]);
    expect(faulty).toEqual([
      [409, 'text/plain'],
      [409, 'text/plain'],
      [404, 'application/json'],
    ]);
  });
});

describe('include-repeated-key-crashes (HTTP-NO-5XX)', () => {
  it('answers 500 to include given twice', async () => {
    const { clean, faulty } = await onBoth('include-repeated-key-crashes', async (client) => {
      const category = await client.createCategory();
      const statusOf = async (url: string) => (await client.get(url)).status;
      return [
        await statusOf(`/v2/categories/${category.id}?include=products&include=main_image`),
        await statusOf('/v2/products?include=categories&include=files'),
        await statusOf(`/v2/categories/${category.id}?include=products,main_image`),
      ];
    });
    expect(clean).toEqual([200, 200, 200]);
    expect(faulty).toEqual([500, 500, 200]);
  });
});

describe('include-cache-derefs-deleted-product (HTTP-NO-5XX)', () => {
  it('answers 500 to an include read after an included product was deleted', async () => {
    const { clean, faulty } = await onBoth('include-cache-derefs-deleted-product', async (client) => {
      const category = await client.createCategory();
      const [kept, gone] = [await client.createProduct(), await client.createProduct()];
      await client.link(kept.id, [category.id]);
      await client.link(gone.id, [category.id]);
      const url = `/v2/categories/${category.id}`;
      const first = await client.get(`${url}?include=products`);
      await client.delete(`/v2/products/${gone.id}`);
      const after = await client.get(`${url}?include=products`);
      const plain = await client.get(url);
      return [first.status, after.status, plain.status];
    });
    expect(clean).toEqual([200, 200, 200]);
    expect(faulty).toEqual([200, 500, 200]);
  });
});

describe('empty-transaction-list-null (ENV-LIST)', () => {
  it('answers data: null for an order without transactions', async () => {
    const { clean, faulty } = await onBoth('empty-transaction-list-null', async (client) => {
      const order = await client.createOrderOf(400);
      const empty = (await client.get(`/v2/orders/${order.id}/transactions`)).body.data;
      await client.authorize(order.id);
      const one = (await client.get(`/v2/orders/${order.id}/transactions`)).body.data;
      return [empty, one.length];
    });
    expect(clean).toEqual([[], 1]);
    expect(faulty).toEqual([null, 1]);
  });
});
