import { describe, expect, it } from 'vitest';
import { BudgetExhausted, RequestBudget } from './budget.ts';

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
});
