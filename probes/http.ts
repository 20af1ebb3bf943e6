/**
 * The probes of the http area (§1, §7): malformed requests (`malformed.ts`) and hand-picked bad reads and
 * writes, the writes aimed at an order of the run; each sent exactly as written.
 */
import { probe } from '../helpers/check/check.ts';
import type { RequestOptions } from '../helpers/http/client.ts';
import { createOrder, createProduct } from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import { malformedRequests, type Sent, showSent } from './malformed.ts';

const HUGE = '99999999999999999999999999';

/** Bad reads: ids that are not UUIDs or hold a NUL byte, unknown routes, page parameters and includes out of shape. */
const BAD_READS = (unknown: string): Sent[] => [
  { method: 'GET', path: '/v2/integrations/not-a-uuid' },
  { method: 'GET', path: '/v2/orders/not-a-uuid/transactions' },
  { method: 'GET', path: '/v2/categories/%00' },
  { method: 'GET', path: `/v2/orders/${unknown}/transactions` },
  { method: 'GET', path: '/v2/conformance-no-such-route' },
  { method: 'GET', path: `/v2/categories?page[limit]=${HUGE}` },
  { method: 'GET', path: `/v2/products?page[offset]=-${HUGE}` },
  { method: 'GET', path: '/v2/categories?page[limit]=1&page[limit]=2' },
  { method: 'GET', path: '/v2/categories?page[limit][x]=1' },
  { method: 'GET', path: '/v2/products?page[offset]' },
  { method: 'GET', path: `/v2/products?include=${'x,'.repeat(1000)}` },
  { method: 'GET', path: '/v2/products?include=,,,' },
];

/**
 * Bad writes to an order of the run: bodies that are not JSON, not objects, of the wrong types; an order id
 * that is not a UUID; and a query on its listing, which takes none (another read's are the catalogue's).
 */
const BAD_WRITES = (order: string, unknown: string): Sent[] => {
  const payments = `/v2/orders/${order}/payments`;
  const action = (name: string, txn = unknown) => `/v2/orders/${order}/transactions/${txn}/${name}`;
  const post = (path: string, options?: RequestOptions): Sent => ({ method: 'POST', path, options });
  return [
    post(payments, { raw: '{"data":' }),
    post(payments, { json: [] }),
    post(payments, { json: { data: null } }),
    post(payments, { json: { data: { gateway: 123, method: true } } }),
    post(payments, { raw: 'gateway=manual', headers: { 'Content-Type': 'text/plain' } }),
    post(payments, { raw: '' }),
    post(action('capture'), { raw: '{"data":{"custom_reference":' }),
    post(action('capture'), { json: { data: { custom_reference: 42 } } }),
    post(action('confirm'), {
      json: { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 12 } },
    }),
    post(action('refund', 'not-a-uuid')),
    post('/v2/orders/not-a-uuid/payments'),
    post(`/v2/orders/not-a-uuid/transactions/${unknown}/capture`),
    { method: 'GET', path: `/v2/orders/${order}/transactions?page[limit]=1` },
    { method: 'DELETE', path: '/v2/integrations/not-a-uuid' },
  ];
};

export function httpProbes(run: SuiteRun): void {
  const { api, known } = run;
  const unknown = crypto.randomUUID();
  known.madeUp(unknown);
  known.madeUp('not-a-uuid');
  const product = once(async () => (await createProduct(run)).id);
  const order = once(async () => createOrder(run, await product()));
  const send = (sent: Sent) => {
    for (const id of sent.madeUp ?? []) known.madeUp(id);
    return api.send(sent.method, sent.path, { ...sent.options, exact: true });
  };

  probe(
    'bad reads: ids, routes, page parameters and includes out of shape',
    { show: showSent, gate: BAD_READS(unknown) },
    send,
  );
  probe(
    'bad writes, malformed ids, query parameters, body fields and unknown routes',
    async () => {
      const ids = { order: await order(), unknown };
      return {
        show: showSent,
        gate: BAD_WRITES(ids.order, unknown),
        // Made only for the deep profile: its arbitraries take a while to build.
        ...(run.settings.depth === 'deep'
          ? { deep: { row: 'http/malformed' as const, arbitrary: malformedRequests(ids) } }
          : {}),
      };
    },
    send,
    { writes: true },
  );
}
