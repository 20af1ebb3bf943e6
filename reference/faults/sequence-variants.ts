/** Conformant variants that refuse (409) a state change the specification leaves open. */
import type { FastifyReply } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { sendError } from '../http/send-error.ts';
import { transactionsOf } from '../store/payments.ts';
import { answerInstead, type Json } from './hooks.ts';
import { DELETE_CATEGORY, PAYMENTS, REFUND } from './routes.ts';
import { type Variant, variant } from './variant.ts';

const conflict = (reply: FastifyReply, detail: string) => sendError(reply, apiError('CONFLICT', detail));

/** The transactions of the order a request's path names (none when it names no order). */
const orderTransactions = (ctx: ReferenceContext, params: Json) => {
  const order = ctx.store.orders.get(params.orderId);
  return order ? transactionsOf(ctx.store, order) : [];
};

export const SEQUENCE_VARIANTS: readonly Variant[] = [
  variant(
    'one-payment-per-order',
    'A payment of an order that already has a transaction answers 409 (§4.1: whether an order may be paid twice is not shown).',
    (app, ctx) =>
      answerInstead(app, [PAYMENTS], (request, reply) =>
        orderTransactions(ctx, request.params).length > 0
          ? conflict(reply, 'this order is already paid')
          : undefined,
      ),
  ),
  variant(
    'one-refund-per-order',
    'A refund on an order that already has a refunded transaction answers 409 (§3: transitions are not shown).',
    (app, ctx) =>
      answerInstead(app, [REFUND], (request, reply) =>
        orderTransactions(ctx, request.params).some((t) => t.transactionType === 'refund')
          ? conflict(reply, 'this order is already refunded')
          : undefined,
      ),
  ),
  variant(
    'category-with-products-kept',
    'Deleting a category that still relates products answers 409 (provisioning.md: a target may refuse to delete such a category).',
    (app, ctx) =>
      answerInstead(app, [DELETE_CATEGORY], (request, reply) =>
        (ctx.store.categories.get((request.params as Json).id)?.productIds.length ?? 0) > 0
          ? conflict(reply, 'this category still has products')
          : undefined,
      ),
  ),
];
