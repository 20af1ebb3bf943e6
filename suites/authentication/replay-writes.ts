/**
 * The writes of §4.1 and §4.2 sent again without valid credentials (deep profile; issue 10), each on a record
 * this run made for the check that sends it, then read back to prove that nothing changed (§5: "changes
 * nothing"). The records of one check are made once, when its first write needs them; the writes are
 * refused, so they stay as they were (a write let through is that check's failure, and touches no record of
 * another check).
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { PrerequisiteError } from '../../helpers/check/failure.ts';
import type { PoolClient } from '../../helpers/depth/pool.ts';
import { MANUAL_AUTHORIZE, paymentIntentPurchaseBody } from '../../helpers/fixtures/bodies.ts';
import { requireSuccess } from '../../helpers/fixtures/create.ts';
import { once } from '../../helpers/fixtures/once.ts';
import {
  listedTransactions,
  transactionState,
  transactionsPath,
} from '../../helpers/fixtures/transactions.ts';
import type { AuthMode, Method, RequestOptions } from '../../helpers/http/client.ts';
import { type AuthFixtures, expectRefused } from './fixtures.ts';

/** The writes, as reports show them. */
export const WRITE_FORMS = [
  'POST /v2/orders/:order/payments',
  'POST /v2/orders/:order/transactions/:authorized/capture',
  'POST /v2/orders/:order/transactions/:captured/refund',
  'POST /v2/orders/:order/transactions/:pending/confirm',
  'DELETE /v2/integrations/:integration',
] as const;
export type WriteForm = (typeof WRITE_FORMS)[number];

interface Target {
  readonly orderId?: string;
  readonly txnId?: string;
  readonly integrationId?: string;
}

/** Sends the writes of one check: its own records, made on first use. */
export function writeReplayer(fixtures: AuthFixtures, t: CheckContext) {
  const { api, info } = fixtures;
  const targets: Record<WriteForm, () => Promise<Target>> = {
    'POST /v2/orders/:order/payments': once(async () => ({ orderId: await fixtures.newOrder() })),
    'POST /v2/orders/:order/transactions/:authorized/capture': once(() => fixtures.authorizedOrder()),
    'POST /v2/orders/:order/transactions/:captured/refund': once(async () => {
      const target = await fixtures.authorizedOrder();
      const captured = await api.post(`${transactionsPath(target.orderId)}/${target.txnId}/capture`);
      requireSuccess(captured, 'capture the transaction');
      return target;
    }),
    'POST /v2/orders/:order/transactions/:pending/confirm': once(() => fixtures.purchasedOrder(t)),
    'DELETE /v2/integrations/:integration': once(async () => ({
      integrationId: (await fixtures.newIntegration()).id,
    })),
  };

  const request = (
    form: WriteForm,
    target: Target,
  ): { method: Method; path: string; options: RequestOptions } => {
    const [method, template] = form.split(' ') as [Method, string];
    const path = template
      .replace(':integration', target.integrationId ?? '')
      .replace(':order', target.orderId ?? '')
      .replace(/:(authorized|captured|pending)/, target.txnId ?? '');
    const options: RequestOptions = form.endsWith('/payments')
      ? { json: MANUAL_AUTHORIZE }
      : form.endsWith('/confirm')
        ? { json: paymentIntentPurchaseBody(info.paymentToken) }
        : {};
    return { method, path, options };
  };

  /** What proves the write changed nothing: the order's own transactions, or the integration still there. */
  const state = async (client: PoolClient, target: Target): Promise<string[]> => {
    if (target.integrationId !== undefined) {
      const read = await client.send('GET', `/v2/integrations/${target.integrationId}`);
      return [`integration readable: ${read.ok}`];
    }
    const orderId = target.orderId as string;
    const listed = await client.send('GET', transactionsPath(orderId));
    if (!listed.ok) throw new PrerequisiteError(`listing the order's transactions answered ${listed.status}`);
    const own = new Set(target.txnId === undefined ? [] : [target.txnId]);
    return transactionState(listedTransactions(listed) ?? [], orderId, own);
  };

  /** Sends `form` with `auth`: refused (4xx, no data), and the record read back unchanged. */
  return async (form: WriteForm, auth: AuthMode, client: PoolClient): Promise<void> => {
    const target = await targets[form]();
    const before = await state(client, target);
    const { method, path, options } = request(form, target);
    const answer = await client.send(method, path, { ...options, auth });
    expectRefused(t, answer);
    const after = await state(client, target);
    t.expectEqual(
      after,
      before,
      "the record afterwards (the order's own transactions, or the integration still readable)",
    );
  };
}
