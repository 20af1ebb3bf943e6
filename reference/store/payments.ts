import { apiError } from '../errors.ts';
import type { OrderRecord, TransactionRecord } from './records.ts';
import { randomAlphanumeric, type Store } from './store.ts';

// Payment transactions (§3, §4.1): manual authorize → capture → refund; card_payment_intents purchase
// (pending) → confirmed. Every function checks everything before it changes anything.

/**
 * Starts a payment of the order's total (§4.1): a manual authorization, reference `manual` (§2.1), or a
 * pending payment-intent purchase, whose reference is the payment-intent id.
 */
export function startPayment(
  store: Store,
  order: OrderRecord,
  gateway: TransactionRecord['gateway'],
): TransactionRecord {
  const manual = gateway === 'manual';
  const transaction = store.add(store.transactions, {
    orderId: order.id,
    gateway,
    reference: manual ? 'manual' : `pi_${randomAlphanumeric(24)}`,
    transactionType: manual ? 'authorize' : 'purchase',
    status: manual ? 'complete' : 'pending',
    amount: order.total,
    currency: order.currency,
  });
  order.transactionIds.push(transaction.id);
  order.updatedAt = transaction.createdAt;
  return transaction;
}

/** The order's transactions in creation order. */
export function transactionsOf(store: Store, order: OrderRecord): TransactionRecord[] {
  return order.transactionIds.flatMap((id) => store.transactions.get(id) ?? []);
}

/**
 * The transaction `id` of this order; a transaction of another order is not found. @throws ApiError NOT_FOUND
 */
export function requireTransaction(store: Store, order: OrderRecord, id: string): TransactionRecord {
  const transaction = store.transactions.get(id);
  if (transaction === undefined || transaction.orderId !== order.id)
    throw apiError('NOT_FOUND', `order "${order.id}" has no transaction with id "${id}"`);
  return transaction;
}

/** Refuses a transition the transaction is not ready for. @throws ApiError CONFLICT with `detail` */
function refuseIf(refused: boolean, detail: string): void {
  if (refused) throw apiError('CONFLICT', detail);
}

/** Captures a manual authorization (§3), with the custom reference if given. @throws ApiError CONFLICT */
export function capture(
  store: Store,
  transaction: TransactionRecord,
  customReference?: string,
): TransactionRecord {
  refuseIf(
    transaction.gateway !== 'manual',
    `only manual authorizations can be captured; this transaction's gateway is "${transaction.gateway}"`,
  );
  refuseIf(
    transaction.transactionType !== 'authorize',
    `only an authorize transaction can be captured; this one is already "${transaction.transactionType}"`,
  );
  const reference = customReference === undefined ? {} : { customReference };
  return complete(store, transaction, { transactionType: 'capture', ...reference });
}

/** Makes a transition: the transaction `complete`, with `changes`, updated now. */
function complete(store: Store, transaction: TransactionRecord, changes: Partial<TransactionRecord>) {
  return Object.assign(transaction, { status: 'complete' }, changes, { updatedAt: store.now() });
}

/** Marks a captured transaction as refunded inside the service only (§3). @throws ApiError CONFLICT */
export function refund(store: Store, transaction: TransactionRecord): TransactionRecord {
  refuseIf(
    transaction.transactionType !== 'capture',
    `only a captured transaction can be refunded; this one is "${transaction.transactionType}"`,
  );
  return complete(store, transaction, { transactionType: 'refund' });
}

/** Confirms a pending payment-intent purchase, giving it a client secret. @throws ApiError CONFLICT */
export function confirm(store: Store, transaction: TransactionRecord): TransactionRecord {
  refuseIf(
    transaction.gateway !== 'card_payment_intents',
    `only card_payment_intents transactions can be confirmed; this transaction's gateway is "${transaction.gateway}"`,
  );
  refuseIf(transaction.status !== 'pending', 'this payment intent is already confirmed');
  const clientSecret = `${transaction.reference}_secret_${randomAlphanumeric(24)}`;
  return complete(store, transaction, { clientSecret });
}

/** The order's payment status, from its transactions: `unpaid`, `authorized`, `paid` or `refunded`. */
export function paymentStatus(transactions: readonly TransactionRecord[]): string {
  let status = 'unpaid';
  for (const transaction of transactions) {
    if (transaction.transactionType === 'refund') return 'refunded';
    if (
      transaction.transactionType === 'capture' ||
      (transaction.transactionType === 'purchase' && transaction.status === 'complete')
    ) {
      status = 'paid';
    } else if (transaction.transactionType === 'authorize' && status === 'unpaid') {
      status = 'authorized';
    }
  }
  return status;
}
