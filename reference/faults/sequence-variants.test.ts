import { describe, expect, it } from 'vitest';
import { expectError, testClient } from '../../test-support/reference/client.ts';

const action = (order: string, txn: string, name: string) =>
  `/v2/orders/${order}/transactions/${txn}/${name}`;

describe('the variants of the sequences', () => {
  it('one-payment-per-order: a second payment of an order answers 409 and adds no transaction', async () => {
    const client = testClient({ variants: ['one-payment-per-order'] });
    const order = await client.createOrderOf(1999);
    await client.authorize(order.id);
    const intent = { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } };
    for (const data of [{ data: { gateway: 'manual', method: 'authorize' } }, intent])
      expectError(await client.post(`/v2/orders/${order.id}/payments`, data), 409);
    expect(await client.transactions(order.id)).toHaveLength(1);
  });

  it('one-refund-per-order: a refund on an order with a refunded transaction answers 409 and changes nothing', async () => {
    const client = testClient({ variants: ['one-refund-per-order'] });
    const order = await client.createOrderOf(1999);
    const [a, b] = [await client.authorize(order.id), await client.authorize(order.id)];
    for (const txn of [a, b])
      expect((await client.post(action(order.id, txn.id, 'capture'))).status).toBe(200);
    expect((await client.post(action(order.id, a.id, 'refund'))).status).toBe(200);
    expectError(await client.post(action(order.id, b.id, 'refund')), 409);
    const types = (await client.transactions(order.id)).map((t) => t.transaction_type);
    expect(types).toEqual(['refund', 'capture']);
  });

  it('one-capture-per-order: a capture or a confirm on an order already paid answers 409 and changes nothing', async () => {
    const client = testClient({ variants: ['one-capture-per-order'] });
    const order = await client.createOrderOf(1999);
    const [a, b] = [await client.authorize(order.id), await client.authorize(order.id)];
    const intent = { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } };
    expect((await client.post(`/v2/orders/${order.id}/payments`, intent)).status).toBeLessThan(300);
    const purchase = (await client.transactions(order.id)).find((t) => t.gateway === 'card_payment_intents');
    expect((await client.post(action(order.id, a.id, 'capture'))).status).toBe(200);
    expectError(await client.post(action(order.id, b.id, 'capture')), 409);
    expectError(await client.post(action(order.id, String(purchase?.id), 'confirm'), intent), 409);
    const types = (await client.transactions(order.id)).map((t) => t.transaction_type);
    expect(types).toEqual(['capture', 'authorize', 'purchase']);
  });

  it('category-with-products-kept: a category that relates products is not deleted, one that relates none is', async () => {
    const client = testClient({ variants: ['category-with-products-kept'] });
    const [kept, gone] = [await client.createCategory(), await client.createCategory()];
    await client.link((await client.createProduct()).id, [kept.id]);
    expectError(await client.delete(`/v2/categories/${kept.id}`), 409);
    expect((await client.get(`/v2/categories/${kept.id}`)).status).toBe(200);
    expect((await client.delete(`/v2/categories/${gone.id}`)).status).toBe(200);
  });
});
