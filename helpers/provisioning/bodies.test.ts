import { describe, expect, it } from 'vitest';
import { checkoutBody } from './bodies.ts';

describe('checkoutBody', () => {
  it("makes every order of a run its one customer's (a returning customer), unless given a text", () => {
    const customer = (tag: string, text?: string) => checkoutBody(tag, text).data.customer;
    expect(customer('run-a')).toEqual(customer('run-a'));
    expect(customer('run-a').email).not.toBe(customer('run-b').email);
    expect(customer('run-a', 'Zoë Ærø').email).toBe('ZoëÆrø@example.com');
  });
});
