/**
 * The probes of the authentication area (§5) beyond the replays (`replay.ts`): every read endpoint of §4 spelt
 * as no other file does, without valid credentials; and the writes of §4, each on a record made for it alone,
 * for the flows of both rules.
 */
import fc from 'fast-check';
import {
  type Credential,
  EMPTY,
  generatedLookalikes,
  lookalikeCredentials,
  MISSING,
  named,
  unauthenticated,
} from '../helpers/auth/lookalikes.ts';
import { probe } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import { pageLimits } from '../helpers/inputs/arbitraries.ts';
import { percentAll } from '../helpers/listing/page.ts';
import { authorizeBody, paymentIntentPurchaseBody } from '../helpers/provisioning/bodies.ts';
import {
  createCategory,
  createIntegration,
  createOrder,
  createProduct,
  provisioning,
  requireSuccess,
} from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import { actionPath, pay, paymentsPath } from '../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import {
  type RefusedWrites,
  refusedWrite,
  type Unauthenticated,
  type Write,
  type WriteInput,
} from './replay.ts';
import { HEADER_NAMES } from './space/spellings.ts';
import { pairs, READS } from './spellings.ts';

/** A read, its record ids as placeholders (`:category`, `:order`, `:integration`), so a seed shows the same. */
export interface ReadForm {
  /** `HEAD` for the read without its body (default `GET`). */
  readonly method?: 'HEAD';
  readonly path: string;
  readonly params: readonly (readonly [string, string])[];
  /** How names and values are spelled: as is, `[` `]` percent-encoded (upper or lower case hex), or every character. */
  readonly encoding: 'as is' | '%5B%5D' | '%5b%5d' | 'every character';
}

/** The query string of a form, spelled as it says (`?` included; empty without parameters). */
export function queryOf(form: ReadForm): string {
  const spell = (text: string, name: boolean): string => {
    if (form.encoding === 'every character') return percentAll(text);
    if (!name || form.encoding === 'as is') return text;
    const [open, close] = form.encoding === '%5B%5D' ? ['%5B', '%5D'] : ['%5b', '%5d'];
    return text.replaceAll('[', open).replaceAll(']', close);
  };
  const pairs = form.params.map(([name, value]) => `${spell(name, true)}=${spell(value, false)}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** The path of a form with the ids filled in; skips the input when one is missing (read-only mode). */
export function fillRead(form: ReadForm, ids: Readonly<Record<string, string | undefined>>): string {
  const path = form.path.replace(/:(category|order|integration)\b/g, (hole) => {
    const id = ids[hole.slice(1)];
    if (id === undefined) skip(`read-only mode without the id of the record ${hole} this read needs`);
    return id;
  });
  return `${path}${queryOf(form)}`;
}

/** The include names a read may carry (§4.3 shows `products` on a category; others on products). */
const INCLUDES = ['products', 'main_image', 'categories', 'main_image,categories', 'files'] as const;

/** Generated reads (deep): any read endpoint of §4, any query parameters, in any order and encoding. */
export function readForms(): fc.Arbitrary<ReadForm> {
  const value = {
    'page[limit]': pageLimits().map(String),
    'page[offset]': fc.integer({ min: 0, max: 200 }).map(String),
    include: fc.constantFrom(...INCLUDES),
    conformance: fc.constant('1'),
  };
  const names = Object.keys(value) as (keyof typeof value)[];
  const params = fc
    .shuffledSubarray(names)
    .chain((chosen) => fc.tuple(...chosen.map((name) => value[name].map((v) => [name, v] as const))));
  return fc.record({
    path: fc.constantFrom(...READS.map((read) => read.path)),
    params,
    encoding: fc.constantFrom('as is', '%5B%5D', '%5b%5d', 'every character'),
  });
}

/** The gate's reads: each read endpoint of §4 once, spelt as the other files do not (the last with HEAD). */
const GATE_READS: readonly ReadForm[] = [
  { path: '/v2/categories', params: pairs('page[offset]=0&page[limit]=1'), encoding: '%5B%5D' },
  { path: '/v2/products', params: pairs('include=main_image&page[limit]=1'), encoding: '%5b%5d' },
  { path: '/v2/categories/:category', params: pairs('include=products'), encoding: 'as is' },
  { path: '/v2/orders/:order/transactions', params: pairs('page[limit]=1'), encoding: '%5B%5D' },
  { method: 'HEAD', path: '/v2/integrations/:integration', params: [], encoding: 'as is' },
];

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

/** The gate's invalid tokens (the replays take others): the writes take the first two, the reads the rest. */
const GATE_INVALID = [
  'an unrelated token',
  'an unrelated token after the scheme in lower case',
  'the token with a character appended, after two spaces',
  'the token quoted',
  'Bearer, a space and no token',
  'the token in another case, after the scheme in lower case',
];

/** The names the gate's first reads spell the `Authorization` header with. */
const GATE_NAMES = [...HEADER_NAMES, ...HEADER_NAMES];

/** Declares the reads probe and returns the writes for the flows. */
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
    async (): Promise<Write> => {
      const { orderId, txnId } = await txn();
      return { method: 'POST', path: actionPath(orderId, txnId, name), options: json ? { json } : {} };
    };
  /** Each write as sent, on a record made for it alone (`refusedWrite`). */
  const writeOf: Record<WriteForm, () => Promise<Write>> = {
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
  /** Beside no header, each read of the gate takes one of these. */
  const readCredentials = [EMPTY, ...lookalikes.slice(GATE_WRITES.other.length)];

  const readIds = once(async (): Promise<Record<string, string | undefined>> => {
    if (settings.readOnly) {
      const ids = settings.existingIds;
      return {
        category: ids.categoryWithProducts ?? ids.categoryWithoutProducts,
        order: ids.orderWithTransactions,
        integration: ids.integration,
      };
    }
    const [category, orderId, integrationId] = await Promise.all([
      createCategory(run).then((c) => c.id),
      product().then((id) => createOrder(run, id)),
      createIntegration(run).then((i) => i.id),
    ]);
    return { category, order: orderId, integration: integrationId };
  });

  probe(
    'the read endpoints of §4 without valid credentials, spelled as no other file does',
    {
      show: ({ form, credential }: { form: ReadForm; credential: Credential }) =>
        `${form.method ?? 'GET'} ${form.path}${queryOf(form)} ${credential.kind}`,
      gate: GATE_READS.flatMap((form, i) => {
        const credential = readCredentials[i % readCredentials.length] ?? EMPTY;
        const name = GATE_NAMES[i];
        return [MISSING, name ? named(credential, name) : credential].map((c) => ({ form, credential: c }));
      }),
      deep: {
        row: 'authentication/reads',
        arbitrary: fc.record({
          form: readForms(),
          credential: unauthenticated(settings.token, undefined, HEADER_NAMES),
        }),
      },
    },
    async ({ form, credential }) =>
      api.send(form.method ?? 'GET', fillRead(form, await readIds()), { auth: credential.auth }),
  );

  return {
    replayed: false,
    writes: (credentials) => ({
      show: (w: WriteInput) => w.shown,
      gate: GATE_WRITES[credentials].map((form, i) => {
        const some = credentials === 'none' ? [MISSING, EMPTY] : lookalikes;
        return writeInput({ form, credential: some[i % some.length] ?? MISSING });
      }),
      // Deep only: its arbitraries take a while to build.
      ...(settings.depth !== 'deep'
        ? {}
        : {
            deep: {
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
    }),
  };
}
