/**
 * The OpenAPI document's requests against the reference server, as a fuzzer (Schemathesis: its
 * positive_data_acceptance, negative_data_rejection, unsupported_method and allow_header_conformance checks)
 * sends them: the document's examples are accepted; requests generated from its request schemas are accepted
 * (2xx), and each copy that breaks one constraint of the document is refused with a 4xx JSON error, never a
 * 5xx; a method a documented path does not have is 405 with `Allow` naming the document's methods.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLI_DEFAULT_DEMO_PRODUCTS } from '../reference/env.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../reference/options.ts';
import { type Json, type TestReply, testClient } from '../test-support/reference/client.ts';
import { oneBroken, valuesOf } from '../test-support/schema/request-arbitrary.ts';
import { OPENAPI_FILE, type OpenApiDocument, type OperationObject } from './openapi-document.ts';
import { componentValidators, createExchangeChecker } from './openapi-responses.ts';

const document = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
const validatorOf = componentValidators(document);
const checkAnswer = createExchangeChecker(document);
const SEED = 29;
const RUNS = 25;

interface Documented {
  readonly method: string;
  readonly path: string;
  readonly operation: OperationObject & {
    parameters?: { name?: string; in?: string; example?: string; $ref?: string }[];
    requestBody?: { content: Record<string, { schema: { $ref: string }; example: unknown }> };
  };
}

const operations: Documented[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
);

/** The operation's path with its parameters' examples (the demo records' ids). */
function examplePath({ path, operation }: Documented): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const example = operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.example;
    if (example === undefined) throw new Error(`${operation.operationId}: no example of ${name}`);
    return encodeURIComponent(example);
  });
}

function bodyOf({ operation }: Documented) {
  const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  if (!mediaType || !content) return undefined;
  const component = content.schema.$ref.split('/').pop() ?? '';
  return { mediaType, component, example: content.example, schema: document.components.schemas[component] };
}

type Client = ReturnType<typeof testClient>;

/**
 * Sends `body` as the operation's media type; the answer must agree with the document (a documented status,
 * and the schema of its operation and status), as Schemathesis's response checks and Prism require.
 */
async function send(client: Client, method: string, path: string, mediaType: string, body: unknown) {
  const reply =
    mediaType === 'application/json'
      ? await client.request(method, path, { json: body })
      : await client.request(method, path, {
          headers: { 'content-type': mediaType },
          raw: new URLSearchParams(body as Record<string, string>).toString(),
        });
  return agreeing(method, path, reply);
}

function agreeing(method: string, path: string, reply: TestReply): TestReply {
  const contentType = reply.headers['content-type'];
  const verdict = checkAnswer({
    method,
    path,
    status: reply.status,
    ...(typeof contentType === 'string' ? { contentType } : {}),
    body: reply.text,
  });
  expect(verdict.problems, `${method} ${path} → ${reply.status}: ${reply.text.slice(0, 300)}`).toEqual([]);
  return reply;
}

function expectRefusal(reply: TestReply, what: string): void {
  expect(reply.status, `${what}: ${reply.text}`).toBeGreaterThanOrEqual(400);
  expect(reply.status, `${what}: ${reply.text}`).toBeLessThan(500);
  expect(String(reply.headers['content-type']), what).toMatch(/^application\/json/);
  expect(reply.body?.errors, what).toEqual(expect.any(Array));
}

describe('the OpenAPI document, its requests sent to the reference server', () => {
  it('every operation with its examples (the demo records) is answered 2xx, in the order of the document', async () => {
    const client = testClient({ demoProducts: CLI_DEFAULT_DEMO_PRODUCTS });
    for (const documented of operations) {
      const body = bodyOf(documented);
      if (body) expect(validatorOf(body.component)(body.example), body.component).toBe(true);
      const path = examplePath(documented);
      const reply = body
        ? await send(client, documented.method, path, body.mediaType, body.example)
        : agreeing(documented.method, path, await client.request(documented.method, path));
      expect([documented.operation.operationId, Math.floor(reply.status / 100)]).toEqual([
        documented.operation.operationId,
        2,
      ]);
    }
  });

  /**
   * What each operation needs before a generated body can succeed (an order, a transaction to capture, a
   * product in a fresh cart), and the ids a generated body must name to find records.
   */
  function targetOf(client: Client, fixture: { order: string; product: string; category: string }) {
    let carts = 0;
    const cart = () => `generated-${++carts}`;
    const order = `/v2/orders/${fixture.order}`;
    const targets: Record<string, () => Promise<{ path: string; ids?: (body: Json) => Json }>> = {
      createProduct: async () => ({ path: '/v2/products' }),
      createCategory: async () => ({ path: '/v2/categories' }),
      createIntegration: async () => ({ path: '/v2/integrations' }),
      createPayment: async () => ({ path: `${order}/payments` }),
      createToken: async () => ({
        path: '/oauth/access_token',
        ids: (body) => ({ ...body, client_id: DEFAULT_CLIENT_ID, client_secret: DEFAULT_CLIENT_SECRET }),
      }),
      captureTransaction: async () => {
        const txn = await client.authorize(fixture.order);
        return { path: `${order}/transactions/${txn.id}/capture` };
      },
      confirmTransaction: async () => {
        const started = await client.post(`${order}/payments`, {
          data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' },
        });
        return { path: `${order}/transactions/${started.body.data.id}/confirm` };
      },
      linkProductCategories: async () => ({
        path: `/v2/products/${fixture.product}/relationships/categories`,
        ids: (body) => ({
          ...body,
          data: body.data.map((link: Json) => ({ ...link, id: fixture.category })),
        }),
      }),
      addCartItem: async () => ({
        path: `/v2/carts/${cart()}/items`,
        ids: (body) => ({ ...body, data: { ...body.data, id: fixture.product } }),
      }),
      checkoutCart: async () => {
        const ref = cart();
        await client.post(`/v2/carts/${ref}/items`, {
          data: { type: 'cart_item', id: fixture.product, quantity: 1 },
        });
        return { path: `/v2/carts/${ref}/checkout` };
      },
    };
    return targets;
  }

  it('bodies generated from the request schemas are accepted (2xx); each copy that breaks one constraint is refused with a 4xx JSON error', async () => {
    const client = testClient();
    const product = await client.createProduct();
    const category = await client.createCategory();
    const order = await client.createOrder([product.id]);
    const targets = targetOf(client, { order: order.id, product: product.id, category: category.id });
    const withBodies = operations.filter((o) => bodyOf(o) !== undefined);
    expect(withBodies.map((o) => o.operation.operationId).sort()).toEqual(Object.keys(targets).sort());
    for (const documented of withBodies) {
      const { mediaType, component, schema } = bodyOf(documented) ?? {};
      if (!mediaType || !component || !schema) throw new Error('no body');
      const validate = validatorOf(component);
      const target = targets[documented.operation.operationId];
      if (!target) throw new Error(`no target for ${documented.operation.operationId}`);
      if ((documented.operation.requestBody as { required?: boolean } | undefined)?.required) {
        const { path } = await target();
        expectRefusal(agreeing('POST', path, await client.request('POST', path)), `${path} without a body`);
      }
      await fc.assert(
        fc.asyncProperty(valuesOf(schema), fc.nat(), async (generated, pick) => {
          const { path, ids = (body: Json) => body } = await target();
          const body = ids(generated);
          const what = `${documented.operation.operationId} ${JSON.stringify(body).slice(0, 300)}`;
          expect(validate(body), what).toBe(true);
          const accepted = await send(client, 'POST', path, mediaType, body);
          expect(Math.floor(accepted.status / 100), `${what}: ${accepted.text}`).toBe(2);

          const broken = oneBroken(schema, body);
          const one = broken[pick % broken.length];
          if (!one) throw new Error(`${what}: no constraint to break`);
          const again = await target();
          expect(validate(one.value), `${one.constraint} should break the schema`).toBe(false);
          expectRefusal(
            await send(client, 'POST', again.path, mediaType, one.value),
            `${documented.operation.operationId} ${one.constraint}`,
          );
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }
  });

  it('page[limit] and page[offset] within their bounds are served, outside them refused with 400', async () => {
    const client = testClient();
    const parameters = document.components.parameters as Record<
      string,
      { name: string; schema: { minimum: number; maximum: number } }
    >;
    for (const documented of operations.filter(
      (o) => o.path.match(/^\/v2\/(products|categories|orders|files)$/) && o.method === 'GET',
    )) {
      const refs = (documented.operation.parameters ?? []).map((p) => p.$ref?.split('/').pop() ?? '');
      const bounds = refs.filter((name) => name.startsWith('Page')).map((name) => parameters[name]);
      for (const parameter of bounds) {
        if (!parameter) throw new Error('no parameter');
        const { minimum, maximum } = parameter.schema;
        const query = async (value: string | number) => {
          const path = `${documented.path}?${encodeURIComponent(parameter.name)}=${value}`;
          return agreeing('GET', path, await client.get(path));
        };
        for (const value of [minimum, maximum, Math.floor((minimum + Math.min(maximum, 10_000)) / 2)]) {
          expect((await query(value)).status, `${documented.path} ${parameter.name}=${value}`).toBe(200);
        }
        const above = maximum === Number.MAX_SAFE_INTEGER ? '9007199254740992' : maximum + 1;
        for (const value of [minimum - 1, above, '1.5', 'x', '']) {
          expectRefusal(await query(value), `${documented.path} ${parameter.name}=${value}`);
        }
      }
    }
  });

  it('a method a documented path does not have is 405 with Allow naming the documented methods; OPTIONS is 204 with the same Allow', async () => {
    const client = testClient({ demoProducts: CLI_DEFAULT_DEMO_PRODUCTS });
    const unexpected = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'TRACE', 'QUERY', 'PROPFIND'];
    for (const [path, item] of Object.entries(document.paths)) {
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      const first = operations.find((o) => o.path === path);
      if (!first) throw new Error(path);
      const url = examplePath(first);
      const options = await client.request('OPTIONS', url);
      expect(options.status, url).toBe(204);
      const allowed = String(options.headers.allow).split(', ');
      expect(allowed.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').sort(), url).toEqual(documented.sort());
      for (const method of unexpected.filter((m) => !documented.includes(m))) {
        const reply = await client.request(
          method,
          url,
          path === '/oauth/access_token' ? { token: null } : {},
        );
        expectRefusal(reply, `${method} ${url}`);
        expect([reply.status, reply.headers.allow], `${method} ${url}`).toEqual([405, options.headers.allow]);
      }
    }
  });
});
