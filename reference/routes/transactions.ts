import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { serializeTransaction } from '../serialize/transaction.ts';
import { requireOrder } from '../store/checkout.ts';
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
import { invalid, validateBody, validateOptionalBody } from '../validation/check.ts';

type TransactionParams = { Params: { orderId: string; transactionId: string } };

/**
 * Payments and transactions of an order (§4.1). Each write finds the order and the transaction (404), then
 * validates the whole body, then checks the transition, and only then changes anything.
 */
export function registerTransactionRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  app.post<{ Params: { orderId: string } }>('/orders/:orderId/payments', async (request, reply) => {
    const order = requireOrder(store, request.params.orderId);
    const { data } = validateBody(paymentBody, request.body);
    if (data.method === 'authorize') {
      // §4.1: "The authorize endpoint is for the manual gateway only."
      if (data.gateway !== 'manual') {
        throw apiError(
          'GATEWAY_NOT_SUPPORTED',
          `authorize is for the manual gateway only (§4.1); data.gateway is "${data.gateway}"`,
        );
      }
      return reply.code(201).send({ data: serializeTransaction(authorizeManual(store, order)) });
    }
    if (data.gateway === 'card_payment_intents' && data.method === 'purchase') {
      if (data.payment === undefined || data.payment === '') {
        invalid('data.payment', 'is required (a payment method token) for a card_payment_intents purchase');
      }
      return reply.code(201).send({ data: serializeTransaction(startCardPurchase(store, order)) });
    }
    throw apiError(
      'UNSUPPORTED_PAYMENT',
      `gateway "${data.gateway}" with method "${data.method}" is not supported; use manual/authorize or card_payment_intents/purchase`,
    );
  });

  app.get<{ Params: { orderId: string } }>('/orders/:orderId/transactions', async (request) => {
    const order = requireOrder(store, request.params.orderId);
    return { data: transactionsOf(store, order).map((t) => serializeTransaction(t)) };
  });

  app.post<TransactionParams>('/orders/:orderId/transactions/:transactionId/capture', async (request) => {
    const order = requireOrder(store, request.params.orderId);
    const transaction = requireTransaction(store, order, request.params.transactionId);
    const body = validateOptionalBody(captureBody, request.body);
    return { data: serializeTransaction(capture(store, transaction, body?.data?.custom_reference)) };
  });

  app.post<TransactionParams>('/orders/:orderId/transactions/:transactionId/refund', async (request) => {
    const order = requireOrder(store, request.params.orderId);
    const transaction = requireTransaction(store, order, request.params.transactionId);
    validateOptionalBody(refundBody, request.body);
    // §2.1: "The refund response omits meta."
    return { data: serializeTransaction(refund(store, transaction), { omitMeta: true }) };
  });

  app.post<TransactionParams>('/orders/:orderId/transactions/:transactionId/confirm', async (request) => {
    const order = requireOrder(store, request.params.orderId);
    const transaction = requireTransaction(store, order, request.params.transactionId);
    validateBody(confirmBody, request.body);
    return { data: serializeTransaction(confirm(store, transaction), { withPaymentIntent: true }) };
  });
}
