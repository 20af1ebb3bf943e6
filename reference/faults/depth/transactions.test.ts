import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, type TestClient, testClient } from '../../test-support.ts';
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
