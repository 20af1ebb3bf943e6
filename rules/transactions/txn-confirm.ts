/** The flow is skipped when the target refuses the card_payment_intents purchase. */
import { CONFIRM } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { rule } from '../../helpers/judge/rule.ts';
import type { TransactionProbes } from '../../probes/transactions.ts';
import { onActionAnswer } from './read.ts';

export default rule({
  id: 'TXN-CONFIRM',
  level: 'MUST',
  section: '§4.1',
  title:
    'Confirm with `{data: {gateway: "card_payment_intents", method: "purchase", payment: <token>}}` answers a Transaction with gateway `card_payment_intents`, a `payment_intent` object with string `client_secret` and string `status`, and a `reference` that is the payment-intent identifier (not `manual`).',
  exchange: onActionAnswer(
    CONFIRM,
    (data, x, t) => {
      t.expectEqual(data.gateway, 'card_payment_intents', 'data.gateway', x.response);
      const intent = t.expectObject(data.payment_intent, 'data.payment_intent', x.response);
      const strings = typeof intent.client_secret === 'string' && typeof intent.status === 'string';
      t.assert(strings, 'data.payment_intent.client_secret and .status strings', show(intent), x.response);
      t.assert(
        typeof data.reference === 'string' && data.reference !== '' && data.reference !== 'manual',
        'data.reference the payment-intent identifier (a string, not "manual")',
        JSON.stringify(data.reference),
        x.response,
      );
    },
    { succeeds: true },
  ),
  flows: (probes: TransactionProbes, check) =>
    check(
      "the transaction of the run's payment-intent purchase can be confirmed",
      async (t) => {
        const c = await probes.intent();
        t.attach(c.purchase);
        t.need(c.purchase.ok, `no card_payment_intents gateway: the purchase answered ${c.purchase.status}`);
        const confirm = t.need(
          c.confirm,
          'no card_payment_intents transaction on the order after the purchase',
        );
        t.attach(confirm);
        t.expectStatus(confirm, '2xx');
      },
      { writes: true },
    ),
});
