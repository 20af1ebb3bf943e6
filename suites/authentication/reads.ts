/** Reads without valid credentials (§5): nothing to change, so 4xx and no `data` is the whole rule. */
import { check } from '../../helpers/check/check.ts';
import { transactionsPath } from '../../helpers/fixtures/transactions.ts';
import { type AuthFixtures, type AuthModeCase, expectRefused } from './fixtures.ts';

export function readChecks(fixtures: AuthFixtures, mode: AuthModeCase): void {
  const { readTargets } = fixtures;

  check(mode.rule, `GET /v2/categories ${mode.label} answers 4xx without data`, async (t) => {
    expectRefused(t, await t.api.get('/v2/categories', { auth: mode.auth }));
  });

  check(mode.rule, `GET /v2/products ${mode.label} answers 4xx without data`, async (t) => {
    expectRefused(t, await t.api.get('/v2/products', { auth: mode.auth }));
  });

  check(mode.rule, `GET /v2/categories/:id ${mode.label} answers 4xx without data`, async (t) => {
    const { categoryId } = await readTargets();
    const id = t.need(categoryId, 'read-only mode without CONFORMANCE_CATEGORY_ID: no category to read');
    expectRefused(t, await t.api.get(`/v2/categories/${id}?include=products`, { auth: mode.auth }));
  });

  check(
    mode.rule,
    `GET /v2/orders/:orderId/transactions ${mode.label} answers 4xx without data`,
    async (t) => {
      const { orderId } = await readTargets();
      const id = t.need(orderId, 'read-only mode without CONFORMANCE_ORDER_ID: no order to read');
      expectRefused(t, await t.api.get(transactionsPath(id), { auth: mode.auth }));
    },
  );

  check(mode.rule, `GET /v2/integrations/:id ${mode.label} answers 4xx without data`, async (t) => {
    const { integrationId } = await readTargets();
    const id = t.need(
      integrationId,
      'read-only mode without CONFORMANCE_INTEGRATION_ID: no integration to read',
    );
    expectRefused(t, await t.api.get(`/v2/integrations/${id}`, { auth: mode.auth }));
  });
}
