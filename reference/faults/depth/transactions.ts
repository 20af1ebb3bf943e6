/** Depth faults of the transactions (§2.1, §4.1): wrong only for rarer orders, references or amounts. */
import { displayPrice, fractionDigits } from '../../serialize/money.ts';
import { type Fault, gateFaultRow } from '../fault.ts';
import { beforeHandler, dataOf, eachItem, type Json, remembering } from '../hooks.ts';
import { ACTIONS, CAPTURE, PAYMENTS, TRANSACTIONS } from '../routes.ts';

/** The column width of `capture-reference-truncated-64`, in characters. */
export const REFERENCE_COLUMN = 64;

/** Rewrites the custom reference of capture requests (when a string) before the server stores it. */
export const storedReference = (rewrite: (reference: string) => string) =>
  beforeHandler([CAPTURE], (request) => {
    const data = dataOf(request);
    if (typeof data.custom_reference === 'string') data.custom_reference = rewrite(data.custom_reference);
  });

/**
 * `meta.display_price.amount` as a server gets it when it parses the formatted amount back: `parseFloat`
 * stops at the thousands separator, so `$1,234.56` gives 1 dollar, 100 cents.
 */
export function amountFromFormatted(formatted: string, currency: string): number {
  const number = Number.parseFloat(formatted.replace(/^[^\d-]+/, ''));
  return Math.round(number * 10 ** fractionDigits(currency));
}

export const DEPTH_TRANSACTION_FAULTS: Fault[] = [
  gateFaultRow('other-orders-transaction-accepted', 'TXN-UNKNOWN')(
    'Capture, refund or confirm of a transaction that exists on another order acts on it (the transaction is looked up by id only) and answers 200, naming the order of the path.',
    remembering(
      ACTIONS,
      (request, ctx) => {
        const params = request.params as Json;
        const owner = ctx.store.transactions.get(params.transactionId)?.orderId;
        if (owner === undefined || owner === params.orderId || !ctx.store.orders.get(params.orderId)) return;
        const asked = params.orderId;
        params.orderId = owner;
        return asked;
      },
      (body, orderId) => {
        const link = body?.data?.relationships?.order?.data;
        if (link) link.id = orderId;
      },
    ),
  ),
  gateFaultRow('capture-reference-truncated-64', 'TXN-CAPTURE-REF')(
    `A custom_reference longer than ${REFERENCE_COLUMN} characters is stored and answered cut to its first ${REFERENCE_COLUMN} (a VARCHAR(${REFERENCE_COLUMN}) column in non-strict mode).`,
    storedReference((reference) => Array.from(reference).slice(0, REFERENCE_COLUMN).join('')),
  ),
  gateFaultRow('capture-reference-latin1', 'TXN-CAPTURE-REF')(
    'Characters of a custom_reference outside Latin-1 (above U+00FF: Greek, CJK, emoji…) are stored and answered as "?" (a latin1 column).',
    storedReference((reference) =>
      Array.from(reference, (c) => ((c.codePointAt(0) ?? 0) > 0xff ? '?' : c)).join(''),
    ),
  ),
  gateFaultRow('display-price-parsed-from-formatted', 'TXN-AMOUNT')(
    'meta.display_price.amount of transactions is parsed back from the formatted amount, which stops at the thousands separator: wrong from $1,000.00 (100,000 cents) up.',
    eachItem(TRANSACTIONS, (txn) => {
      const price = txn?.meta?.display_price;
      if (price && typeof price.formatted === 'string')
        price.amount = amountFromFormatted(price.formatted, price.currency);
    }),
  ),
  gateFaultRow('display-price-first-item', 'TXN-AMOUNT')(
    "meta.display_price of a transaction shows the order's first item only (its unit price times its quantity) when the order has several items; amount is the order's total.",
    eachItem(TRANSACTIONS, (txn, _request, ctx) => {
      const order = ctx.store.orders.get(txn?.relationships?.order?.data?.id);
      const first = order?.items[0];
      if (first && order.items.length > 1 && txn.meta?.display_price)
        txn.meta.display_price = displayPrice(first.unitAmount * first.quantity, txn.currency);
    }),
  ),
  gateFaultRow('minor-unit-amount-for-every-currency', 'TXN-AMOUNT')(
    'amount of a transaction in a currency without a minor unit (JPY, KRW…) is given in hundredths, as if every currency had cents; meta.display_price stays right.',
    eachItem(TRANSACTIONS, (txn) => {
      if (typeof txn?.amount === 'number' && fractionDigits(txn.currency) === 0) txn.amount *= 100;
    }),
  ),
  gateFaultRow('authorize-unknown-gateways-accepted', 'TXN-AUTHORIZE-MANUAL-ONLY')(
    'An authorize through a gateway other than the two §2.1 names (manual, card_payment_intents) is accepted as a manual authorization; card_payment_intents is still refused.',
    beforeHandler([PAYMENTS], (request) => {
      const data = dataOf(request);
      const gateway = data.gateway;
      if (data.method === 'authorize' && typeof gateway === 'string' && gateway !== 'card_payment_intents')
        data.gateway = 'manual';
    }),
  ),
  gateFaultRow('capture-reference-null-without-one', 'TXN-SCHEMA')(
    'The answer of a capture sent without a custom_reference has custom_reference null (§2.1: a string, present when given).',
    eachItem([CAPTURE], (txn) => {
      if (txn && !('custom_reference' in txn)) txn.custom_reference = null;
    }),
  ),
];
