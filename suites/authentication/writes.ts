/**
 * Writes without valid credentials (§5): each aimed at a record this run made for that one check (so that a
 * target that wrongly acts on one request cannot disturb another check), and read back afterwards to prove
 * that nothing changed.
 */
import { check } from '../../helpers/check/check.ts';
import { MANUAL_AUTHORIZE, paymentIntentPurchaseBody } from '../../helpers/fixtures/bodies.ts';
import { requireSuccess } from '../../helpers/fixtures/create.ts';
import { paymentsPath, transactionsPath } from '../../helpers/fixtures/transactions.ts';
import { type AuthFixtures, type AuthModeCase, expectRefused, expectUnchanged } from './fixtures.ts';

export function writeChecks(fixtures: AuthFixtures, mode: AuthModeCase): void {
  const { api, info, newOrder, snapshot, authorizedOrder, purchasedOrder, newIntegration } = fixtures;

  check(
    mode.rule,
    `POST /v2/orders/:orderId/payments ${mode.label} answers 4xx and adds no transaction`,
    async (t) => {
      const orderId = await newOrder();
      const before = await snapshot(orderId);
      expectRefused(t, await t.api.post(paymentsPath(orderId), { auth: mode.auth, json: MANUAL_AUTHORIZE }));
      expectUnchanged(t, before, await snapshot(orderId));
    },
    { writes: true },
  );

  check(
    mode.rule,
    `POST .../transactions/:id/capture ${mode.label} answers 4xx and captures nothing`,
    async (t) => {
      const { orderId, txnId } = await authorizedOrder();
      const before = await snapshot(orderId, [txnId]);
      expectRefused(
        t,
        await t.api.post(`${transactionsPath(orderId)}/${txnId}/capture`, { auth: mode.auth }),
      );
      expectUnchanged(t, before, await snapshot(orderId, [txnId]));
    },
    { writes: true },
  );

  check(
    mode.rule,
    `POST .../transactions/:id/refund ${mode.label} answers 4xx and refunds nothing`,
    async (t) => {
      const { orderId, txnId } = await authorizedOrder();
      requireSuccess(
        await api.post(`${transactionsPath(orderId)}/${txnId}/capture`),
        'capture the transaction',
      );
      const before = await snapshot(orderId, [txnId]);
      expectRefused(t, await t.api.post(`${transactionsPath(orderId)}/${txnId}/refund`, { auth: mode.auth }));
      expectUnchanged(t, before, await snapshot(orderId, [txnId]));
    },
    { writes: true },
  );

  check(
    mode.rule,
    `POST .../transactions/:id/confirm ${mode.label} answers 4xx and confirms nothing`,
    async (t) => {
      const { orderId, txnId } = await purchasedOrder(t);
      const before = await snapshot(orderId, [txnId]);
      expectRefused(
        t,
        await t.api.post(`${transactionsPath(orderId)}/${txnId}/confirm`, {
          auth: mode.auth,
          json: paymentIntentPurchaseBody(info.paymentToken),
        }),
      );
      expectUnchanged(t, before, await snapshot(orderId, [txnId]));
    },
    { writes: true },
  );

  check(
    mode.rule,
    `DELETE /v2/integrations/:id ${mode.label} answers 4xx and deletes nothing`,
    async (t) => {
      const integration = await newIntegration();
      expectRefused(t, await t.api.delete(`/v2/integrations/${integration.id}`, { auth: mode.auth }));
      const after = await t.api.get(`/v2/integrations/${integration.id}`);
      t.assert(after.ok, 'the integration still readable afterwards (2xx)', `${after.status}`, after);
    },
    { writes: true },
  );
}
