import { describe, expect, it } from 'vitest';
import { BudgetExhausted, RequestBudget, type RequestPool } from './budget.ts';

describe('RequestBudget', () => {
  it('counts requests up to its allowance and refuses the next one without counting it', () => {
    const budget = new RequestBudget(2);
    budget.take();
    budget.take();
    expect(budget.used).toBe(2);
    expect(() => budget.take()).toThrow(BudgetExhausted);
    expect(budget.used).toBe(2);
  });

  it('with no allowance refuses the first request', () => {
    expect(() => new RequestBudget(0).take()).toThrow(BudgetExhausted);
  });

  it('keeps a reserve for shrinking until it is opened', () => {
    const budget = new RequestBudget(4, 0.25);
    for (let k = 0; k < 3; k += 1) budget.take();
    expect(() => budget.take()).toThrow(BudgetExhausted);
    budget.openReserve();
    budget.take();
    expect(() => budget.take()).toThrow(BudgetExhausted);
    expect(budget.used).toBe(4);
  });

  it('past its share borrows from the pool a request at a time, up to the cap, and counts nothing refused', () => {
    const pool: RequestPool = { left: 5 };
    const budget = new RequestBudget(2, 0, pool);
    budget.take(2);
    budget.take(2);
    expect([pool.left, budget.borrowed]).toEqual([5, 0]);
    budget.take(2);
    budget.take(2);
    expect([pool.left, budget.borrowed, budget.used]).toEqual([3, 2, 4]);
    // The cap reached: refused, though the pool still lends.
    expect(() => budget.take(2)).toThrow(BudgetExhausted);
    expect([pool.left, budget.borrowed, budget.used]).toEqual([3, 2, 4]);
    // Without a cap, until the pool is empty.
    for (let k = 0; k < 3; k += 1) budget.take();
    expect(() => budget.take()).toThrow(BudgetExhausted);
    expect([pool.left, budget.borrowed, budget.used]).toEqual([0, 5, 7]);
  });

  it('borrows only once its exploring part is spent, and keeps its reserve for shrinking', () => {
    const pool: RequestPool = { left: 10 };
    const budget = new RequestBudget(4, 0.5, pool);
    budget.take();
    budget.take();
    expect(pool.left).toBe(10);
    budget.take();
    expect([pool.left, budget.borrowed]).toEqual([9, 1]);
    budget.openReserve();
    budget.take();
    budget.take();
    expect([pool.left, budget.borrowed, budget.used]).toEqual([9, 1, 5]);
  });

  it('lends what its share left, reserve included, when the last of its runs ends, and has no room left', () => {
    const pool: RequestPool = { left: 0 };
    const budget = new RequestBudget(8, 0.25, pool);
    budget.begin();
    budget.begin();
    for (let k = 0; k < 3; k += 1) budget.take();
    budget.end();
    // Another run of the row still explores with the share: nothing lent yet.
    expect([pool.left, budget.lent]).toEqual([0, 0]);
    budget.take();
    budget.end();
    expect([pool.left, budget.lent]).toEqual([4, 4]);
    // What was lent is the pool's: another row borrows all of it, and the row itself has none of its share.
    const other = new RequestBudget(0, 0, pool);
    for (let k = 0; k < 4; k += 1) other.take();
    expect(() => other.take()).toThrow(BudgetExhausted);
    expect(() => budget.take()).toThrow(BudgetExhausted);
    budget.openReserve();
    expect(() => budget.take()).toThrow(BudgetExhausted);
    expect(budget.used).toBe(4);
  });

  it('having borrowed, lends back only the part of its share it left: the reserve', () => {
    const pool: RequestPool = { left: 3 };
    const budget = new RequestBudget(2, 0.5, pool);
    budget.begin();
    budget.take();
    budget.take();
    budget.take();
    expect([pool.left, budget.borrowed]).toEqual([1, 2]);
    budget.end();
    // Its reserve went unused: lent back.
    expect([pool.left, budget.lent]).toEqual([2, 1]);
  });
});
