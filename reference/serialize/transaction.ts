import type { TransactionRecord } from '../store/records.ts';
import { displayPrice } from './money.ts';
import { timestamps } from './resources.ts';

/**
 * A transaction resource (§2.1); `custom_reference` when a capture stored one. The refund response omits
 * `meta`; only a payment-intent confirmation response carries `payment_intent` (§2.1).
 */
export function serializeTransaction(
  transaction: TransactionRecord,
  view: { omitMeta?: boolean; withPaymentIntent?: boolean } = {},
) {
  return {
    id: transaction.id,
    type: 'transaction' as const,
    reference: transaction.reference,
    ...(transaction.customReference === undefined ? {} : { custom_reference: transaction.customReference }),
    gateway: transaction.gateway,
    amount: transaction.amount,
    currency: transaction.currency,
    transaction_type: transaction.transactionType,
    status: transaction.status,
    ...(view.withPaymentIntent && transaction.clientSecret !== undefined
      ? { payment_intent: { client_secret: transaction.clientSecret, status: 'requires_action' } }
      : {}),
    relationships: { order: { data: { type: 'order' as const, id: transaction.orderId } } },
    ...(view.omitMeta
      ? {}
      : {
          meta: {
            display_price: displayPrice(transaction.amount, transaction.currency),
            timestamps: timestamps(transaction),
          },
        }),
  };
}
