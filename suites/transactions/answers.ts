/**
 * The per-transaction rules judged on the single-transaction answers of capture, refund and confirm (§2.1,
 * §4.1): TXN-SCHEMA, TXN-AMOUNT, TXN-ORDER, TXN-MANUAL-REF and ENV-SINGLE.
 */
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { TransactionChains } from './chains.ts';
import { expectAmountMatches, expectOrderLink, transactionOf } from './expect.ts';

export function answerChecks(chains: TransactionChains): void {
  const { referenceChain, intentChain, confirmed } = chains;
  const captureOf = async (t: CheckContext) =>
    t.need((await referenceChain()).capture, 'no transaction to capture');

  check(
    'TXN-SCHEMA',
    'the capture answer is a Transaction',
    async (t) => {
      const capture = await captureOf(t);
      t.expectSchema(transactionOf(t, capture), 'transaction', 'data', capture);
    },
    { writes: true },
  );

  check(
    'TXN-SCHEMA',
    'the refund answer is a Transaction (without meta)',
    async (t) => {
      const refund = t.need((await referenceChain()).refund, 'no captured transaction to refund');
      t.expectSchema(transactionOf(t, refund), 'transaction-refund', 'data', refund);
    },
    { writes: true },
  );

  check(
    'TXN-SCHEMA',
    'the confirm answer is a Transaction',
    async (t) => {
      const { confirm } = await confirmed(t);
      t.expectSchema(transactionOf(t, confirm), 'transaction', 'data', confirm);
    },
    { writes: true },
  );

  check(
    'TXN-AMOUNT',
    'amount equals meta.display_price.amount on the capture and confirm answers',
    async (t) => {
      const capture = await captureOf(t);
      const txn = transactionOf(t, capture);
      t.assert(
        isObject(txn.meta),
        'data.meta on the capture answer (only a refund omits it, §2.1)',
        'no meta',
        capture,
      );
      expectAmountMatches(t, txn, 'data', capture);
      const intent = await intentChain();
      if (intent.confirm?.ok)
        expectAmountMatches(t, transactionOf(t, intent.confirm), 'data', intent.confirm);
    },
    { writes: true },
  );

  check(
    'TXN-ORDER',
    'the capture, refund and confirm answers link to the order in the path',
    async (t) => {
      const chain = await referenceChain();
      const capture = await captureOf(t);
      expectOrderLink(t, transactionOf(t, capture), chain.orderId, 'data', capture);
      if (chain.refund)
        expectOrderLink(t, transactionOf(t, chain.refund), chain.orderId, 'data', chain.refund);
      const intent = await intentChain();
      if (intent.confirm?.ok)
        expectOrderLink(t, transactionOf(t, intent.confirm), intent.orderId, 'data', intent.confirm);
    },
    { writes: true },
  );

  check(
    'TXN-MANUAL-REF',
    'the capture answer of a manual transaction has reference "manual"',
    async (t) => {
      const capture = await captureOf(t);
      const txn = transactionOf(t, capture);
      t.need(
        txn.gateway === 'manual' || txn.gateway === undefined,
        'the capture answer names another gateway',
      );
      t.expectEqual(txn.reference, 'manual', 'data.reference', capture);
    },
    { writes: true },
  );

  check(
    'ENV-SINGLE',
    'the capture answer is { data: <object> }',
    async (t) => {
      const capture = await captureOf(t);
      t.attach(capture);
      t.expectStatus(capture, '2xx');
      t.expectSchema(capture.json, 'single-envelope', 'the body', capture);
    },
    { writes: true },
  );
}
