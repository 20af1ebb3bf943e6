import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, type TestClient, testClient } from '../../../test-support/reference/client.ts';
import { amountFromFormatted } from './transactions.ts';

/** A new order with an authorized manual transaction. */
async function authorized(client: TestClient, amount = 1999) {
  const order = await client.createOrderOf(amount);
  const txn = await client.authorize(order.id);
  return { orderId: order.id as string, txnId: txn.id as string };
}

const capturePath = (orderId: string, txnId: string) => `/v2/orders/${orderId}/transactions/${txnId}/capture`;

describe('other-orders-transaction-accepted (TXN-UNKNOWN, a transaction of another order)', () => {
  const faulty = testClient({ faults: ['other-orders-transaction-accepted'] });

  it("captures and refunds another order's transaction under the path's order", async () => {
    const a = await authorized(faulty);
    const b = await authorized(faulty);
    const captured = await faulty.post(capturePath(a.orderId, b.txnId));
    expect(captured.status).toBe(200);
    expect(captured.body.data.id).toBe(b.txnId);
    expect(captured.body.data.relationships.order.data.id).toBe(a.orderId);
    expect((await faulty.transactions(b.orderId))[0].transaction_type).toBe('capture');
    const refunded = await faulty.post(`/v2/orders/${a.orderId}/transactions/${b.txnId}/refund`);
    expect(refunded.status).toBe(200);
  });

  it('still answers 404 for an id no order has, and acts as usual on the own order', async () => {
    const a = await authorized(faulty);
    expectError(await faulty.post(capturePath(a.orderId, randomUUID())), 404);
    const own = await faulty.post(capturePath(a.orderId, a.txnId));
    expect(own.status).toBe(200);
    expect(own.body.data.relationships.order.data.id).toBe(a.orderId);
  });
});

describe('capture-reference-truncated-64 (TXN-CAPTURE-REF, references above 64 characters)', () => {
  const faulty = testClient({ faults: ['capture-reference-truncated-64'] });
  const capture = async (reference: string) => {
    const { orderId, txnId } = await authorized(faulty);
    const res = await faulty.post(capturePath(orderId, txnId), { data: { custom_reference: reference } });
    expect(res.status).toBe(200);
    return res.body.data.custom_reference;
  };

  it('cuts a reference of more than 64 characters to 64, and keeps shorter ones', async () => {
    expect(await capture('r'.repeat(65))).toBe('r'.repeat(64));
    expect(await capture('é'.repeat(100))).toBe('é'.repeat(64));
    expect(await capture('🚀'.repeat(65))).toBe('🚀'.repeat(64));
    expect(await capture('r'.repeat(64))).toBe('r'.repeat(64));
    expect(await capture('🚀'.repeat(64))).toBe('🚀'.repeat(64));
  });
});

describe('capture-reference-latin1 (TXN-CAPTURE-REF, characters above U+00FF)', () => {
  const faulty = testClient({ faults: ['capture-reference-latin1'] });

  it('answers characters above U+00FF as "?", and Latin-1 unchanged', async () => {
    for (const [sent, answered] of [
      ['Ωmega-参考-🚀', '?mega-??-?'],
      ['café ñ ß ÿ', 'café ñ ß ÿ'],
      ['conformance-ascii-ref', 'conformance-ascii-ref'],
    ]) {
      const { orderId, txnId } = await authorized(faulty);
      const res = await faulty.post(capturePath(orderId, txnId), { data: { custom_reference: sent } });
      expect(res.body.data.custom_reference).toBe(answered);
    }
  });
});

describe('display-price-parsed-from-formatted (TXN-AMOUNT, from $1,000.00)', () => {
  const faulty = testClient({ faults: ['display-price-parsed-from-formatted'] });

  it('parses the formatted amount up to the thousands separator', () => {
    expect(amountFromFormatted('$999.99', 'USD')).toBe(99_999);
    expect(amountFromFormatted('$1,234.56', 'USD')).toBe(100);
    expect(amountFromFormatted('¥999', 'JPY')).toBe(999);
  });

  it('breaks amount = display_price.amount from 100,000 cents only', async () => {
    for (const [amount, display] of [
      [100, 100],
      [99_999, 99_999],
      [100_000, 100],
      [123_456_789, 100],
    ]) {
      const { orderId, txnId } = await authorized(faulty, amount);
      const [listed] = await faulty.transactions(orderId);
      expect(listed.amount).toBe(amount);
      expect(listed.meta.display_price.amount, `${amount}`).toBe(display);
      const captured = await faulty.post(capturePath(orderId, txnId));
      expect(captured.body.data.meta.display_price.amount, `${amount}`).toBe(display);
    }
  });
});

describe('display-price-first-item (TXN-AMOUNT, orders of several items)', () => {
  const faulty = testClient({ faults: ['display-price-first-item'] });

  it("shows the first item's price for an order of several items, and the total for an order of one", async () => {
    const usd = (amount: number) => ({ price: [{ amount, currency: 'USD', includes_tax: true }] });
    const [a, b] = [await faulty.createProduct(usd(100_000)), await faulty.createProduct(usd(1))];
    const several = await faulty.createOrder([a.id, b.id]);
    const txn = await faulty.authorize(several.id);
    expect(txn.amount).toBe(100_001);
    expect(txn.meta.display_price).toEqual({ amount: 100_000, currency: 'USD', formatted: '$1,000.00' });
    const [listed] = await faulty.transactions(several.id);
    expect(listed.meta.display_price.amount).toBe(100_000);
    const one = await authorized(faulty, 1999);
    const [alone] = await faulty.transactions(one.orderId);
    expect(alone.meta.display_price.amount).toBe(alone.amount);
  });
});

describe('minor-unit-amount-for-every-currency (TXN-AMOUNT, currencies without a minor unit)', () => {
  const faulty = testClient({ faults: ['minor-unit-amount-for-every-currency'] });

  it('gives a JPY amount in hundredths, and leaves USD alone', async () => {
    for (const [currency, amount, answered] of [
      ['JPY', 123_456, 12_345_600],
      ['USD', 123_456, 123_456],
    ] as const) {
      const product = await faulty.createProduct({ price: [{ amount, currency, includes_tax: false }] });
      const order = await faulty.createOrder([product.id]);
      const txn = await faulty.authorize(order.id);
      expect(txn.amount, currency).toBe(answered);
      expect(txn.meta.display_price.amount, currency).toBe(amount);
    }
  });
});

describe('authorize-unknown-gateways-accepted (TXN-AUTHORIZE-MANUAL-ONLY, gateways §2.1 does not name)', () => {
  const faulty = testClient({ faults: ['authorize-unknown-gateways-accepted'] });

  it('authorizes through stripe as through manual, and still refuses card_payment_intents', async () => {
    const order = await faulty.createOrderOf(1999);
    const paid = (gateway: string) =>
      faulty.post(`/v2/orders/${order.id}/payments`, { data: { gateway, method: 'authorize' } });
    const stripe = await paid('stripe');
    expect(stripe.status).toBe(201);
    expect(stripe.body.data.gateway).toBe('manual');
    expectError(await paid('card_payment_intents'), 422);
    expect(await faulty.transactions(order.id)).toHaveLength(1);
  });
});

describe('capture-reference-null-without-one (TXN-SCHEMA, captures without a body)', () => {
  const faulty = testClient({ faults: ['capture-reference-null-without-one'] });

  it('answers custom_reference null to a capture without one, and the reference to one with it', async () => {
    const bare = await authorized(faulty);
    const captured = await faulty.post(capturePath(bare.orderId, bare.txnId));
    expect(captured.status).toBe(200);
    expect(captured.body.data.custom_reference).toBe(null);
    const given = await authorized(faulty);
    const res = await faulty.post(capturePath(given.orderId, given.txnId), {
      data: { custom_reference: 'r-1' },
    });
    expect(res.body.data.custom_reference).toBe('r-1');
  });
});
