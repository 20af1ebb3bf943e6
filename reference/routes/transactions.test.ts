import { describe, expect, it } from 'vitest';
import { expectError, type Json, testClient } from '../../test-support/reference/client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MANUAL = { data: { gateway: 'manual', method: 'authorize' } };
const PURCHASE = { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } };

function txnUrl(orderId: string, txnId: string, action: string): string {
  return `/v2/orders/${orderId}/transactions/${txnId}/${action}`;
}

describe('POST /v2/orders/:orderId/payments (§4.1)', () => {
  it('authorizes through the manual gateway: a complete transaction of the order total', async () => {
    const client = testClient();
    const order = await client.createOrderOf(4200);
    const res = await client.post(`/v2/orders/${order.id}/payments`, MANUAL);
    expect(res.status).toBe(201);
    const txn = res.body.data;
    expect(txn).toMatchObject({
      type: 'transaction',
      reference: 'manual',
      gateway: 'manual',
      amount: 4200,
      currency: 'USD',
      transaction_type: 'authorize',
      status: 'complete',
      relationships: { order: { data: { type: 'order', id: order.id } } },
      meta: { display_price: { amount: 4200, currency: 'USD', formatted: '$42.00' } },
    });
    expect(txn.id).toMatch(UUID);
    expect(txn.meta.timestamps.created_at).toMatch(ISO_MS);
    expect(txn).not.toHaveProperty('custom_reference');
    expect(txn).not.toHaveProperty('payment_intent');
    expect(await client.transactions(order.id)).toEqual([txn]);
    expect((await client.get(`/v2/orders/${order.id}`)).body.data.payment).toBe('authorized');
  });

  it('starts a card_payment_intents purchase with a pi_ reference, pending', async () => {
    const client = testClient();
    const order = await client.createOrderOf(999);
    const res = await client.post(`/v2/orders/${order.id}/payments`, PURCHASE);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      gateway: 'card_payment_intents',
      transaction_type: 'purchase',
      status: 'pending',
      amount: 999,
    });
    expect(res.body.data.reference).toMatch(/^pi_[A-Za-z0-9]+$/);
    expect(res.body.data).not.toHaveProperty('payment_intent');
  });

  it.each([
    // §4.1: "The authorize endpoint is for the manual gateway only."
    [
      { data: { gateway: 'card_payment_intents', method: 'authorize' } },
      422,
      /^data\.method must be "purchase"/,
    ],
    [{ data: { gateway: 'stripe', method: 'authorize' } }, 422, /^data\.gateway must be "manual" or/],
    [{ data: { gateway: 'manual', method: 'purchase' } }, 422, /^data\.method must be "authorize"/],
    [{ data: { gateway: 'paypal', method: 'capture' } }, 422, /^data\.gateway must be "manual" or/],
    [{ data: { gateway: 'card_payment_intents', method: 'purchase' } }, 422, /^data\.payment is required/],
    [
      { data: { gateway: 'card_payment_intents', method: 'purchase', payment: '' } },
      422,
      /^data\.payment must not be empty/,
    ],
    [
      { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 42 } },
      422,
      /^data\.payment must be a string/,
    ],
    [{ data: { gateway: 'manual' } }, 422, /^data\.method is required/],
    [{ data: { gateway: 1, method: 'authorize' } }, 422, /^data\.gateway must be "manual" or/],
    [{ gateway: 'manual', method: 'authorize' }, 422, /^data is required/],
  ])('refuses %j (%i) and adds no transaction', async (body, status, detail) => {
    const client = testClient();
    const order = await client.createOrderOf(100);
    expectError(await client.post(`/v2/orders/${order.id}/payments`, body), status, detail);
    expect(await client.transactions(order.id)).toEqual([]);
  });

  it('refuses a payment body that is not JSON', async () => {
    const client = testClient();
    const order = await client.createOrderOf(100);
    const form = await client.request('POST', `/v2/orders/${order.id}/payments`, {
      raw: 'gateway=manual&method=authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(form, 415);
    expectError(await client.post(`/v2/orders/${order.id}/payments`), 422, /request body is required/);
    expect(await client.transactions(order.id)).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const client = testClient();
    expectError(await client.post('/v2/orders/nope/payments', MANUAL), 404, /no order/);
    expectError(await client.get('/v2/orders/nope/transactions'), 404);
  });
});

describe('capture, refund (§3, §4.1)', () => {
  async function authorized() {
    const client = testClient();
    const order = await client.createOrderOf(1500);
    const txn = await client.authorize(order.id);
    return { client, order, txn };
  }

  it('captures with a custom reference, returned unchanged', async () => {
    const { client, order, txn } = await authorized();
    const reference = 'ext-pay/ÜNICODE #42 ';
    const res = await client.post(txnUrl(order.id, txn.id, 'capture'), {
      data: { custom_reference: reference },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: txn.id,
      transaction_type: 'capture',
      status: 'complete',
      custom_reference: reference,
      amount: 1500,
      meta: { display_price: { amount: 1500 } },
    });
    const [listed] = await client.transactions(order.id);
    expect(listed).toEqual(res.body.data);
    expect((await client.get(`/v2/orders/${order.id}`)).body.data.payment).toBe('paid');
  });

  it.each([
    ['no body', undefined, undefined],
    ['an empty JSON body', '', { 'content-type': 'application/json' }],
    ['{}', '{}', { 'content-type': 'application/json' }],
    ['{"data":{}}', '{"data":{}}', { 'content-type': 'application/json' }],
  ])('captures with %s and no custom_reference', async (_name, raw, headers) => {
    const { client, order, txn } = await authorized();
    const res = await client.request('POST', txnUrl(order.id, txn.id, 'capture'), {
      ...(raw === undefined ? {} : { raw }),
      ...(headers === undefined ? {} : { headers }),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.transaction_type).toBe('capture');
    expect(res.body.data).not.toHaveProperty('custom_reference');
  });

  it.each([
    [{ data: { custom_reference: 42 } }, /^data\.custom_reference must be a string/],
    [{ data: { custom_reference: null } }, /^data\.custom_reference must be a string/],
    [{ data: 'ref' }, /^data must be a JSON object/],
    [[], /must be a JSON object, not an array/],
  ])('refuses the capture body %j with 422 and changes nothing', async (body, detail) => {
    const { client, order, txn } = await authorized();
    expectError(await client.post(txnUrl(order.id, txn.id, 'capture'), body), 422, detail);
    expect(await client.transactions(order.id)).toEqual([txn]);
  });

  it('refuses malformed JSON on capture with 400 and changes nothing', async () => {
    const { client, order, txn } = await authorized();
    const res = await client.request('POST', txnUrl(order.id, txn.id, 'capture'), {
      raw: '{"data":',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400);
    expect(await client.transactions(order.id)).toEqual([txn]);
  });

  it('refuses a second capture with 409 and keeps the first', async () => {
    const { client, order, txn } = await authorized();
    const first = await client.post(txnUrl(order.id, txn.id, 'capture'), {
      data: { custom_reference: 'one' },
    });
    expectError(
      await client.post(txnUrl(order.id, txn.id, 'capture'), { data: { custom_reference: 'two' } }),
      409,
    );
    expect(await client.transactions(order.id)).toEqual([first.body.data]);
  });

  it('refunds a captured transaction; the refund response has no meta', async () => {
    const { client, order, txn } = await authorized();
    await client.post(txnUrl(order.id, txn.id, 'capture'));
    const res = await client.post(txnUrl(order.id, txn.id, 'refund'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: txn.id,
      transaction_type: 'refund',
      status: 'complete',
      amount: 1500,
    });
    expect(res.body.data).not.toHaveProperty('meta');
    const [listed] = await client.transactions(order.id);
    expect(listed.transaction_type).toBe('refund');
    expect(listed.meta.display_price.amount).toBe(1500);
    expect((await client.get(`/v2/orders/${order.id}`)).body.data.payment).toBe('refunded');
  });

  it('tolerates an empty JSON object on refund', async () => {
    const { client, order, txn } = await authorized();
    await client.post(txnUrl(order.id, txn.id, 'capture'));
    expect((await client.post(txnUrl(order.id, txn.id, 'refund'), {})).status).toBe(200);
  });

  it('refuses to refund an uncaptured transaction, or twice, with 409', async () => {
    const { client, order, txn } = await authorized();
    expectError(await client.post(txnUrl(order.id, txn.id, 'refund')), 409, /only a captured transaction/);
    expect(await client.transactions(order.id)).toEqual([txn]);
    await client.post(txnUrl(order.id, txn.id, 'capture'));
    await client.post(txnUrl(order.id, txn.id, 'refund'));
    const before = await client.transactions(order.id);
    expectError(await client.post(txnUrl(order.id, txn.id, 'refund')), 409);
    expectError(await client.post(txnUrl(order.id, txn.id, 'capture')), 409);
    expect(await client.transactions(order.id)).toEqual(before);
  });

  it('answers 404 for unknown transactions and for a transaction of another order', async () => {
    const { client, order, txn } = await authorized();
    const other = await client.createOrderOf(10);
    for (const action of ['capture', 'refund', 'confirm']) {
      expectError(
        await client.post(txnUrl(order.id, '00000000-0000-4000-8000-000000000000', action), PURCHASE),
        404,
      );
      expectError(await client.post(txnUrl(other.id, txn.id, action), PURCHASE), 404);
      expectError(await client.post(txnUrl('no-order', txn.id, action), PURCHASE), 404);
    }
    expect(await client.transactions(order.id)).toEqual([txn]);
  });
});

describe('confirm (§4.1)', () => {
  async function purchase() {
    const client = testClient();
    const order = await client.createOrderOf(2500);
    const res = await client.post(`/v2/orders/${order.id}/payments`, PURCHASE);
    return { client, order, txn: res.body.data as Json };
  }

  it('confirms a payment intent: complete, with payment_intent and the pi_ reference', async () => {
    const { client, order, txn } = await purchase();
    const res = await client.post(txnUrl(order.id, txn.id, 'confirm'), PURCHASE);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: txn.id,
      gateway: 'card_payment_intents',
      reference: txn.reference,
      status: 'complete',
      transaction_type: 'purchase',
      payment_intent: { status: 'requires_action' },
    });
    expect(res.body.data.payment_intent.client_secret).toMatch(
      new RegExp(`^${txn.reference}_secret_[A-Za-z0-9]+$`),
    );
    const [listed] = await client.transactions(order.id);
    expect(listed.status).toBe('complete');
    expect(listed).not.toHaveProperty('payment_intent');
    expectError(await client.post(txnUrl(order.id, txn.id, 'confirm'), PURCHASE), 409);
  });

  it.each([
    [
      { data: { gateway: 'manual', method: 'purchase', payment: 'pm' } },
      /^data\.gateway must be "card_payment_intents"/,
    ],
    [
      { data: { gateway: 'card_payment_intents', method: 'authorize', payment: 'pm' } },
      /^data\.method must be "purchase"/,
    ],
    [{ data: { gateway: 'card_payment_intents', method: 'purchase' } }, /^data\.payment is required/],
    [
      { data: { gateway: 'card_payment_intents', method: 'purchase', payment: ['pm'] } },
      /^data\.payment must be a string/,
    ],
    [undefined, /request body is required/],
  ])('refuses the body %j with 422 and changes nothing', async (body, detail) => {
    const { client, order, txn } = await purchase();
    expectError(await client.post(txnUrl(order.id, txn.id, 'confirm'), body), 422, detail);
    expect(await client.transactions(order.id)).toEqual([txn]);
  });

  it('refuses to confirm a manual transaction with 409, and to capture a payment intent', async () => {
    const { client, order, txn } = await purchase();
    const manual = await client.authorize(order.id);
    expectError(
      await client.post(txnUrl(order.id, manual.id, 'confirm'), PURCHASE),
      409,
      /card_payment_intents/,
    );
    expectError(await client.post(txnUrl(order.id, txn.id, 'capture')), 409, /manual/);
    expect(await client.transactions(order.id)).toEqual([txn, manual]);
  });
});
