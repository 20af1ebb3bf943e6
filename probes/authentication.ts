/**
 * The probes of the authentication area (§5) beyond the relations of the other files (`relations.ts`, which
 * send their reads again without valid credentials): the writes of §4, each on a record made for it alone,
 * for the flows of both rules.
 */
import fc from 'fast-check';
import {
  type Credential,
  EMPTY,
  generatedLookalikes,
  lookalikeCredentials,
  MISSING,
  unauthenticated,
} from '../helpers/auth/lookalikes.ts';
import { skip } from '../helpers/check/failure.ts';
import type { HttpRequest } from '../helpers/http/journal.ts';
import { authorizeBody, paymentIntentPurchaseBody } from '../helpers/provisioning/bodies.ts';
import {
  createIntegration,
  createOrder,
  createProduct,
  provisioning,
  requireSuccess,
} from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import { actionPath, pay, paymentsPath } from '../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import { type RefusedWrites, refusedWrite, type Unauthenticated, type WriteInput } from './relations.ts';

/** The writes of §4, each on its record (`:order`: an order; `:authorized` etc.: its transaction). */
const WRITES = [
  'POST /v2/orders/:order/payments',
  'POST /v2/orders/:order/transactions/:authorized/capture',
  'POST /v2/orders/:order/transactions/:captured/refund',
  'POST /v2/orders/:order/transactions/:purchased/confirm',
  'DELETE /v2/integrations/:integration',
] as const;
type WriteForm = (typeof WRITES)[number];

/** The gate's writes, by credentials; the refund, the longest record to make, is left to the deep profile. */
const GATE_WRITES: Record<Unauthenticated, readonly WriteForm[]> = {
  none: [
    'POST /v2/orders/:order/payments',
    'POST /v2/orders/:order/transactions/:authorized/capture',
    'DELETE /v2/integrations/:integration',
  ],
  other: ['POST /v2/orders/:order/transactions/:purchased/confirm', 'DELETE /v2/integrations/:integration'],
};

/** The gate's invalid tokens of the writes (the relations take others). */
const GATE_INVALID = ['an unrelated token', 'an unrelated token after the scheme in lower case'];

/** The writes of §4 for the flows of both rules, each on a record made for it alone. */
export function authenticationProbes(run: SuiteRun): RefusedWrites {
  const { settings, api } = run;
  const product = once(async () => (await createProduct(run)).id);

  /** A new order paid through `gateway`, and the transaction the payment made (named, or new on the order). */
  const paid = async (gateway: string, body: unknown) => {
    const orderId = await createOrder(run, await product());
    return provisioning(`pay an order through the ${gateway} gateway`, async () => {
      const { paid: answer, txnId } = await pay(run, orderId, body, gateway);
      if (gateway !== 'manual' && !answer.ok)
        skip(`the target does not offer the ${gateway} gateway (the purchase answered ${answer.status})`);
      requireSuccess(answer, `pay the order through the ${gateway} gateway`);
      if (txnId === undefined) skip(`no ${gateway} transaction appeared on the order`);
      return { orderId, txnId };
    });
  };
  /** A manual authorization on a new order, captured: the record of a refund. */
  const captured = async () => {
    const txn = await paid('manual', authorizeBody());
    const path = actionPath(txn.orderId, txn.txnId, 'capture');
    await provisioning('capture a transaction', async () =>
      requireSuccess(await api.post(path), 'capture the transaction'),
    );
    return txn;
  };

  const action =
    (txn: () => Promise<{ orderId: string; txnId: string }>, name: string, json?: unknown) =>
    async (): Promise<HttpRequest> => {
      const { orderId, txnId } = await txn();
      return { method: 'POST', path: actionPath(orderId, txnId, name), options: json ? { json } : {} };
    };
  /** Each write as sent, on a record made for it alone (`refusedWrite`). */
  const writeOf: Record<WriteForm, () => Promise<HttpRequest>> = {
    'POST /v2/orders/:order/payments': async () => ({
      method: 'POST',
      path: paymentsPath(await createOrder(run, await product())),
      options: { json: authorizeBody() },
    }),
    'POST /v2/orders/:order/transactions/:authorized/capture': action(
      () => paid('manual', authorizeBody()),
      'capture',
    ),
    'POST /v2/orders/:order/transactions/:captured/refund': action(captured, 'refund'),
    'POST /v2/orders/:order/transactions/:purchased/confirm': action(
      () => paid('card_payment_intents', paymentIntentPurchaseBody(settings.paymentToken)),
      'confirm',
      paymentIntentPurchaseBody(settings.paymentToken),
    ),
    'DELETE /v2/integrations/:integration': async () => ({
      method: 'DELETE',
      path: `/v2/integrations/${(await createIntegration(run)).id}`,
      options: {},
    }),
  };
  const writeInput = ({ form, credential }: { form: WriteForm; credential: Credential }): WriteInput => ({
    shown: `${form} ${credential.kind}`,
    send: async () => refusedWrite(run, { request: await writeOf[form](), credential }).send(),
  });

  const lookalikes = lookalikeCredentials(settings.token, GATE_INVALID);

  return {
    replayed: false,
    writes: (credentials) => ({
      show: (w: WriteInput) => w.shown,
      gate: GATE_WRITES[credentials].map((form, i) => {
        const some = credentials === 'none' ? [MISSING, EMPTY] : lookalikes;
        return writeInput({ form, credential: some[i % some.length] ?? MISSING });
      }),
      // Deep only: its arbitraries take a while to build.
      deep:
        settings.depth !== 'deep'
          ? undefined
          : {
              row: credentials === 'none' ? 'authentication/missing' : 'authentication/invalid',
              arbitrary: fc
                .record({
                  form: fc.constantFrom(...WRITES),
                  credential: unauthenticated(settings.token, credentials),
                })
                .map(writeInput),
              // Every write path with every kind of credentials, on every seed.
              classes: WRITES.flatMap((form) =>
                (credentials === 'none'
                  ? [fc.constant(MISSING), fc.constant(EMPTY)]
                  : [generatedLookalikes(settings.token)]
                ).map((credential) => credential.map((c) => writeInput({ form, credential: c }))),
              ),
            },
    }),
  };
}
