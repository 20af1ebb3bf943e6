/**
 * HTTP basics (§1, §7): answers are JSON, and no request, valid or not, is answered with a 5xx.
 *
 * The error format and status codes are not shown (§7), so bad input only has to be answered with something
 * other than 5xx. Writes with bad input are aimed at an order this run made. `http/depth.ts`: malformed
 * requests in both profiles and generated ones in the deep profile, each answer judged by both rules.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import { createOrder, createProduct } from '../helpers/fixtures/create.ts';
import { once } from '../helpers/fixtures/once.ts';
import type { RequestOptions } from '../helpers/http/client.ts';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayRecorded } from './authentication/recorded.ts';
import { expectJson } from './http/answers.ts';
import { malformedChecks } from './http/depth.ts';

const { info, api, cleanup } = suiteRun();

const ownOrder = once(async () =>
  createOrder(api, info.runTag, (await createProduct(api, info.runTag, cleanup)).id),
);
const unknown = crypto.randomUUID();
const HUGE = '99999999999999999999999999';

interface BadRequest {
  readonly label: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The path, given the id of an order the run made (writes only). */
  readonly path: (orderId: string) => string;
  readonly options?: RequestOptions;
}

const BAD_READS: BadRequest[] = [
  { label: 'an integration id that is not a UUID', method: 'GET', path: () => '/v2/integrations/not-a-uuid' },
  { label: 'a category id with a NUL byte', method: 'GET', path: () => '/v2/categories/%00' },
  { label: 'an unknown order', method: 'GET', path: () => `/v2/orders/${unknown}/transactions` },
  { label: 'an unknown route under /v2', method: 'GET', path: () => '/v2/conformance-no-such-route' },
  { label: 'a huge page[limit]', method: 'GET', path: () => `/v2/categories?page[limit]=${HUGE}` },
  { label: 'a huge negative page[offset]', method: 'GET', path: () => `/v2/products?page[offset]=-${HUGE}` },
  {
    label: 'page[limit] given twice',
    method: 'GET',
    path: () => '/v2/categories?page[limit]=1&page[limit]=2',
  },
  { label: 'a nested page parameter', method: 'GET', path: () => '/v2/categories?page[limit][x]=1' },
  { label: 'an empty page[offset]', method: 'GET', path: () => '/v2/products?page[offset]=' },
  {
    label: 'a 2,000-character include',
    method: 'GET',
    path: () => `/v2/products?include=${'x,'.repeat(1000)}`,
  },
  { label: 'an include of only commas', method: 'GET', path: () => '/v2/products?include=,,,' },
];

const payments = (orderId: string) => `/v2/orders/${orderId}/payments`;
const BAD_WRITES: BadRequest[] = [
  { label: 'malformed JSON to payments', method: 'POST', path: payments, options: { raw: '{"data":' } },
  { label: 'a JSON array to payments', method: 'POST', path: payments, options: { json: [] } },
  { label: 'data: null to payments', method: 'POST', path: payments, options: { json: { data: null } } },
  {
    label: 'wrongly typed gateway and method to payments',
    method: 'POST',
    path: payments,
    options: { json: { data: { gateway: 123, method: true } } },
  },
  {
    label: 'a text/plain body to payments',
    method: 'POST',
    path: payments,
    options: { raw: 'gateway=manual', headers: { 'Content-Type': 'text/plain' } },
  },
  { label: 'an empty JSON body to payments', method: 'POST', path: payments, options: { raw: '' } },
  {
    label: 'malformed JSON to capture',
    method: 'POST',
    path: (orderId) => `/v2/orders/${orderId}/transactions/${unknown}/capture`,
    options: { raw: '{"data":{"custom_reference":' },
  },
  {
    label: 'a numeric custom_reference to capture',
    method: 'POST',
    path: (orderId) => `/v2/orders/${orderId}/transactions/${unknown}/capture`,
    options: { json: { data: { custom_reference: 42 } } },
  },
  {
    label: 'a numeric payment token to confirm',
    method: 'POST',
    path: (orderId) => `/v2/orders/${orderId}/transactions/${unknown}/confirm`,
    options: { json: { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 12 } } },
  },
  {
    label: 'a transaction id that is not a UUID to refund',
    method: 'POST',
    path: (orderId) => `/v2/orders/${orderId}/transactions/not-a-uuid/refund`,
  },
  {
    label: 'an integration id that is not a UUID to DELETE',
    method: 'DELETE',
    path: () => '/v2/integrations/not-a-uuid',
  },
];

describe.concurrent('HTTP basics', () => {
  malformedChecks({ info, api }, async () => ({ order: await ownOrder(), unknown }));

  for (const bad of BAD_READS) {
    check('HTTP-NO-5XX', `${bad.method} with ${bad.label} is not answered with a 5xx`, async (t) => {
      t.expectStatus(await t.api.send(bad.method, bad.path(''), bad.options), 'not 5xx');
    });
  }

  for (const bad of BAD_WRITES) {
    check(
      'HTTP-NO-5XX',
      `${bad.method} with ${bad.label} is not answered with a 5xx`,
      async (t) => {
        t.expectStatus(await t.api.send(bad.method, bad.path(await ownOrder()), bad.options), 'not 5xx');
      },
      { writes: true },
    );
  }

  check('HTTP-JSON', 'a listing answer is JSON and says so', async (t) => {
    expectJson(t, await t.api.get('/v2/categories?page[limit]=1'));
  });

  check('HTTP-JSON', 'a not-found answer is JSON and says so', async (t) => {
    expectJson(t, await t.api.get(`/v2/integrations/${unknown}`));
  });

  check('HTTP-JSON', 'an unauthenticated answer is JSON and says so', async (t) => {
    expectJson(t, await t.api.get('/v2/products', { auth: 'none' }));
  });

  check(
    'HTTP-JSON',
    'the answer to malformed JSON is JSON and says so',
    async (t) => {
      expectJson(t, await t.api.post(payments(await ownOrder()), { raw: '{"data":' }));
    },
    { writes: true },
  );
});

// Last: once the checks above are done, what they sent is sent again without valid credentials.
replayRecorded(info, 'http');
