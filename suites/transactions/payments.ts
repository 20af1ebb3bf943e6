/**
 * Payments and transitions (§3, §4.1): the manual authorize (TXN-AUTHORIZE, TXN-AUTHORIZE-MANUAL-ONLY),
 * capture, refund and confirm (TXN-CAPTURE, TXN-CAPTURE-REF, TXN-REFUND, TXN-REFUND-NO-META, TXN-CONFIRM),
 * and actions on a transaction id the order does not have (TXN-UNKNOWN).
 */
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { show } from '../../helpers/check/failure.ts';
import { paymentIntentPurchaseBody } from '../../helpers/fixtures/bodies.ts';
import {
  listedTransactions,
  orderTransactions,
  paymentsPath,
  transactionsPath,
} from '../../helpers/fixtures/transactions.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import type { TransactionChains } from './chains.ts';
import { captured, transactionOf } from './expect.ts';

export function paymentChecks(chains: TransactionChains): void {
  const { info, newOrder, referenceChain, bareChain, confirmed } = chains;

  check(
    'TXN-AUTHORIZE',
    'a manual authorize succeeds and leaves a manual transaction that can then be captured',
    async (t) => {
      const chain = await referenceChain();
      t.attach(chain.authorize);
      t.expectStatus(chain.authorize, '2xx');
      t.attach(chain.list);
      t.assert(
        chain.transactionId !== undefined,
        'the new manual transaction: named by the authorize answer, or new on the order after the authorize',
        () => `the order's transactions: ${chain.list.text.slice(0, 400)}`,
        chain.list,
      );
      const capture = t.need(chain.capture, 'the capture was not sent');
      t.attach(capture);
      t.expectStatus(capture, '2xx');
    },
    { writes: true },
  );

  check(
    'TXN-AUTHORIZE-MANUAL-ONLY',
    'an authorize through the card_payment_intents gateway answers 4xx and adds no transaction',
    async (t) => {
      const orderId = await newOrder();
      const idsOf = (response: ApiResponse) => {
        const items = t.need(
          listedTransactions(response),
          `the order's transactions could not be listed (${response.status})`,
        );
        // Only the order's own: a listing that wrongly holds other orders' is TXN-LIST's failure.
        return orderTransactions(items, orderId)
          .map((txn) => show(txn.id))
          .sort();
      };
      const before = idsOf(await t.api.get(transactionsPath(orderId)));
      const attempt = await t.api.post(paymentsPath(orderId), {
        json: { data: { gateway: 'card_payment_intents', method: 'authorize' } },
      });
      t.expectStatus(attempt, '4xx');
      const after = await t.api.get(transactionsPath(orderId));
      t.expectEqual(idsOf(after), before, "the order's transaction ids after the refused authorize", after);
    },
    { writes: true },
  );

  for (const [how, chain] of [
    ['with a custom_reference', referenceChain],
    ['with no body', bareChain],
  ] as const) {
    check(
      'TXN-CAPTURE',
      `capturing ${how} answers transaction_type "capture" and status "complete"`,
      async (t) => {
        const { capture, txn } = captured(t, await chain());
        t.expectEqual(txn.transaction_type, 'capture', 'data.transaction_type', capture);
        t.expectEqual(txn.status, 'complete', 'data.status', capture);
      },
      { writes: true },
    );
  }

  check(
    'TXN-CAPTURE-REF',
    'a capture sent with a custom_reference answers the same custom_reference',
    async (t) => {
      const chain = await referenceChain();
      const { capture, txn } = captured(t, chain);
      t.expectEqual(txn.custom_reference, chain.customReference, 'data.custom_reference', capture);
    },
    { writes: true },
  );

  /** The refund answer of the reference chain, or a skip when nothing was captured. */
  const refunded = async (t: CheckContext) => {
    const chain = await referenceChain();
    const refund = t.need(
      chain.refund,
      `no captured transaction to refund (capture answered ${chain.capture?.status ?? 'nothing'})`,
    );
    return { refund, txn: transactionOf(t, refund) };
  };

  check(
    'TXN-REFUND',
    'refunding a captured transaction answers transaction_type "refund" and status "complete"',
    async (t) => {
      const { refund, txn } = await refunded(t);
      t.expectEqual(txn.transaction_type, 'refund', 'data.transaction_type', refund);
      t.expectEqual(txn.status, 'complete', 'data.status', refund);
    },
    { writes: true },
  );

  check(
    'TXN-REFUND-NO-META',
    'the refund answer has no meta',
    async (t) => {
      const { refund, txn } = await refunded(t);
      t.assert(
        !('meta' in txn),
        'no data.meta (§2.1: the refund response omits meta)',
        () => JSON.stringify(txn.meta),
        refund,
      );
    },
    { writes: true },
  );

  check(
    'TXN-CONFIRM',
    'confirm answers a card_payment_intents Transaction with a payment_intent and the intent reference',
    async (t) => {
      const { confirm } = await confirmed(t);
      const txn = transactionOf(t, confirm);
      t.expectEqual(txn.gateway, 'card_payment_intents', 'data.gateway', confirm);
      const intent = t.expectObject(txn.payment_intent, 'data.payment_intent', confirm);
      for (const field of ['client_secret', 'status'] as const) {
        t.assert(
          typeof intent[field] === 'string',
          `data.payment_intent.${field} a string`,
          JSON.stringify(intent[field]),
          confirm,
        );
      }
      t.assert(
        typeof txn.reference === 'string' && txn.reference !== '' && txn.reference !== 'manual',
        'data.reference the payment-intent identifier (a string, not "manual")',
        JSON.stringify(txn.reference),
        confirm,
      );
    },
    { writes: true },
  );

  for (const action of ['capture', 'refund', 'confirm'] as const) {
    check(
      'TXN-UNKNOWN',
      `${action} of a transaction id that does not exist on the order answers 4xx`,
      async (t) => {
        const { orderId } = await referenceChain();
        const body = action === 'confirm' ? { json: paymentIntentPurchaseBody(info.paymentToken) } : {};
        t.expectStatus(
          await t.api.post(`${transactionsPath(orderId)}/${crypto.randomUUID()}/${action}`, body),
          '4xx',
        );
      },
      { writes: true },
    );
  }
}
