/** Currencies written with a symbol before the amount; any other is written `19.99 XYZ`. */
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

const fractionDigitsCache = new Map<string, number>();

/** Digits of the minor unit (2 for USD, 0 for JPY, 3 for KWD); 2 when the platform does not know the code. */
export function fractionDigits(currency: string): number {
  let digits = fractionDigitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    fractionDigitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * An amount in minor units, formatted for display (`meta.display_price.formatted`, §2.1, §2.4):
 * `$1,999.99` for 199999 USD, `¥1,999` for 1999 JPY, `19.99 XYZ` for a currency without a symbol here.
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = fractionDigits(currency);
  const abs = Math.abs(amount);
  const scale = 10 ** digits;
  const whole = Math.floor(abs / scale);
  const fraction = digits === 0 ? '' : `.${String(abs % scale).padStart(digits, '0')}`;
  const number = `${amount < 0 ? '-' : ''}${whole.toLocaleString('en-US')}${fraction}`;
  const symbol = SYMBOLS[currency];
  return symbol === undefined ? `${number} ${currency}` : `${symbol}${number}`;
}

/** The display price of an amount in minor units: `{ amount, currency, formatted }`. */
export function displayPrice(amount: number, currency: string) {
  return { amount, currency, formatted: formatMoney(amount, currency) };
}
