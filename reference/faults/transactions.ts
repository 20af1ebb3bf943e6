import { randomUUID } from 'node:crypto';
import { apiError } from '../errors.ts';
import { serializeTransaction } from '../serialize/resources.ts';
import type { TransactionRecord } from '../store/records.ts';
import { eachEditingRow, type Fault, faultRow } from './fault.ts';
import {
  answerInstead,
  beforeHandler,
  dataItems,
  type Json,
  rewriteError,
  rewriteResponse,
} from './hooks.ts';
import { ACTIONS, CAPTURE, CONFIRM, LIST, PAYMENTS, REFUND, TRANSACTIONS } from './routes.ts';

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

const all = eachEditingRow(TRANSACTIONS);
const capture = eachEditingRow([CAPTURE]);
const refund = eachEditingRow([REFUND]);
const confirm = eachEditingRow([CONFIRM]);

export const TRANSACTION_FAULTS: Fault[] = [
  faultRow('transaction-list-keyed', 'ENV-LIST')(
    'GET .../transactions answers data as an object keyed by transaction id instead of an array.',
    rewriteResponse([LIST], (body) => ({
      data: Object.fromEntries(dataItems(body).map((txn: Json) => [txn.id, txn])),
    })),
  ),
  all('transaction-type-missing', 'ENV-TYPE')(
    'Transactions have no `type` member.',
    (txn) => {
      delete txn.type;
    },
    {
      'TXN-SCHEMA':
        'The Transaction schema (§2.1) requires type "transaction": a transaction without it does not match.',
    },
  ),
  all('transaction-timestamps-missing', 'TXN-SCHEMA')('Transactions have no meta.timestamps.', (txn) => {
    if (txn.meta) delete txn.meta.timestamps;
  }),
  all('display-price-off-by-one', 'TXN-AMOUNT')(
    'meta.display_price.amount is one minor unit more than amount.',
    (txn) => {
      if (txn.meta?.display_price) txn.meta.display_price.amount = txn.amount + 1;
    },
  ),
  all('transaction-order-link-wrong', 'TXN-ORDER')(
    'relationships.order.data.id names another order.',
    (txn) => {
      if (txn.relationships?.order?.data) txn.relationships.order.data.id = randomUUID();
    },
  ),
  faultRow('transaction-list-empty', 'TXN-LIST')(
    "GET .../transactions answers an empty list, whatever the order's transactions.",
    rewriteResponse([LIST], () => ({ data: [] })),
  ),
  faultRow('authorize-refused', 'TXN-AUTHORIZE')(
    'A manual authorize is refused with 422.',
    answerInstead([PAYMENTS], (request) => {
      const data = (request.body as Json)?.data;
      if (data?.gateway === 'manual' && data?.method === 'authorize')
        return apiError('GATEWAY_NOT_SUPPORTED', 'the manual gateway is switched off');
    }),
  ),
  all('manual-reference-renamed', 'TXN-MANUAL-REF')(
    'Manual-gateway transactions have reference "manual-gateway" instead of "manual".',
    (txn) => {
      if (txn.gateway === 'manual') txn.reference = 'manual-gateway';
    },
  ),
  faultRow('authorize-any-gateway', 'TXN-AUTHORIZE-MANUAL-ONLY')(
    'An authorize through any gateway is accepted (and recorded as a manual authorization).',
    beforeHandler([PAYMENTS], (request) => {
      const data = (request.body as Json)?.data;
      if (data?.method === 'authorize' && typeof data.gateway === 'string') data.gateway = 'manual';
    }),
  ),
  capture('capture-status-pending', 'TXN-CAPTURE')('The capture answer has status "pending".', (txn) => {
    txn.status = 'pending';
  }),
  capture('capture-type-unchanged', 'TXN-CAPTURE')(
    'The capture answer keeps transaction_type "authorize".',
    (txn) => {
      txn.transaction_type = 'authorize';
    },
  ),
  capture('capture-reference-dropped', 'TXN-CAPTURE-REF')(
    'The capture answer has no custom_reference.',
    (txn) => {
      delete txn.custom_reference;
    },
  ),
  capture('capture-reference-uppercased', 'TXN-CAPTURE-REF')(
    'The capture answer gives custom_reference upper-cased.',
    (txn) => {
      if (typeof txn.custom_reference === 'string') txn.custom_reference = txn.custom_reference.toUpperCase();
    },
  ),
  refund('refund-status-pending', 'TXN-REFUND')('The refund answer has status "pending".', (txn) => {
    txn.status = 'pending';
  }),
  refund('refund-with-meta', 'TXN-REFUND-NO-META')(
    'The refund answer carries meta (display_price and timestamps).',
    (txn) => {
      const now = new Date().toISOString();
      txn.meta = {
        display_price: { amount: txn.amount, currency: txn.currency, formatted: `${txn.amount}` },
        timestamps: { created_at: now, updated_at: now },
      };
    },
  ),
  confirm('confirm-without-payment-intent', 'TXN-CONFIRM')(
    'The confirm answer has no payment_intent.',
    (txn) => {
      delete txn.payment_intent;
    },
  ),
  confirm('confirm-reference-manual', 'TXN-CONFIRM')(
    'The confirm answer has reference "manual" instead of the payment-intent id.',
    (txn) => {
      txn.reference = 'manual';
    },
  ),
  faultRow('unknown-transaction-accepted', 'TXN-UNKNOWN')(
    'Capture, refund or confirm of an unknown transaction id answers 200.',
    rewriteError(ACTIONS, (_body, request, reply) => {
      if (reply.statusCode !== 404) return undefined;
      reply.code(200);
      return { data: { type: 'transaction', id: (request.params as Json).transactionId } };
    }),
  ),
  faultRow('transaction-list-other-orders', 'TXN-LIST')(
    "GET .../transactions also lists transactions of other orders (the store's newest three, or a made-up one).",
    rewriteResponse([LIST], (body, request, _reply, ctx) => {
      const orderId = (request.params as Json).orderId;
      const recent = ctx.store.transactions.slice(0, 50, true);
      const extra = otherOrdersTransactions(recent, orderId).map((txn) => serializeTransaction(txn));
      return { ...body, data: [...dataItems(body), ...extra] };
    }),
  ),
];
