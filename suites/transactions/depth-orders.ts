/**
 * The fixtures of the transactions' depth checks (issue 10), sent through any client (the check's own in the
 * gate profile, the exploration's budgeted one in the deep profile): an order of a product and its manual
 * authorize (provisioning.md, §4.1).
 */
import { PrerequisiteError } from '../../helpers/check/failure.ts';
import { cartItemBody, checkoutBody, MANUAL_AUTHORIZE } from '../../helpers/fixtures/bodies.ts';
import { createdId, requireSuccess } from '../../helpers/fixtures/create.ts';
import {
  listedTransactions,
  newTransactionId,
  paymentsPath,
  transactionsPath,
} from '../../helpers/fixtures/transactions.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';

/** What the fixtures send through: `ApiClient.send` or the exploration's `PoolClient.send`. */
export type Sender = Pick<ApiClient, 'send'>;

/** A new order of one product, authorized through the manual gateway, and its new transaction. */
export interface Authorized {
  readonly orderId: string;
  readonly authorize: ApiResponse;
  readonly transactionId: string;
}

/** Orders one product through a cart and checkout, then authorizes the order (§4.1). */
export async function authorizedVia(
  api: Sender,
  { tag, productId }: { tag: string; productId: string },
): Promise<Authorized> {
  const cart = `/v2/carts/${tag}-${crypto.randomUUID()}`;
  requireSuccess(await api.send('POST', `${cart}/items`, { json: cartItemBody(productId) }), 'add to a cart');
  const orderId = createdId(
    await api.send('POST', `${cart}/checkout`, { json: checkoutBody(tag) }),
    'check out a cart',
  );
  const authorize = await api.send('POST', paymentsPath(orderId), { json: MANUAL_AUTHORIZE });
  requireSuccess(authorize, 'authorize the order (see TXN-AUTHORIZE)');
  const query = { orderId, gateway: 'manual', paid: authorize };
  const transactionId =
    newTransactionId(query) ??
    newTransactionId({
      ...query,
      after: listedTransactions(await api.send('GET', transactionsPath(orderId))),
    });
  if (transactionId === undefined) {
    throw new PrerequisiteError('no manual transaction found after the authorize (see TXN-AUTHORIZE)');
  }
  return { orderId, authorize, transactionId };
}
