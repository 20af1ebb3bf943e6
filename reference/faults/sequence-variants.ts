/** Conformant variants that refuse (409) a state change the specification leaves open. */
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { transactionsOf } from '../store/payments.ts';
import { type Variant, variantRow } from './fault.ts';
import { answerInstead, type Json } from './hooks.ts';
import { CAPTURE, CONFIRM, DELETE_CATEGORY, PAYMENTS, REFUND } from './routes.ts';

/** The transactions of the order a request's path names (none when it names no order). */
const orderTransactions = (ctx: ReferenceContext, params: Json) => {
  const order = ctx.store.orders.get(params.orderId);
  return order ? transactionsOf(ctx.store, order) : [];
};

export const SEQUENCE_VARIANTS: readonly Variant[] = [
  variantRow('one-payment-per-order')(
    'A payment of an order that already has a transaction answers 409 (§4.1: whether an order may be paid twice is not shown).',
    answerInstead([PAYMENTS], (request, _reply, ctx) =>
      orderTransactions(ctx, request.params).length > 0
        ? apiError('CONFLICT', 'this order is already paid')
        : undefined,
    ),
  ),
  variantRow('one-refund-per-order')(
    'A refund on an order that already has a refunded transaction answers 409 (§3: transitions are not shown).',
    answerInstead([REFUND], (request, _reply, ctx) =>
      orderTransactions(ctx, request.params).some((t) => t.transactionType === 'refund')
        ? apiError('CONFLICT', 'this order is already refunded')
        : undefined,
    ),
  ),
  variantRow('one-capture-per-order')(
    'A capture or a confirm on an order that one of its transactions already paid (captured, refunded or confirmed) answers 409 (§3: transitions are not shown).',
    answerInstead([CAPTURE, CONFIRM], (request, _reply, ctx) =>
      orderTransactions(ctx, request.params).some(
        (t) =>
          t.transactionType !== 'authorize' && (t.transactionType !== 'purchase' || t.status === 'complete'),
      )
        ? apiError('CONFLICT', 'this order is already paid')
        : undefined,
    ),
  ),
  variantRow('category-with-products-kept')(
    'Deleting a category that still relates products answers 409 (provisioning.md: a target may refuse to delete such a category).',
    answerInstead([DELETE_CATEGORY], (request, _reply, ctx) =>
      (ctx.store.categories.get((request.params as Json).id)?.productIds.length ?? 0) > 0
        ? apiError('CONFLICT', 'this category still has products')
        : undefined,
    ),
  ),
];
