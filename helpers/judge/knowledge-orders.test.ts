import { describe, expect, it } from 'vitest';
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
