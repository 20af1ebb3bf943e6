/**
 * Depth faults of the transactions (§2.1, §4.1): wrong only for a transaction that exists on another order,
 * for custom references longer than 64 characters or outside Latin-1, and for amounts of $1,000.00 and more.
 * The suite's first checks captured one 60-character ASCII reference, on orders of at most $999.99. The deep
 * profile must catch each; the gate profile's boundary values catch them all (actions under another order of
 * the run; references of 65 characters and above Latin-1, orders of $1,000.00 and more:
 * `suites/transactions/other-ids.ts`, `depth-*.ts`), so these are declared for the gate.
 */
import type { FastifyRequest } from 'fastify';
import { fractionDigits } from '../../serialize/money.ts';
import type { Fault } from '../fault.ts';
import { beforeHandler, dataItems, type Json, type Route, rewriteResponse } from '../hooks.ts';

const LIST: Route = 'GET /v2/orders/:orderId/transactions';
const PAYMENTS: Route = 'POST /v2/orders/:orderId/payments';
const CAPTURE: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/capture';
const REFUND: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/refund';
const CONFIRM: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/confirm';
const ACTIONS: Route[] = [CAPTURE, REFUND, CONFIRM];

/** The column width of `capture-reference-truncated-64`, in characters. */
export const REFERENCE_COLUMN = 64;

/** The custom reference of a capture request, when it is a string. */
function customReference(request: FastifyRequest): string | undefined {
  const value = (request.body as Json)?.data?.custom_reference;
  return typeof value === 'string' ? value : undefined;
}

/** A fault that rewrites the custom reference of capture requests before the server stores it. */
function storedReference(rewrite: (reference: string) => string) {
  return (app: Parameters<Fault['install']>[0]) =>
    beforeHandler(app, [CAPTURE], (request) => {
      const reference = customReference(request);
      if (reference !== undefined) (request.body as Json).data.custom_reference = rewrite(reference);
    });
}

/**
 * `meta.display_price.amount` as a server gets it when it parses the formatted amount back: `parseFloat`
 * stops at the thousands separator, so `$1,234.56` gives 1 dollar, 100 cents.
 */
export function amountFromFormatted(formatted: string, currency: string): number {
  const number = Number.parseFloat(formatted.replace(/^[^\d-]+/, ''));
  return Math.round(number * 10 ** fractionDigits(currency));
}

export const DEPTH_TRANSACTION_FAULTS: Fault[] = [
  {
    name: 'other-orders-transaction-accepted',
    rule: 'TXN-UNKNOWN',
    profile: 'gate',
    description:
      'Capture, refund or confirm of a transaction that exists on another order acts on it (the transaction is looked up by id only) and answers 200, naming the order of the path.',
    install: (app, ctx) => {
      const askedOrder = new WeakMap<FastifyRequest, string>();
      beforeHandler(app, ACTIONS, (request) => {
        const params = request.params as Json;
        const owner = ctx.store.transactions.get(params.transactionId)?.orderId;
        if (owner === undefined || owner === params.orderId || !ctx.store.orders.has(params.orderId)) return;
        askedOrder.set(request, params.orderId);
        params.orderId = owner;
      });
      rewriteResponse(app, ACTIONS, (body, request) => {
        const orderId = askedOrder.get(request);
        const link = body?.data?.relationships?.order?.data;
        if (orderId !== undefined && link) link.id = orderId;
      });
    },
  },
  {
    name: 'capture-reference-truncated-64',
    rule: 'TXN-CAPTURE-REF',
    profile: 'gate',
    description: `A custom_reference longer than ${REFERENCE_COLUMN} characters is stored and answered cut to its first ${REFERENCE_COLUMN} (a VARCHAR(${REFERENCE_COLUMN}) column in non-strict mode).`,
    install: storedReference((reference) => {
      const characters = Array.from(reference);
      return characters.length > REFERENCE_COLUMN
        ? characters.slice(0, REFERENCE_COLUMN).join('')
        : reference;
    }),
  },
  {
    name: 'capture-reference-latin1',
    rule: 'TXN-CAPTURE-REF',
    profile: 'gate',
    description:
      'Characters of a custom_reference outside Latin-1 (above U+00FF: Greek, CJK, emoji…) are stored and answered as "?" (a latin1 column).',
    install: storedReference((reference) =>
      Array.from(reference, (c) => ((c.codePointAt(0) ?? 0) > 0xff ? '?' : c)).join(''),
    ),
  },
  {
    name: 'display-price-parsed-from-formatted',
    rule: 'TXN-AMOUNT',
    profile: 'gate',
    description:
      'meta.display_price.amount of transactions is parsed back from the formatted amount, which stops at the thousands separator: wrong from $1,000.00 (100,000 cents) up.',
    install: (app) =>
      rewriteResponse(app, [LIST, PAYMENTS, ...ACTIONS], (body) => {
        for (const txn of dataItems(body)) {
          const price = txn?.meta?.display_price;
          if (price && typeof price.formatted === 'string')
            price.amount = amountFromFormatted(price.formatted, price.currency);
        }
      }),
  },
];
