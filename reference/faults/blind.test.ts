import { describe, expect, it } from 'vitest';
import {
  createIntegrationOf,
  type Json,
  onBoth,
  type TestClient,
  txnPath,
} from '../../test-support/reference/client.ts';

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

/** An order of one product with a manual authorization on it. */
async function authorized(client: TestClient): Promise<{ orderId: string; txnId: string }> {
  const order = await client.createOrderOf(1999);
  await client.authorize(order.id);
  const [txn] = await client.transactions(order.id);
  return { orderId: order.id, txnId: txn.id };
}

const PURCHASE = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };

async function createCategories(client: TestClient, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await client.createCategory();
}

describe('auth-absent-header-passes-on-refund (AUTH-REQUIRED)', () => {
  it('serves and applies a refund sent without Authorization', async () => {
    const { clean, faulty } = await onBoth('auth-absent-header-passes-on-refund', async (client) => {
      const { orderId, txnId } = await authorized(client);
      await client.post(txnPath(orderId, txnId, 'capture'));
      const res = await client.post(txnPath(orderId, txnId, 'refund'), undefined, { token: null });
      const [after] = await client.transactions(orderId);
      return [res.status, res.body.data === undefined, after.transaction_type];
    });
    expect(clean).toEqual([401, true, 'capture']);
    expect(faulty).toEqual([200, false, 'refund']);
  });
});

describe('auth-token-compared-case-insensitively (AUTH-INVALID)', () => {
  it('accepts the token written in upper case', async () => {
    const { clean, faulty } = await onBoth('auth-token-compared-case-insensitively', async (client) => {
      await client.createCategory();
      const res = await client.get('/v2/categories', { token: 'TEST-TOKEN' });
      const other = await client.get('/v2/categories', { token: 'wrong-token' });
      return [res.status, Array.isArray(res.body.data), other.status];
    });
    expect(clean).toEqual([401, false, 401]);
    expect(faulty).toEqual([200, true, 401]);
  });
});

describe('auth-invalid-token-delete-still-deletes (AUTH-INVALID)', () => {
  it('answers 401 to a delete with a wrong token but deletes the integration', async () => {
    const { clean, faulty } = await onBoth('auth-invalid-token-delete-still-deletes', async (client) => {
      const integration = await createIntegration(client);
      const res = await client.delete(`/v2/integrations/${integration.id}`, { token: 'not-the-token' });
      const after = await client.get(`/v2/integrations/${integration.id}`);
      return [res.status, after.status];
    });
    expect(clean).toEqual([401, 200]);
    expect(faulty).toEqual([401, 404]);
  });
});

describe('auth-skipped-for-percent-encoded-path (AUTH-REQUIRED)', () => {
  it('serves an integration read without Authorization when the id is percent-encoded', async () => {
    const { clean, faulty } = await onBoth('auth-skipped-for-percent-encoded-path', async (client) => {
      const integration = await createIntegration(client);
      const encoded = integration.id.replaceAll('-', '%2D');
      const withToken = await client.get(`/v2/integrations/${encoded}`);
      const res = await client.get(`/v2/integrations/${encoded}`, { token: null });
      const plain = await client.get(`/v2/integrations/${integration.id}`, { token: null });
      return [withToken.status, res.status, res.body.data?.id === integration.id, plain.status];
    });
    expect(clean).toEqual([200, 401, false, 401]);
    expect(faulty).toEqual([200, 200, true, 401]);
  });
});

describe('capture-empty-custom-reference-dropped (TXN-CAPTURE-REF)', () => {
  it('drops an empty custom_reference from the capture answer', async () => {
    const { clean, faulty } = await onBoth('capture-empty-custom-reference-dropped', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const res = await client.post(txnPath(orderId, txnId, 'capture'), { data: { custom_reference: '' } });
      return [res.status, res.body.data.transaction_type, 'custom_reference' in res.body.data];
    });
    expect(clean).toEqual([200, 'capture', true]);
    expect(faulty).toEqual([200, 'capture', false]);
  });
});

describe('transactions-list-hides-refunded (TXN-LIST)', () => {
  it('leaves a refunded transaction out of the listing', async () => {
    const { clean, faulty } = await onBoth('transactions-list-hides-refunded', async (client) => {
      const { orderId, txnId } = await authorized(client);
      await client.authorize(orderId);
      const before = (await client.transactions(orderId)).length;
      await client.post(txnPath(orderId, txnId, 'capture'));
      await client.post(txnPath(orderId, txnId, 'refund'));
      const after = await client.transactions(orderId);
      return [before, after.map((t: Json) => t.transaction_type)];
    });
    expect(clean).toEqual([2, ['refund', 'authorize']]);
    expect(faulty).toEqual([2, ['authorize']]);
  });
});

describe('capture-accepts-transaction-of-other-order (TXN-UNKNOWN)', () => {
  it("captures another order's transaction through this order's path", async () => {
    const { clean, faulty } = await onBoth('capture-accepts-transaction-of-other-order', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const other = await client.createOrderOf(500);
      const res = await client.post(txnPath(other.id, txnId, 'capture'));
      const own = await client.post(txnPath(orderId, txnId, 'capture'));
      return [res.status, res.body.data?.relationships.order.data.id === orderId, own.status];
    });
    expect(clean).toEqual([404, false, 200]);
    expect(faulty).toEqual([200, true, 409]);
  });
});

describe('authorize-unknown-gateway-as-manual (TXN-AUTHORIZE-MANUAL-ONLY)', () => {
  it('authorizes with an unknown gateway and adds a manual transaction', async () => {
    const { clean, faulty } = await onBoth('authorize-unknown-gateway-as-manual', async (client) => {
      const order = await client.createOrderOf(1999);
      const res = await client.post(`/v2/orders/${order.id}/payments`, {
        data: { gateway: 'stripe', method: 'authorize' },
      });
      return [res.status, (await client.transactions(order.id)).map((t: Json) => t.gateway)];
    });
    expect(clean).toEqual([422, []]);
    expect(faulty).toEqual([201, ['manual']]);
  });
});

describe('confirm-reference-from-first-transaction (TXN-CONFIRM)', () => {
  it("answers reference 'manual' when the order was authorized manually first", async () => {
    const { clean, faulty } = await onBoth('confirm-reference-from-first-transaction', async (client) => {
      const order = await client.createOrderOf(1999);
      const alone = await client.createOrderOf(1999);
      const answers = [];
      for (const [id, manualFirst] of [
        [order.id, true],
        [alone.id, false],
      ] as const) {
        if (manualFirst) await client.authorize(id);
        const started = await client.post(`/v2/orders/${id}/payments`, { data: PURCHASE });
        const res = await client.post(txnPath(id, started.body.data.id, 'confirm'), { data: PURCHASE });
        answers.push([res.status, res.body.data.gateway, /^pi_/.test(res.body.data.reference)]);
      }
      return answers;
    });
    expect(clean).toEqual([
      [200, 'card_payment_intents', true],
      [200, 'card_payment_intents', true],
    ]);
    expect(faulty).toEqual([
      [200, 'card_payment_intents', false],
      [200, 'card_payment_intents', true],
    ]);
  });
});

describe('capture-reference-overwritten-by-custom (TXN-MANUAL-REF)', () => {
  it('replaces the manual reference by the custom reference', async () => {
    const { clean, faulty } = await onBoth('capture-reference-overwritten-by-custom', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const res = await client.post(txnPath(orderId, txnId, 'capture'), {
        data: { custom_reference: 'ext-123' },
      });
      const [listed] = await client.transactions(orderId);
      return [
        res.body.data.gateway,
        res.body.data.reference,
        res.body.data.custom_reference,
        listed.reference,
      ];
    });
    expect(clean).toEqual(['manual', 'manual', 'ext-123', 'manual']);
    expect(faulty).toEqual(['manual', 'ext-123', 'ext-123', 'ext-123']);
  });
});

describe('integration-read-cached-after-delete (INT-DELETE-GONE)', () => {
  it('still reads an integration after its delete when it was read before', async () => {
    const { clean, faulty } = await onBoth('integration-read-cached-after-delete', async (client) => {
      const [read, unread] = [await createIntegration(client), await createIntegration(client)];
      await client.get(`/v2/integrations/${read.id}`);
      const deletes = [
        await client.delete(`/v2/integrations/${read.id}`),
        await client.delete(`/v2/integrations/${unread.id}`),
      ];
      const after = [
        await client.get(`/v2/integrations/${read.id}`),
        await client.get(`/v2/integrations/${unread.id}`),
      ];
      return [...deletes, ...after].map((res) => res.status);
    });
    expect(clean).toEqual([200, 200, 404, 404]);
    expect(faulty).toEqual([200, 200, 200, 404]);
  });
});

describe('integration-observes-first-event-only (INT-GET)', () => {
  it('reads back only the first of several observed events', async () => {
    const { clean, faulty } = await onBoth('integration-observes-first-event-only', async (client) => {
      const observes = ['order.fulfilled', 'order.created'];
      const integration = await createIntegration(client, { observes });
      return (await client.get(`/v2/integrations/${integration.id}`)).body.data.observes;
    });
    expect(clean).toEqual(['order.fulfilled', 'order.created']);
    expect(faulty).toEqual(['order.fulfilled']);
  });
});

describe('integration-delete-unknown-succeeds (INT-NOT-FOUND)', () => {
  it('answers 200 to the delete of an id that names no integration', async () => {
    const { clean, faulty } = await onBoth('integration-delete-unknown-succeeds', async (client) => {
      const unknown = '0d7c1c43-1111-4222-8333-444455556666';
      const res = await client.delete(`/v2/integrations/${unknown}`);
      const read = await client.get(`/v2/integrations/${unknown}`);
      return [res.status, res.body.data?.id, read.status];
    });
    expect(clean).toEqual([404, undefined, 404]);
    expect(faulty).toEqual([200, '0d7c1c43-1111-4222-8333-444455556666', 404]);
  });
});

describe('page-next-at-exact-multiple (PAGE-PREV-NEXT)', () => {
  it('gives the last page a next link when the total is a multiple of the limit', async () => {
    const { clean, faulty } = await onBoth('page-next-at-exact-multiple', async (client) => {
      await createCategories(client, 4);
      const last = await client.get('/v2/categories?page[limit]=2&page[offset]=2');
      const partial = await client.get('/v2/categories?page[limit]=3&page[offset]=3');
      return [last.body.data.length, last.body.links.next, partial.body.links.next];
    });
    expect(clean).toEqual([2, null, null]);
    expect(faulty).toEqual([2, 'http://ref.test:4010/v2/categories?page[limit]=2&page[offset]=4', null]);
  });
});

describe('page-total-rounded-down (PAGE-COUNTS)', () => {
  it('rounds meta.page.total down when the total is not a multiple of the limit', async () => {
    const { clean, faulty } = await onBoth('page-total-rounded-down', async (client) => {
      await createCategories(client, 5);
      const pages = async (limit: number) =>
        (await client.get(`/v2/categories?page[limit]=${limit}`)).body.meta.page.total;
      return [await pages(2), await pages(5), await pages(100)];
    });
    expect(clean).toEqual([3, 1, 1]);
    expect(faulty).toEqual([2, 1, 0]);
  });
});

describe('page-limit-encoded-brackets-ignored (PAGE-LIMIT)', () => {
  it('ignores page[limit] spelt with percent-encoded brackets', async () => {
    const { clean, faulty } = await onBoth('page-limit-encoded-brackets-ignored', async (client) => {
      await createCategories(client, 3);
      const encoded = await client.get('/v2/categories?page%5Blimit%5D=2');
      const plain = await client.get('/v2/categories?page[limit]=2');
      return [encoded.body.data.length, encoded.body.meta.page.limit, plain.body.meta.page.limit];
    });
    expect(clean).toEqual([2, 2, 2]);
    expect(faulty).toEqual([3, 100, 2]);
  });
});

describe('page-max-limit-unchecked-past-first-page (PAGE-MAX-LIMIT)', () => {
  it('serves page[limit]=150 when page[offset] is above 0', async () => {
    const { clean, faulty } = await onBoth('page-max-limit-unchecked-past-first-page', async (client) => {
      for (let i = 0; i < 160; i++) client.ctx.store.add(client.ctx.store.categories, categoryRecord(i));
      const first = await client.get('/v2/categories?page[limit]=150');
      const later = await client.get('/v2/categories?page[limit]=150&page[offset]=5');
      return [first.status, later.status, later.body.data?.length, later.body.meta?.page.limit];
    });
    expect(clean).toEqual([400, 400, undefined, undefined]);
    expect(faulty).toEqual([400, 200, 150, 150]);
  });
});

function categoryRecord(n: number) {
  return {
    name: `Bulk category ${n}`,
    slug: `bulk-category-${n}`,
    description: '',
    status: 'live',
    backgroundColour: '#ffffff',
    backgroundImage: 'https://images.invalid/x.png',
    productIds: [],
  };
}

describe('page-hard-offset-only-with-limit (PAGE-OFFSET-HARD)', () => {
  it('serves /v2/orders and /v2/files with page[offset] above 10,000 when no page[limit] is given', async () => {
    const { clean, faulty } = await onBoth('page-hard-offset-only-with-limit', async (client) => {
      const urls = [
        '/v2/orders?page[offset]=10001',
        '/v2/files?page[offset]=10001',
        '/v2/orders?page[limit]=10&page[offset]=10001',
      ];
      const answers = [];
      for (const url of urls) answers.push((await client.get(url)).status);
      return answers;
    });
    expect(clean).toEqual([400, 400, 400]);
    expect(faulty).toEqual([200, 200, 400]);
  });
});

describe('include-empty-products-after-unlink (INC-NONE-RELATED)', () => {
  it('answers an empty included.products for a category whose products were deleted', async () => {
    const { clean, faulty } = await onBoth('include-empty-products-after-unlink', async (client) => {
      const [emptied, fresh] = [await client.createCategory(), await client.createCategory()];
      const product = await client.createProduct();
      await client.link(product.id, [emptied.id]);
      await client.delete(`/v2/products/${product.id}`);
      const read = async (id: string) => (await client.get(`/v2/categories/${id}?include=products`)).body;
      return [(await read(emptied.id)).included, (await read(fresh.id)).included];
    });
    expect(clean).toEqual([undefined, undefined]);
    expect(faulty).toEqual([{ products: [] }, undefined]);
  });
});

describe('include-several-values-unknown-refused (INC-MULTI)', () => {
  it('refuses a comma-separated include with a value the endpoint does not support', async () => {
    const { clean, faulty } = await onBoth('include-several-values-unknown-refused', async (client) => {
      await client.createProduct();
      const urls = [
        '/v2/products?include=main_image,category',
        '/v2/products?include=category',
        '/v2/products?include=main_image,categories',
      ];
      const answers = [];
      for (const url of urls) answers.push((await client.get(url)).status);
      return answers;
    });
    expect(clean).toEqual([200, 200, 200]);
    expect(faulty).toEqual([400, 200, 200]);
  });
});

describe('integration-delete-answers-text-plain (HTTP-JSON)', () => {
  it('labels the JSON body of a successful integration delete text/plain', async () => {
    const { clean, faulty } = await onBoth('integration-delete-answers-text-plain', async (client) => {
      const integration = await createIntegration(client);
      const res = await client.delete(`/v2/integrations/${integration.id}`);
      return [
        res.status,
        String(res.headers['content-type']).split(';')[0],
        res.body.data.id === integration.id,
      ];
    });
    expect(clean).toEqual([200, 'application/json', true]);
    expect(faulty).toEqual([200, 'text/plain', true]);
  });
});

describe('capture-non-string-reference-500 (HTTP-NO-5XX)', () => {
  it('answers 500 to a capture whose custom_reference is a number', async () => {
    const { clean, faulty } = await onBoth('capture-non-string-reference-500', async (client) => {
      const { orderId, txnId } = await authorized(client);
      const bad = await client.post(txnPath(orderId, txnId, 'capture'), { data: { custom_reference: 42 } });
      const good = await client.post(txnPath(orderId, txnId, 'capture'), { data: { custom_reference: 'r' } });
      return [bad.status, good.status];
    });
    expect(clean).toEqual([422, 200]);
    expect(faulty).toEqual([500, 200]);
  });
});
