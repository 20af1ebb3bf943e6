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
   * Two orders of the run: one with a manual transaction in the state each action needs (a second
   * transaction captured on its own order, for refund), and another order to send them under.
   */
  const foreign = once(async () => {
    const [owner, captured, other] = await Promise.all([
      authorizedOrder(),
      authorizedOrder(),
      referenceChain(),
    ]);
    const captureOwn =
      captured.transactionId === undefined
        ? undefined
        : await chains.api.post(`${transactionsPath(captured.orderId)}/${captured.transactionId}/capture`);
    return { owner, captured, captureOwn, otherOrderId: other.orderId };
  });

  for (const action of ACTIONS) {
    check(
      'TXN-UNKNOWN',
      `${action} of a transaction that exists on another order of the run answers 4xx`,
      async (t) => {
        const { owner, captured, captureOwn, otherOrderId } = await foreign();
        t.attach(owner.authorize, captured.authorize, captureOwn);
        const source = action === 'refund' ? captured : owner;
        const txnId = t.need(
          source.transactionId,
          `no manual transaction could be made to send under another order (authorize answered ${source.authorize.status})`,
        );
        if (action === 'refund')
          t.need(captureOwn?.ok, 'the transaction to refund could not be captured on its own order');
        const response = await act(t.api, {
          orderId: otherOrderId,
          txnId,
          action,
          paymentToken: info.paymentToken,
        });
        t.attach(response);
        t.expectStatus(response, '4xx');
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
