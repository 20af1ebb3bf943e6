import { describe, expect, it } from 'vitest';
import { exchangeOf, tick } from '../../test-support/judge/exchange.ts';
import type { Credentials } from '../http/journal.ts';
import { Knowledge } from './knowledge.ts';

describe("the run's orders and their transactions, as known when a request was sent", () => {
  const run = () => {
    let clock = 0;
    const tick = () => ++clock;
    return { known: new Knowledge(tick), tick };
  };
  const ORDER = 'ABCDEF01-2345-4678-89AB-CDEF01234567';

  it('knows an order from when it was made, in any case, and forgets it with the next suite file', () => {
    const { known, tick } = run();
    const before = tick();
    known.orderMade(ORDER);
    const after = tick();
    expect(known.isRunOrder(ORDER, before)).toBe(false);
    expect(known.isRunOrder(ORDER.toLowerCase(), after)).toBe(true);
    expect(known.isRunOrder('another', after)).toBe(false);
    known.begin();
    expect(known.isRunOrder(ORDER, tick())).toBe(false);
  });

  it("knows a transaction's order from when it was registered, and keeps its first order", () => {
    const { known, tick } = run();
    const before = tick();
    known.transactionMade(ORDER, 'T1');
    known.transactionMade('other', 'T1');
    const after = tick();
    expect(known.orderOf('T1', before)).toBeUndefined();
    expect(known.orderOf('T1', after)).toBe(ORDER.toLowerCase());
    expect(known.transactionsOf(ORDER, after)).toEqual(['T1']);
    expect(known.transactionsOf('other', after)).toEqual([]);
  });
});

describe('what the actions on the transactions of a sequenced order answered', () => {
  const ORDER = '11111111-1111-4111-8111-111111111111';
  const TXN = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
  const action = (name: string, status: number, type?: string, credentials: Credentials = 'token') =>
    exchangeOf(
      'POST',
      `/v2/orders/${ORDER}/transactions/${TXN.toUpperCase()}/${name}`,
      status,
      type === undefined ? undefined : { data: { id: TXN, type: 'transaction', transaction_type: type } },
      { credentials },
    );

  it('knows the transaction_type the last answered action showed, from its answer on; a refusal changes nothing', () => {
    const known = new Knowledge(tick);
    known.orderMade(ORDER);
    known.transactionMade(ORDER, TXN);
    known.learn(action('capture', 200, 'capture'));
    expect(known.transactionType(TXN, tick()), 'not sequenced').toBeUndefined();
    known.orderSequenced(ORDER);
    const before = tick();
    known.learn(action('capture', 200, 'capture'));
    expect(known.transactionType(TXN, before)).toBeUndefined();
    expect(known.transactionType(TXN, tick())).toBe('capture');
    known.learn(action('capture', 409));
    expect(known.transactionType(TXN, tick())).toBe('capture');
    known.learn(action('refund', 200, 'refund'));
    expect(known.transactionType(TXN, tick())).toBe('refund');
  });

  it('knows nothing more after a write without valid credentials, a 5xx, an answer that is not the transaction or of another type', () => {
    for (const x of [
      action('refund', 401, undefined, 'none'),
      action('refund', 200, 'refund', 'other'),
      action('refund', 500),
      action('refund', 200),
      // A type other than the one §4.1 says the action returns: that action's rule's failure, nothing known.
      action('refund', 200, 'capture'),
    ]) {
      const known = new Knowledge(tick);
      known.orderMade(ORDER);
      known.transactionMade(ORDER, TXN);
      known.orderSequenced(ORDER);
      known.learn(action('capture', 200, 'capture'));
      known.learn(x);
      expect(known.transactionType(TXN, tick()), x.target).toBeUndefined();
    }
  });
});
