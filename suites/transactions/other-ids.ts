/**
 * Depth of TXN-UNKNOWN (§4.1; issue 10): capture, refund and confirm of transaction ids that are not the
 * order's. Both profiles: a transaction that exists on another order of the run, in a state where the action
 * would succeed on its own order (authorized for capture and confirm, captured for refund), sent under the
 * path of another order of the run: each must answer 4xx (a 403 or a 404 alike). Deep: ids that exist
 * nowhere and ids that are not UUIDs (digits, words, UUIDs cut, lengthened or without dashes, any
 * characters, escaped), drawn by fast-check, each sent to one of the three actions on an order of the run.
 * Whatever the answers, a 5xx is HTTP-NO-5XX's failure (the run's sweep of every exchange).
 */
import fc from 'fast-check';
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { foreignIds } from '../../helpers/depth/ids.ts';
import type { PoolClient } from '../../helpers/depth/pool.ts';
import { paymentIntentPurchaseBody } from '../../helpers/fixtures/bodies.ts';
import { once } from '../../helpers/fixtures/once.ts';
import { transactionsPath } from '../../helpers/fixtures/transactions.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import type { TransactionChains } from './chains.ts';

type Action = 'capture' | 'refund' | 'confirm';
const ACTIONS: readonly Action[] = ['capture', 'refund', 'confirm'];

/** Sends one action on `orderId` for the transaction `txnId` (confirm with the purchase body of §4.1). */
function act(
  api: Pick<ApiClient | PoolClient, 'send'>,
  sent: { orderId: string; txnId: string; action: Action; paymentToken: string },
): Promise<ApiResponse> {
  const path = `${transactionsPath(sent.orderId)}/${sent.txnId}/${sent.action}`;
  const options = sent.action === 'confirm' ? { json: paymentIntentPurchaseBody(sent.paymentToken) } : {};
  return api.send('POST', path, options);
}

export function otherIdChecks(chains: TransactionChains): void {
  const { info, referenceChain, authorizedOrder } = chains;

  /**
   * A manual transaction of one order of the run, sent under another order of the run in the state where
   * each action would succeed on its own order: capture and confirm while it is authorized, then, once it
   * is captured on its own order, refund. Each answer must be 4xx whatever the state: the transaction does
   * not exist on that order.
   */
  const foreign = once(async () => {
    const [owner, other] = await Promise.all([authorizedOrder(), referenceChain()]);
    const txnId = owner.transactionId;
    if (txnId === undefined) return { owner, answers: undefined };
    const send = (action: Action) =>
      act(chains.api, { orderId: other.orderId, txnId, action, paymentToken: info.paymentToken });
    const [capture, confirm] = await Promise.all([send('capture'), send('confirm')]);
    const captureOwn = await chains.api.post(`${transactionsPath(owner.orderId)}/${txnId}/capture`);
    const refund = await send('refund');
    return { owner, captureOwn, answers: { capture, confirm, refund } };
  });

  for (const action of ACTIONS) {
    check(
      'TXN-UNKNOWN',
      `${action} of a transaction that exists on another order of the run answers 4xx`,
      async (t) => {
        const { owner, captureOwn, answers } = await foreign();
        t.attach(owner.authorize, owner.list, captureOwn);
        const sent = t.need(
          answers,
          `no manual transaction could be made to send under another order (authorize answered ${owner.authorize.status})`,
        );
        t.attach(sent[action]);
        t.expectStatus(sent[action], '4xx');
      },
      { writes: true },
    );
  }

  exploreCheck(
    'TXN-UNKNOWN',
    'capture, refund and confirm of ids that exist nowhere or are not UUIDs answer 4xx',
    async (t: CheckContext) => {
      const { orderId } = await referenceChain();
      return exploration({
        name: 'ids/transactions',
        arbitrary: fc.record({ action: fc.constantFrom(...ACTIONS), id: foreignIds() }),
        show: ({ action, id }) => `POST ${transactionsPath(':orderId')}/${id}/${action}`,
        judge: async ({ action, id }, api) => {
          const response = await act(api, { orderId, txnId: id, action, paymentToken: info.paymentToken });
          t.expectStatus(response, '4xx');
        },
      });
    },
    { writes: true },
  );
}
