import { describe, expect, it } from 'vitest';
import type { Answered, Method, RequestOptions } from '../../helpers/http/journal.ts';
import { Judgement } from '../../helpers/judge/judgement.ts';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import { AREA_RULES } from '../catalogue.ts';
import { authorizeGateway, ownTransaction, validActionBody } from './read.ts';

const [O1, O2, T1, T2] = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
];

/** An exchange of the journal: the request as sent and its answer. */
const entry = (method: Method, path: string, options: RequestOptions, status: number, body?: unknown) =>
  exchangeOf(method, path, status, body, { options, source: { kind: 'boundary', name: 'test' } }) as Answered;

const action = (name: string, options: RequestOptions = {}, txn = T1, order = O1) =>
  entry('POST', `/v2/orders/${order}/transactions/${txn}/${name}`, options, 200, {});

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
    expect(validActionBody(action('capture'))).toBe(true);
    expect(validActionBody(action('capture', { raw: '' }))).toBe(true);
    expect(validActionBody(action('capture', { json: {} }))).toBe(true);
    const ref = { json: { data: { custom_reference: 'r' } } };
    expect(validActionBody(action('capture', ref))).toBe(true);
    for (const options of [
      { json: { data: { custom_reference: 42 } } },
      { json: { data: { custom_reference: 'r', other: 1 } } },
      { raw: '{"data":{"custom_reference":' },
      { json: { data: { custom_reference: null, x: 0 } } },
    ])
      expect(validActionBody(action('capture', options)), JSON.stringify(options)).toBe(false);
  });

  it('takes a refund without a body or with one that carries nothing, and a confirm with the body of §4.1 only', () => {
    expect(validActionBody(action('refund'))).toBe(true);
    // What the service's SDK sends with a refund, and other bodies without an instruction.
    for (const json of [{}, { data: {} }, { data: null }, null])
      expect(validActionBody(action('refund', { json })), JSON.stringify(json)).toBe(true);
    for (const options of [{ json: { data: { amount: 5 } } }, { raw: 'refund' }, { json: [1] }])
      expect(validActionBody(action('refund', options)), JSON.stringify(options)).toBe(false);
    const confirm = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };
    expect(validActionBody(action('confirm', { json: { data: confirm } }))).toBe(true);
    for (const data of [
      { ...confirm, payment: 12 },
      { ...confirm, payment: '' },
      { ...confirm, method: 'x' },
    ])
      expect(validActionBody(action('confirm', { json: { data } }))).toBe(false);
    expect(validActionBody(action('confirm'))).toBe(false);
  });
});

describe('authorizeGateway', () => {
  const paid = (json: unknown) => entry('POST', `/v2/orders/${O1}/payments`, { json }, 201);
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
    const context = judgingContext();
    const { known } = context;
    known.orderMade(O1);
    known.orderMade(O2);
    known.transactionMade(O1, T1);
    known.transactionMade(O2, T2);
    const judging = new Judging(AREA_RULES.transactions, context);
    const failed = (x: Answered) =>
      judging.failuresOf(x).length === 0 && judging.judge(x).map((f) => f.ruleId);
    return { context, known, judging, failed };
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

  it('leaves an unknown transaction linked to an order the run never made to its link (maybe the order’s own)', () => {
    const { failed } = setup();
    const unknown = transaction(crypto.randomUUID(), crypto.randomUUID());
    expect(failed(listing(O1, [transaction(T1, O1), unknown]))).not.toContain('TXN-LIST');
  });

  it('fails a listing of a sequenced order that does not show what the last action answered, on TXN-LIST alone', () => {
    const { failed, known } = setup();
    const refund = entry('POST', `/v2/orders/${O1}/transactions/${T1}/refund`, {}, 200, {
      data: transaction(T1, O1, { transaction_type: 'refund' }),
    });
    known.learn(refund);
    expect(failed(listing(O1, [transaction(T1, O1)])), 'not sequenced').toEqual([]);
    known.orderSequenced(O1);
    known.learn(refund);
    expect(failed(listing(O1, [transaction(T1, O1)]))).toEqual(['TXN-LIST']);
    expect(failed(listing(O1, [transaction(T1, O1, { transaction_type: 'refund' })]))).toEqual([]);
  });

  it("fails a wrong link on one of the order's own transactions on TXN-ORDER alone (UUIDs in any case)", () => {
    const { failed } = setup();
    expect(failed(listing(O1, [transaction(T1, O2)]))).toEqual(['TXN-ORDER']);
    expect(failed(listing(O1, [transaction(T1.toUpperCase(), O1.toUpperCase())]))).toEqual([]);
  });

  it('judges action answers of the run’s own transactions only; a 2xx for another order’s is TXN-UNKNOWN’s', () => {
    const { failed, known, context } = setup();
    const capture = (txn: string, order: string) =>
      entry('POST', `/v2/orders/${order}/transactions/${txn}/capture`, {}, 200, {
        data: { type: 'transaction', id: txn },
      });
    expect(ownTransaction(capture(T1, O1), new Judgement(AREA_RULES.transactions[0], context))).toBe(true);
    expect(failed(capture(T1, O2))).toEqual(['TXN-UNKNOWN']);
    known.madeUp(T1.replace('a', 'c'));
    expect(failed(capture(T1.replace('a', 'c'), O1))).toEqual(['TXN-UNKNOWN']);
    expect(failed(capture(T1, O1))).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('knows no transaction of an order once an action on an id it does not hold was served there', () => {
    const { failed, known } = setup();
    const [order, txn] = [crypto.randomUUID(), crypto.randomUUID()];
    known.orderMade(order);
    known.orderSequenced(order);
    known.transactionMade(order, txn, 'manual');
    const capture = (id: string, status: number) =>
      entry('POST', `/v2/orders/${order}/transactions/${id}/capture`, {}, status, {});
    expect(failed(capture(txn, 409))).toEqual(['TXN-CAPTURE']);
    known.learn(capture(order, 422));
    expect(failed(capture(txn, 409)), 'a refusal changes nothing').toEqual(['TXN-CAPTURE']);
    known.learn(capture(order, 200));
    expect(failed(capture(txn, 409)), 'served: the order may have been captured').toEqual([]);
  });

  it('fails an action answering another transaction a payment of the run made, on that action’s rule alone', () => {
    const { failed, known } = setup();
    const second = crypto.randomUUID();
    known.transactionMade(O1, second, 'manual');
    const answered = (name: string, txn: string, data: unknown) =>
      entry('POST', `/v2/orders/${O1}/transactions/${txn}/${name}`, {}, 200, { data });
    // In place, or a new transaction: either reading of §3.
    expect(failed(answered('capture', second, transaction(second, O1)))).toEqual([]);
    expect(failed(answered('capture', second, transaction(crypto.randomUUID(), O1)))).toEqual([]);
    expect(failed(answered('capture', second, transaction(T1, O1)))).toEqual(['TXN-CAPTURE']);
    const refund = transaction(T1, O1, { transaction_type: 'refund' });
    delete (refund as { meta?: unknown }).meta;
    expect(failed(answered('refund', second, refund))).toEqual(['TXN-REFUND']);
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

  it('fails a refusal of an action §3 says succeeds from the stage the run knows, on that action’s rule alone', () => {
    const { failed, known } = setup();
    const [order, first, second] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    known.orderMade(order);
    known.orderSequenced(order);
    known.transactionMade(order, first, 'manual');
    known.transactionMade(order, second, 'manual');
    const act = (txn: string, name: string, status: number, body?: unknown, options: RequestOptions = {}) =>
      entry('POST', `/v2/orders/${order}/transactions/${txn}/${name}`, options, status, body);
    const captured = (txn: string) => ({ data: transaction(txn, order) });
    expect(failed(act(first, 'capture', 409))).toEqual(['TXN-CAPTURE']);
    expect(
      failed(act(first, 'capture', 409, undefined, { json: { data: { custom_reference: 'r' } } })),
    ).toEqual([]);
    expect(failed(act(first, 'refund', 409)), 'not captured').toEqual([]);
    known.learn(act(first, 'capture', 200, captured(first)));
    expect(failed(act(first, 'refund', 409))).toEqual(['TXN-REFUND']);
    expect(failed(act(second, 'capture', 409)), 'an order another transaction paid').toEqual([]);
    // The refund of the first answers the second: what the first is is no longer known (it may be refunded).
    known.learn(act(first, 'refund', 200, captured(second)));
    expect(failed(act(first, 'refund', 409)), 'not known').toEqual([]);
    const third = crypto.randomUUID();
    known.transactionMade(order, third, 'manual');
    known.learn(act(third, 'capture', 200, captured(third)));
    expect(failed(act(third, 'refund', 409)), 'an order holding a transaction not known').toEqual([]);
    const alone = crypto.randomUUID();
    const other = crypto.randomUUID();
    known.orderMade(other);
    known.orderSequenced(other);
    known.transactionMade(other, alone, 'manual');
    const refund = (status: number) =>
      entry('POST', `/v2/orders/${other}/transactions/${alone}/refund`, {}, status, undefined);
    known.learn(
      entry('POST', `/v2/orders/${other}/transactions/${alone}/capture`, {}, 200, {
        data: transaction(alone, other),
      }),
    );
    expect(failed(refund(422))).toEqual(['TXN-REFUND']);
    known.learn(refund(409));
    expect(failed(refund(422)), 'a refusal changes nothing').toEqual(['TXN-REFUND']);
    const tokenless = exchangeOf(
      'POST',
      `/v2/orders/${other}/transactions/${alone}/refund`,
      401,
      {},
      {
        credentials: 'none',
      },
    );
    known.learn(tokenless);
    expect(failed(refund(422)), 'what a write without valid credentials did is not known').toEqual([]);
    expect(
      failed(
        entry('POST', `/v2/orders/${other}/transactions/${alone}/refund`, {}, 200, {
          data: transaction(alone, other, { transaction_type: 'refund', meta: undefined }),
        }),
      ),
    ).toEqual([]);
  });
});
