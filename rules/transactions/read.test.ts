import { describe, expect, it } from 'vitest';
import { CAPTURE, CONFIRM, PAYMENTS, REFUND } from '../../helpers/catalogue/endpoints.ts';
import type { Entry, Method, RequestOptions } from '../../helpers/http/journal.ts';
import { ApiResponse } from '../../helpers/http/response.ts';
import { answerOf } from '../../helpers/judge/answer.ts';
import { Judging } from '../../helpers/judge/judging.ts';
import { Knowledge } from '../../helpers/judge/knowledge.ts';
import { TRANSACTION_RULES } from './index.ts';
import { authorizeGateway, ownTransaction, validActionBody } from './read.ts';

const [O1, O2, T1, T2] = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
];

let clock = 0;
const tick = () => ++clock;

/** A journal entry: the request as sent and its answer. */
function entry(method: Method, path: string, options: RequestOptions, status: number, body?: unknown): Entry {
  const text = body === undefined ? '' : JSON.stringify(body);
  const sent = options.json !== undefined ? JSON.stringify(options.json) : options.raw;
  const exchange = {
    request: {
      method,
      url: `http://target${path}`,
      headers: {},
      ...(sent === undefined ? {} : { body: sent }),
    },
    response: { status, headers: {}, body: text },
    durationMs: 1,
    curl: '',
  };
  const response = new ApiResponse(status, { 'content-type': 'application/json' }, text, exchange);
  return {
    sent: tick(),
    source: { kind: 'boundary', name: 'test' },
    method,
    path,
    options,
    credentials: 'token',
    response,
    exchange,
  };
}

const action = (name: string, options: RequestOptions = {}, txn = T1, order = O1) =>
  entry('POST', `/v2/orders/${order}/transactions/${txn}/${name}`, options, 200, {});
const answer = (e: Entry, template: string) =>
  answerOf(e, template) as NonNullable<ReturnType<typeof answerOf>>;

const transaction = (id: string, order: string, fields: Record<string, unknown> = {}) => ({
  id,
  type: 'transaction',
  reference: 'manual',
  gateway: 'manual',
  amount: 100,
  currency: 'USD',
  transaction_type: 'capture',
  status: 'complete',
  relationships: { order: { data: { type: 'order', id: order } } },
  meta: {
    display_price: { amount: 100, currency: 'USD', formatted: '$1.00' },
    timestamps: { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
  },
  ...fields,
});

describe('validActionBody', () => {
  it('takes a capture without a body, with one that carries nothing, or with a string custom_reference only', () => {
    expect(validActionBody(answer(action('capture'), CAPTURE))).toBe(true);
    expect(validActionBody(answer(action('capture', { raw: '' }), CAPTURE))).toBe(true);
    expect(validActionBody(answer(action('capture', { json: {} }), CAPTURE))).toBe(true);
    const ref = { json: { data: { custom_reference: 'r' } } };
    expect(validActionBody(answer(action('capture', ref), CAPTURE))).toBe(true);
    for (const options of [
      { json: { data: { custom_reference: 42 } } },
      { json: { data: { custom_reference: 'r', other: 1 } } },
      { raw: '{"data":{"custom_reference":' },
      { json: { data: { custom_reference: null, x: 0 } } },
    ])
      expect(validActionBody(answer(action('capture', options), CAPTURE)), JSON.stringify(options)).toBe(
        false,
      );
  });

  it('takes a refund without a body or with one that carries nothing, and a confirm with the body of §4.1 only', () => {
    expect(validActionBody(answer(action('refund'), REFUND))).toBe(true);
    // What the service's SDK sends with a refund, and other bodies without an instruction.
    for (const json of [{}, { data: {} }, { data: null }, null])
      expect(validActionBody(answer(action('refund', { json }), REFUND)), JSON.stringify(json)).toBe(true);
    for (const options of [{ json: { data: { amount: 5 } } }, { raw: 'refund' }, { json: [1] }])
      expect(validActionBody(answer(action('refund', options), REFUND)), JSON.stringify(options)).toBe(false);
    const confirm = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };
    expect(validActionBody(answer(action('confirm', { json: { data: confirm } }), CONFIRM))).toBe(true);
    for (const data of [
      { ...confirm, payment: 12 },
      { ...confirm, payment: '' },
      { ...confirm, method: 'x' },
    ])
      expect(validActionBody(answer(action('confirm', { json: { data } }), CONFIRM))).toBe(false);
    expect(validActionBody(answer(action('confirm'), CONFIRM))).toBe(false);
  });
});

describe('authorizeGateway', () => {
  const paid = (json: unknown) => answer(entry('POST', `/v2/orders/${O1}/payments`, { json }, 201), PAYMENTS);
  it('is the gateway of {data: {gateway, method: "authorize"}} only', () => {
    expect(authorizeGateway(paid({ data: { gateway: 'stripe', method: 'authorize' } }))).toBe('stripe');
    expect(authorizeGateway(paid({ data: { gateway: 'manual', method: 'purchase' } }))).toBeUndefined();
    expect(authorizeGateway(paid({ data: { gateway: 12, method: 'authorize' } }))).toBeUndefined();
    expect(
      authorizeGateway(paid({ data: { gateway: 'manual', method: 'authorize', x: 1 } })),
    ).toBeUndefined();
  });
});

describe('the transaction rules on exchanges', () => {
  const setup = () => {
    const known = new Knowledge({ defaultPageLimit: 100, baseUrl: 'http://target' }, tick);
    known.orderMade(O1);
    known.orderMade(O2);
    known.transactionMade(O1, T1);
    known.transactionMade(O2, T2);
    const judging = new Judging(TRANSACTION_RULES as never, known);
    const failed = (e: Entry) => judging.failuresOf(e).length === 0 && judging.judge(e).map((f) => f.ruleId);
    return { known, judging, failed };
  };
  const listing = (order: string, data: unknown, query = '') =>
    entry('GET', `/v2/orders/${order}/transactions${query}`, {}, 200, { data });

  it("fails a listing holding another order's transaction on TXN-LIST alone, and a missing one", () => {
    const { failed } = setup();
    expect(failed(listing(O1, [transaction(T1, O1)]))).toEqual([]);
    expect(failed(listing(O1, [transaction(T1, O1), transaction(T2, O2)]))).toEqual(['TXN-LIST']);
    expect(failed(listing(O1, [transaction(T1, O1), transaction(crypto.randomUUID(), O2)]))).toEqual([
      'TXN-LIST',
    ]);
    expect(failed(listing(O1, []))).toEqual(['TXN-LIST']);
    expect(failed(listing(O1, [], '?page[limit]=1'))).toEqual([]);
  });

  it("fails a wrong link on one of the order's own transactions on TXN-ORDER alone (UUIDs in any case)", () => {
    const { failed } = setup();
    expect(failed(listing(O1, [transaction(T1, O2)]))).toEqual(['TXN-ORDER']);
    expect(failed(listing(O1, [transaction(T1.toUpperCase(), O1.toUpperCase())]))).toEqual([]);
  });

  it('judges action answers of the run’s own transactions only; a 2xx for another order’s is TXN-UNKNOWN’s', () => {
    const { failed, known } = setup();
    const capture = (txn: string, order: string) =>
      entry('POST', `/v2/orders/${order}/transactions/${txn}/capture`, {}, 200, {
        data: { type: 'transaction', id: txn },
      });
    expect(ownTransaction(answer(capture(T1, O1), CAPTURE), known)).toBe(true);
    expect(failed(capture(T1, O2))).toEqual(['TXN-UNKNOWN']);
    known.madeUp(T1.replace('a', 'c'));
    expect(failed(capture(T1.replace('a', 'c'), O1))).toEqual(['TXN-UNKNOWN']);
    expect(failed(capture(T1, O1))).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('judges the manual authorize of a new order of the run, and refuses other gateways (not "MANUAL")', () => {
    const { failed, known } = setup();
    const order = crypto.randomUUID();
    known.orderMade(order);
    const paid = (gateway: string, status: number) =>
      entry(
        'POST',
        `/v2/orders/${order}/payments`,
        { json: { data: { gateway, method: 'authorize' } } },
        status,
        {},
      );
    expect(failed(paid('manual', 422))).toEqual(['TXN-AUTHORIZE']);
    expect(failed(paid('stripe', 201))).toEqual(['TXN-AUTHORIZE-MANUAL-ONLY']);
    expect(failed(paid(' MANUAL', 201))).toEqual([]);
    known.transactionMade(order, crypto.randomUUID());
    expect(failed(paid('manual', 422))).toEqual([]);
  });
});
