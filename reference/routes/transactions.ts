import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { serializeTransaction } from '../serialize/transaction.ts';
import {
  authorizeManual,
  capture,
  confirm,
  refund,
  requireTransaction,
  startCardPurchase,
  transactionsOf,
} from '../store/payments.ts';
import { captureBody, confirmBody, paymentBody, refundBody } from '../validation/bodies.ts';
import { validateBody, validateOptionalBody } from '../validation/check.ts';

type TransactionParams = { Params: { orderId: string; transactionId: string } };

/**
 * Payments and transactions of an order (§4.1). Each write finds the order and the transaction (404), then
 * validates the whole body, then checks the transition, and only then changes anything.
 */
export function registerTransactionRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  app.post<{ Params: { orderId: string } }>('/orders/:orderId/payments', async (request, reply) => {
    const order = store.orders.require(request.params.orderId, 'order');
    const { data } = validateBody(paymentBody, request.body);
    const transaction =
      data.gateway === 'manual' ? authorizeManual(store, order) : startCardPurchase(store, order);
    return reply.code(201).send({ data: serializeTransaction(transaction) });
  });

  app.get<{ Params: { orderId: string } }>('/orders/:orderId/transactions', async (request) => {
    const order = store.orders.require(request.params.orderId, 'order');
    return { data: transactionsOf(store, order).map((t) => serializeTransaction(t)) };
  });

  app.post<TransactionParams>('/orders/:orderId/transactions/:transactionId/capture', async (request) => {
    const order = store.orders.require(request.params.orderId, 'order');
    const transaction = requireTransaction(store, order, request.params.transactionId);
    const body = validateOptionalBody(captureBody, request.body);
    return { data: serializeTransaction(capture(store, transaction, body?.data?.custom_reference)) };
  });

  app.post<TransactionParams>('/orders/:orderId/transactions/:transactionId/refund', async (request) => {
    const order = store.orders.require(request.params.orderId, 'order');
    const transaction = requireTransaction(store, order, request.params.transactionId);
    validateOptionalBody(refundBody, request.body);
    // §2.1: "The refund response omits meta."
    return { data: serializeTransaction(refund(store, transaction), { omitMeta: true }) };
  });

  app.post<TransactionParams>('/orders/:orderId/transactions/:transactionId/confirm', async (request) => {
    const order = store.orders.require(request.params.orderId, 'order');
    const transaction = requireTransaction(store, order, request.params.transactionId);
    validateBody(confirmBody, request.body);
    return { data: serializeTransaction(confirm(store, transaction), { withPaymentIntent: true }) };
  });
}
