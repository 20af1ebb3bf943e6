import { randomUUID } from 'node:crypto';
import { apiError } from '../errors.ts';
import { sendError } from '../http/send-error.ts';
import { serializeTransaction } from '../serialize/transaction.ts';
import type { TransactionRecord } from '../store/records.ts';
import { type Fault, type FaultInfo, responseFault } from './fault.ts';
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
function everyTransaction({
  edit,
  ...rest
}: FaultInfo & { readonly routes: readonly Route[]; readonly edit: (txn: Json) => void }): Fault {
  return responseFault({
    ...rest,
    edit: (body) => {
      dataItems(body).forEach(edit);
    },
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
  everyTransaction({
    name: 'transaction-type-missing',
    rule: 'ENV-TYPE',
    description: 'Transactions have no `type` member.',
    collateral: {
      'TXN-SCHEMA':
        'The Transaction schema (§2.1) requires type "transaction": a transaction without it does not match.',
    },
    routes: ALL,
    edit: (txn) => {
      delete txn.type;
    },
  }),
  everyTransaction({
    name: 'transaction-timestamps-missing',
    rule: 'TXN-SCHEMA',
    description: 'Transactions have no meta.timestamps.',
    routes: ALL,
    edit: (txn) => {
      if (txn.meta) delete txn.meta.timestamps;
    },
  }),
  everyTransaction({
    name: 'display-price-off-by-one',
    rule: 'TXN-AMOUNT',
    description: 'meta.display_price.amount is one minor unit more than amount.',
    routes: ALL,
    edit: (txn) => {
      if (txn.meta?.display_price) txn.meta.display_price.amount = txn.amount + 1;
    },
  }),
  everyTransaction({
    name: 'transaction-order-link-wrong',
    rule: 'TXN-ORDER',
    description: 'relationships.order.data.id names another order.',
    routes: ALL,
    edit: (txn) => {
      if (txn.relationships?.order?.data) txn.relationships.order.data.id = randomUUID();
    },
  }),
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
  everyTransaction({
    name: 'manual-reference-renamed',
    rule: 'TXN-MANUAL-REF',
    description: 'Manual-gateway transactions have reference "manual-gateway" instead of "manual".',
    routes: ALL,
    edit: (txn) => {
      if (txn.gateway === 'manual') txn.reference = 'manual-gateway';
    },
  }),
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
  everyTransaction({
    name: 'capture-status-pending',
    rule: 'TXN-CAPTURE',
    description: 'The capture answer has status "pending".',
    routes: [CAPTURE],
    edit: (txn) => {
      txn.status = 'pending';
    },
  }),
  everyTransaction({
    name: 'capture-type-unchanged',
    rule: 'TXN-CAPTURE',
    description: 'The capture answer keeps transaction_type "authorize".',
    routes: [CAPTURE],
    edit: (txn) => {
      txn.transaction_type = 'authorize';
    },
  }),
  everyTransaction({
    name: 'capture-reference-dropped',
    rule: 'TXN-CAPTURE-REF',
    description: 'The capture answer has no custom_reference.',
    routes: [CAPTURE],
    edit: (txn) => {
      delete txn.custom_reference;
    },
  }),
  everyTransaction({
    name: 'capture-reference-uppercased',
    rule: 'TXN-CAPTURE-REF',
    description: 'The capture answer gives custom_reference upper-cased.',
    routes: [CAPTURE],
    edit: (txn) => {
      if (typeof txn.custom_reference === 'string') txn.custom_reference = txn.custom_reference.toUpperCase();
    },
  }),
  everyTransaction({
    name: 'refund-status-pending',
    rule: 'TXN-REFUND',
    description: 'The refund answer has status "pending".',
    routes: [REFUND],
    edit: (txn) => {
      txn.status = 'pending';
    },
  }),
  everyTransaction({
    name: 'refund-with-meta',
    rule: 'TXN-REFUND-NO-META',
    description: 'The refund answer carries meta (display_price and timestamps).',
    routes: [REFUND],
    edit: (txn) => {
      const now = new Date().toISOString();
      txn.meta = {
        display_price: { amount: txn.amount, currency: txn.currency, formatted: `${txn.amount}` },
        timestamps: { created_at: now, updated_at: now },
      };
    },
  }),
  everyTransaction({
    name: 'confirm-without-payment-intent',
    rule: 'TXN-CONFIRM',
    description: 'The confirm answer has no payment_intent.',
    routes: [CONFIRM],
    edit: (txn) => {
      delete txn.payment_intent;
    },
  }),
  everyTransaction({
    name: 'confirm-reference-manual',
    rule: 'TXN-CONFIRM',
    description: 'The confirm answer has reference "manual" instead of the payment-intent id.',
    routes: [CONFIRM],
    edit: (txn) => {
      txn.reference = 'manual';
    },
  }),
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
