import { describe, expect, it } from 'vitest';
import { type Json, onBoth, type TestClient } from '../../test-support/reference/client.ts';

const action = (orderId: string, txnId: string, name: string) =>
  `/v2/orders/${orderId}/transactions/${txnId}/${name}`;

/** An order of one product priced `amount` USD with `count` manual authorizations, oldest first. */
async function authorizedTwice(client: TestClient, amount = 1999) {
  const order = await client.createOrderOf(amount);
  const [a, b] = [await client.authorize(order.id), await client.authorize(order.id)];
  return { orderId: order.id as string, a: a.id as string, b: b.id as string };
}

/** The order's transactions as [label, transaction_type], labels from `names` (id → label). */
async function listed(client: TestClient, orderId: string, names: Record<string, string>) {
  return (await client.transactions(orderId)).map((t: Json) => [names[t.id] ?? t.id, t.transaction_type]);
}

describe('capture-updates-newest-authorization (TXN-CAPTURE, an authorization that is not the newest)', () => {
  it('captures the newest and answers the one asked for still authorized', async () => {
    const { clean, faulty } = await onBoth('capture-updates-newest-authorization', async (client) => {
      const { orderId, a, b } = await authorizedTwice(client);
      const res = await client.post(action(orderId, a, 'capture'));
      return {
        status: res.status,
        answered: [res.body.data.id === a, res.body.data.transaction_type],
        listed: await listed(client, orderId, { [a]: 'a', [b]: 'b' }),
      };
    });
    expect(clean).toEqual({
      status: 200,
      answered: [true, 'capture'],
      listed: [
        ['a', 'capture'],
        ['b', 'authorize'],
      ],
    });
    expect(faulty).toEqual({
      status: 200,
      answered: [true, 'authorize'],
      listed: [
        ['a', 'authorize'],
        ['b', 'capture'],
      ],
    });
  });

  it('captures the newest (or only) authorization as usual', async () => {
    const { clean, faulty } = await onBoth('capture-updates-newest-authorization', async (client) => {
      const { orderId, b } = await authorizedTwice(client);
      return (await client.post(action(orderId, b, 'capture'))).body.data.transaction_type;
    });
    expect([clean, faulty]).toEqual(['capture', 'capture']);
  });
});

describe('second-refund-on-order-skipped (TXN-REFUND, a second refund on one order)', () => {
  it('answers the second refund 200 with the transaction still captured', async () => {
    const { clean, faulty } = await onBoth('second-refund-on-order-skipped', async (client) => {
      const { orderId, a, b } = await authorizedTwice(client);
      for (const id of [a, b]) expect((await client.post(action(orderId, id, 'capture'))).status).toBe(200);
      const first = await client.post(action(orderId, a, 'refund'));
      const second = await client.post(action(orderId, b, 'refund'));
      return [
        first.status,
        first.body.data.transaction_type,
        second.status,
        second.body.data.transaction_type,
      ];
    });
    expect(clean).toEqual([200, 'refund', 200, 'refund']);
    expect(faulty).toEqual([200, 'refund', 200, 'capture']);
  });
});

describe('transactions-listed-one-per-gateway (TXN-LIST, several manual transactions on one order)', () => {
  it("lists only the newest of the order's manual transactions", async () => {
    const { clean, faulty } = await onBoth('transactions-listed-one-per-gateway', async (client) => {
      const { orderId, a, b } = await authorizedTwice(client);
      return listed(client, orderId, { [a]: 'a', [b]: 'b' });
    });
    expect(clean).toEqual([
      ['a', 'authorize'],
      ['b', 'authorize'],
    ]);
    expect(faulty).toEqual([['b', 'authorize']]);
  });
});

describe('manual-reference-from-order-intent (TXN-MANUAL-REF, an order with a manual and a payment-intent transaction)', () => {
  it('gives the manual transaction the payment-intent id as reference, and only on such an order', async () => {
    const { clean, faulty } = await onBoth('manual-reference-from-order-intent', async (client) => {
      const order = await client.createOrderOf(1999);
      const manual = await client.authorize(order.id);
      const alone = (await client.transactions(order.id))[0].reference;
      const intent = await client.post(`/v2/orders/${order.id}/payments`, {
        data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' },
      });
      expect(intent.status, intent.text).toBe(201);
      const both = (await client.transactions(order.id)).find((t: Json) => t.id === manual.id).reference;
      const captured = (await client.post(action(order.id, manual.id, 'capture'))).body.data.reference;
      return [alone, both === intent.body.data.reference ? 'intent id' : both, captured.slice(0, 3)];
    });
    expect(clean).toEqual(['manual', 'manual', 'man']);
    expect(faulty).toEqual(['manual', 'intent id', 'pi_']);
  });
});

describe('capture-reference-per-order (TXN-CAPTURE-REF, a second capture with a reference on one order)', () => {
  it('answers the first reference given on the order', async () => {
    const { clean, faulty } = await onBoth('capture-reference-per-order', async (client) => {
      const { orderId, a, b } = await authorizedTwice(client);
      const capture = async (id: string, reference: string) =>
        (await client.post(action(orderId, id, 'capture'), { data: { custom_reference: reference } })).body
          .data.custom_reference;
      return [await capture(a, 'first-ref'), await capture(b, 'second-ref')];
    });
    expect(clean).toEqual(['first-ref', 'second-ref']);
    expect(faulty).toEqual(['first-ref', 'first-ref']);
  });
});

describe('deleted-product-still-related (INC-PRODUCTS, a product deleted while a category links it)', () => {
  it("keeps the deleted product in the category's relationships, not in included", async () => {
    const { clean, faulty } = await onBoth('deleted-product-still-related', async (client) => {
      const category = await client.createCategory();
      const [gone, kept] = [await client.createProduct(), await client.createProduct()];
      for (const product of [gone, kept]) await client.link(product.id, [category.id]);
      expect((await client.delete(`/v2/products/${gone.id}`)).status).toBe(200);
      const read = await client.get(`/v2/categories/${category.id}?include=products`);
      const label = (id: string) => (id === gone.id ? 'gone' : 'kept');
      return {
        related: read.body.data.relationships.products.data.map((l: Json) => label(l.id)),
        included: read.body.included.products.map((p: Json) => label(p.id)),
      };
    });
    expect(clean).toEqual({ related: ['kept'], included: ['kept'] });
    expect(faulty).toEqual({ related: ['gone', 'kept'], included: ['kept'] });
  });
});

describe('deleted-category-still-included (INC-LINKAGE, a category deleted while a product links it)', () => {
  it('includes the deleted category beside the product that no longer relates it', async () => {
    const { clean, faulty } = await onBoth('deleted-category-still-included', async (client) => {
      const [gone, kept] = [await client.createCategory(), await client.createCategory()];
      const product = await client.createProduct();
      await client.link(product.id, [gone.id, kept.id]);
      expect((await client.delete(`/v2/categories/${gone.id}`)).status).toBe(200);
      const res = await client.get('/v2/products?include=categories');
      const label = (id: string) => (id === gone.id ? 'gone' : 'kept');
      return {
        related: res.body.data[0].relationships.categories.data.map((l: Json) => label(l.id)),
        included: res.body.included.categories.map((c: Json) => label(c.id)),
      };
    });
    expect(clean).toEqual({ related: ['kept'], included: ['kept'] });
    expect(faulty).toEqual({ related: ['kept'], included: ['kept', 'gone'] });
  });
});

describe('refund-without-token-carried-out (AUTH-REQUIRED, a refund without credentials)', () => {
  it('answers 401 but refunds the transaction; an invalid token changes nothing', async () => {
    const { clean, faulty } = await onBoth('refund-without-token-carried-out', async (client) => {
      const order = await client.createOrderOf(1999);
      const txn = await client.authorize(order.id);
      expect((await client.post(action(order.id, txn.id, 'capture'))).status).toBe(200);
      const invalid = await client.post(action(order.id, txn.id, 'refund'), undefined, { token: 'wrong' });
      const afterInvalid = (await client.transactions(order.id))[0].transaction_type;
      const none = await client.post(action(order.id, txn.id, 'refund'), undefined, { token: null });
      return [
        invalid.status,
        afterInvalid,
        none.status,
        none.body.data,
        (await client.transactions(order.id))[0].transaction_type,
      ];
    });
    expect(clean).toEqual([401, 'capture', 401, undefined, 'capture']);
    expect(faulty).toEqual([401, 'capture', 401, undefined, 'refund']);
  });
});

describe('amount-net-of-order-refunds (TXN-AMOUNT, an order where another transaction was refunded)', () => {
  it('shows the other transaction net of the refund, its display price gross', async () => {
    const { clean, faulty } = await onBoth('amount-net-of-order-refunds', async (client) => {
      const { orderId, a, b } = await authorizedTwice(client, 1999);
      for (const id of [a, b]) await client.post(action(orderId, id, 'capture'));
      const beforeRefund = (await client.transactions(orderId)).map((t: Json) => t.amount);
      await client.post(action(orderId, a, 'refund'));
      const other = (await client.transactions(orderId)).find((t: Json) => t.id === b);
      return [beforeRefund, other.amount, other.meta.display_price.amount];
    });
    expect(clean).toEqual([[1999, 1999], 1999, 1999]);
    expect(faulty).toEqual([[1999, 1999], 0, 1999]);
  });
});

describe('results-total-counts-deleted (PAGE-COUNTS, listings after a delete)', () => {
  it('counts the deleted product in meta.results.total and meta.page.total', async () => {
    const { clean, faulty } = await onBoth('results-total-counts-deleted', async (client) => {
      const products = [
        await client.createProduct(),
        await client.createProduct(),
        await client.createProduct(),
      ];
      const before = (await client.get('/v2/products?page[limit]=2')).body.meta;
      await client.delete(`/v2/products/${products[0].id}`);
      const after = await client.get('/v2/products?page[limit]=2');
      return [
        before.results.total,
        after.body.data.length,
        after.body.meta.results.total,
        after.body.meta.page.total,
      ];
    });
    expect(clean).toEqual([3, 2, 2, 1]);
    expect(faulty).toEqual([3, 2, 3, 2]);
  });
});
