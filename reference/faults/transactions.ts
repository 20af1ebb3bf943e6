import { randomUUID } from 'node:crypto';
import { apiError } from '../errors.ts';
import { sendError } from '../http/send-error.ts';
import { serializeTransaction } from '../serialize/transaction.ts';
import type { TransactionRecord } from '../store/records.ts';
import { type Fault, responseFault } from './fault.ts';
import {
  answerInstead,
  beforeHandler,
  dataItems,
  type Json,
  type Route,
  rewriteError,
  rewriteResponse,
} from './hooks.ts';

const LIST: Route = 'GET /v2/orders/:orderId/transactions';
const PAYMENTS: Route = 'POST /v2/orders/:orderId/payments';
const CAPTURE: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/capture';
const REFUND: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/refund';
const CONFIRM: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/confirm';
/** Every answer that carries transactions. */
const ALL: Route[] = [LIST, PAYMENTS, CAPTURE, REFUND, CONFIRM];

/** Transactions that belong to other orders than `orderId`: the newest three of the store, or one made up. */
function otherOrdersTransactions(recent: readonly TransactionRecord[], orderId: string): TransactionRecord[] {
  const others = recent.filter((txn) => txn.orderId !== orderId).slice(0, 3);
  if (others.length > 0) return others;
  const now = new Date().toISOString();
  return [
    {
      id: randomUUID(),
      orderId: randomUUID(),
      gateway: 'manual',
      reference: 'manual',
      transactionType: 'authorize',
      status: 'complete',
      amount: 1000,
      currency: 'USD',
      createdAt: now,
      updatedAt: now,
    },
  ];
}

/** A fault that edits every transaction of the answers of `routes`. */
function everyTransaction(
  name: string,
  rule: string,
  description: string,
  routes: Route[],
  edit: (txn: Json) => void,
): Fault {
  return responseFault(name, rule, description, routes, (body) => {
    dataItems(body).forEach(edit);
  });
}

export const TRANSACTION_FAULTS: Fault[] = [
  {
    name: 'transaction-list-keyed',
    rule: 'ENV-LIST',
    description:
      'GET .../transactions answers data as an object keyed by transaction id instead of an array.',
    install: (app) =>
      rewriteResponse(app, [LIST], (body) => ({
        data: Object.fromEntries(dataItems(body).map((txn: Json) => [txn.id, txn])),
      })),
  },
  everyTransaction(
    'transaction-type-missing',
    'ENV-TYPE',
    'Transactions have no `type` member.',
    ALL,
    (txn) => {
      delete txn.type;
    },
  ),
  everyTransaction(
    'transaction-timestamps-missing',
    'TXN-SCHEMA',
    'Transactions have no meta.timestamps.',
    ALL,
    (txn) => {
      if (txn.meta) delete txn.meta.timestamps;
    },
  ),
  everyTransaction(
    'display-price-off-by-one',
    'TXN-AMOUNT',
    'meta.display_price.amount is one minor unit more than amount.',
    ALL,
    (txn) => {
      if (txn.meta?.display_price) txn.meta.display_price.amount = txn.amount + 1;
    },
  ),
  everyTransaction(
    'transaction-order-link-wrong',
    'TXN-ORDER',
    'relationships.order.data.id names another order.',
    ALL,
    (txn) => {
      if (txn.relationships?.order?.data) txn.relationships.order.data.id = randomUUID();
    },
  ),
  {
    name: 'transaction-list-empty',
    rule: 'TXN-LIST',
    description: "GET .../transactions answers an empty list, whatever the order's transactions.",
    install: (app) => rewriteResponse(app, [LIST], () => ({ data: [] })),
  },
  {
    name: 'authorize-refused',
    rule: 'TXN-AUTHORIZE',
    description: 'A manual authorize is refused with 422.',
    install: (app) =>
      answerInstead(app, [PAYMENTS], (request, reply) => {
        const data = (request.body as Json)?.data;
        if (data?.gateway === 'manual' && data?.method === 'authorize') {
          return sendError(reply, apiError('GATEWAY_NOT_SUPPORTED', 'the manual gateway is switched off'));
        }
      }),
  },
  everyTransaction(
    'manual-reference-renamed',
    'TXN-MANUAL-REF',
    'Manual-gateway transactions have reference "manual-gateway" instead of "manual".',
    ALL,
    (txn) => {
      if (txn.gateway === 'manual') txn.reference = 'manual-gateway';
    },
  ),
  {
    name: 'authorize-any-gateway',
    rule: 'TXN-AUTHORIZE-MANUAL-ONLY',
    description: 'An authorize through any gateway is accepted (and recorded as a manual authorization).',
    install: (app) =>
      beforeHandler(app, [PAYMENTS], (request) => {
        const data = (request.body as Json)?.data;
        if (data?.method === 'authorize' && typeof data.gateway === 'string') data.gateway = 'manual';
      }),
  },
  everyTransaction(
    'capture-status-pending',
    'TXN-CAPTURE',
    'The capture answer has status "pending".',
    [CAPTURE],
    (txn) => {
      txn.status = 'pending';
    },
  ),
  everyTransaction(
    'capture-type-unchanged',
    'TXN-CAPTURE',
    'The capture answer keeps transaction_type "authorize".',
    [CAPTURE],
    (txn) => {
      txn.transaction_type = 'authorize';
    },
  ),
  everyTransaction(
    'capture-reference-dropped',
    'TXN-CAPTURE-REF',
    'The capture answer has no custom_reference.',
    [CAPTURE],
    (txn) => {
      delete txn.custom_reference;
    },
  ),
  everyTransaction(
    'capture-reference-uppercased',
    'TXN-CAPTURE-REF',
    'The capture answer gives custom_reference upper-cased.',
    [CAPTURE],
    (txn) => {
      if (typeof txn.custom_reference === 'string') txn.custom_reference = txn.custom_reference.toUpperCase();
    },
  ),
  everyTransaction(
    'refund-status-pending',
    'TXN-REFUND',
    'The refund answer has status "pending".',
    [REFUND],
    (txn) => {
      txn.status = 'pending';
    },
  ),
  everyTransaction(
    'refund-with-meta',
    'TXN-REFUND-NO-META',
    'The refund answer carries meta (display_price and timestamps).',
    [REFUND],
    (txn) => {
      const now = new Date().toISOString();
      txn.meta = {
        display_price: { amount: txn.amount, currency: txn.currency, formatted: `${txn.amount}` },
        timestamps: { created_at: now, updated_at: now },
      };
    },
  ),
  everyTransaction(
    'confirm-without-payment-intent',
    'TXN-CONFIRM',
    'The confirm answer has no payment_intent.',
    [CONFIRM],
    (txn) => {
      delete txn.payment_intent;
    },
  ),
  everyTransaction(
    'confirm-reference-manual',
    'TXN-CONFIRM',
    'The confirm answer has reference "manual" instead of the payment-intent id.',
    [CONFIRM],
    (txn) => {
      txn.reference = 'manual';
    },
  ),
  {
    name: 'unknown-transaction-accepted',
    rule: 'TXN-UNKNOWN',
    description: 'Capture, refund or confirm of an unknown transaction id answers 200.',
    install: (app) =>
      rewriteError(app, [CAPTURE, REFUND, CONFIRM], (_body, request, reply) => {
        if (reply.statusCode !== 404) return undefined;
        reply.code(200);
        return { data: { type: 'transaction', id: (request.params as Json).transactionId } };
      }),
  },
  {
    name: 'transaction-list-other-orders',
    rule: 'TXN-LIST',
    description:
      "GET .../transactions also lists transactions of other orders (the store's newest three, or a made-up one).",
    install: (app, ctx) =>
      rewriteResponse(app, [LIST], (body, request) => {
        const orderId = (request.params as Json).orderId;
        const recent = ctx.store.transactions.sliceNewestFirst(0, 50);
        const extra = otherOrdersTransactions(recent, orderId).map((txn) => serializeTransaction(txn));
        return { ...body, data: [...dataItems(body), ...extra] };
      }),
  },
];
