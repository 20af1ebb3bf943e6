/** Assertions shared by the checks of the transactions area (§2.1, §4.1). */
import type { CheckContext } from '../../helpers/check/context.ts';
import { linkedOrderId, type Txn } from '../../helpers/fixtures/transactions.ts';
import { type ApiResponse, isObject } from '../../helpers/http/response.ts';
import type { CaptureChain } from './chains.ts';

/** The id of the chain's authorized transaction, or a skip reason for the checks that need it. */
export function authorizedId(t: CheckContext, chain: CaptureChain): string {
  t.need(chain.authorize.ok, `the manual authorize did not succeed (${chain.authorize.status})`);
  return t.need(
    chain.transactionId,
    'the authorize answer names no transaction, and no new manual transaction of the order appeared on its list',
  );
}

/** The `data` object of a single-transaction answer, after checking the status. */
export function transactionOf(t: CheckContext, response: ApiResponse): Txn {
  t.attach(response);
  t.expectStatus(response, '2xx');
  return t.expectObject(response.data, 'data', response);
}

/** The capture answer of a chain and its `data`, after checking the authorize it needs and the status. */
export function captured(t: CheckContext, chain: CaptureChain) {
  authorizedId(t, chain);
  const capture = t.need(chain.capture, 'the capture was not sent');
  return { capture, txn: transactionOf(t, capture) };
}

/** `relationships.order.data.id` of the transaction is `orderId` (TXN-ORDER). */
export function expectOrderLink(
  t: CheckContext,
  txn: Txn,
  orderId: string,
  what: string,
  response: ApiResponse,
): void {
  t.expectEqual(linkedOrderId(txn), orderId, `${what}.relationships.order.data.id`, response);
}

/** `amount` equals `meta.display_price.amount` wherever meta is present (TXN-AMOUNT). */
export function expectAmountMatches(t: CheckContext, txn: Txn, what: string, response: ApiResponse): void {
  if (!isObject(txn.meta)) return;
  const price = isObject(txn.meta.display_price) ? txn.meta.display_price.amount : undefined;
  t.expectEqual(txn.amount, price, `${what}.amount (= ${what}.meta.display_price.amount)`, response);
}
