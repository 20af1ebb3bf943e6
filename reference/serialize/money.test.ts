import { describe, expect, it } from 'vitest';
import { displayPrice, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it.each([
    [1999, 'USD', '$19.99'],
    [5, 'USD', '$0.05'],
    [0, 'USD', '$0.00'],
    [123456789, 'USD', '$1,234,567.89'],
    [1999, 'EUR', '€19.99'],
    [1999, 'GBP', '£19.99'],
    [1999, 'JPY', '¥1,999'],
    [1999, 'CHF', '19.99 CHF'],
    [1999, 'KWD', '1.999 KWD'],
    [1999, 'XYZ', '19.99 XYZ'],
  ])('%i %s is %s', (amount, currency, formatted) => {
    expect(formatMoney(amount, currency)).toBe(formatted);
  });

  it('builds a display price', () => {
    expect(displayPrice(250, 'EUR')).toEqual({ amount: 250, currency: 'EUR', formatted: '€2.50' });
  });
});
