import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { loadSchemaFiles } from '../helpers/schema/schema-files.ts';
import { isRuleId } from '../rules/catalogue.ts';
import { buildOpenApiDocument, OPENAPI_FILE, type OpenApiDocument } from './openapi-document.ts';
import { componentValidators } from './openapi-responses.ts';

const committed = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
const built = buildOpenApiDocument();

/** Every operation of the document as `METHOD path`, with its Operation Object. */
function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

/** Every value of `node` (deeply) whose key is `key`. */
function valuesOf(node: unknown, key: string): unknown[] {
  if (Array.isArray(node)) return node.flatMap((n) => valuesOf(n, key));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesOf(v, key)]);
}

describe('openapi/commerce-api.openapi.json', () => {
  it('is up to date with the generator and the schema files (run `npm run openapi` when this fails)', () => {
    expect(committed).toEqual(built);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(committed));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('the validator refuses a broken document (a dangling $ref, an unknown field of a response)', async () => {
    const dangling = structuredClone(committed);
    const listing = dangling.paths['/v2/products']?.get?.responses['2XX']?.content?.['application/json'];
    if (!listing) throw new Error('no product listing response');
    listing.schema = { $ref: '#/components/schemas/NoSuchSchema' };
    expect((await new Validator().validate(dangling)).valid).toBe(false);
    const unknown = structuredClone(committed) as unknown as { paths: Record<string, unknown> };
    unknown.paths['/v2/products'] = { get: { responses: { '2XX': { descripton: 'typo' } } } };
    expect((await new Validator().validate(unknown)).valid).toBe(false);
  });

  it('every schema of components is a valid JSON Schema 2020-12 (ajv, strict mode)', () => {
    const validatorOf = componentValidators(committed);
    for (const name of Object.keys(committed.components.schemas)) {
      expect(() => validatorOf(name), name).not.toThrow();
    }
    expect(() => validatorOf('NoSuchSchema')).toThrow(/no component schema/);
  });

  it('has every endpoint of the specification and every other one the reference serves, and marks only the provisioning ones x-provisioning', () => {
    const spec = [
      'GET /v2/orders/{orderId}/transactions',
      'POST /v2/orders/{orderId}/payments',
      'POST /v2/orders/{orderId}/transactions/{transactionId}/capture',
      'POST /v2/orders/{orderId}/transactions/{transactionId}/refund',
      'POST /v2/orders/{orderId}/transactions/{transactionId}/confirm',
      'GET /v2/integrations/{id}',
      'DELETE /v2/integrations/{id}',
      'GET /v2/categories',
      'GET /v2/products',
      'GET /v2/categories/{id}',
      'GET /v2/orders',
      'GET /v2/files',
    ];
    const provisioning = [
      'POST /oauth/access_token',
      'POST /v2/products',
      'DELETE /v2/products/{id}',
      'POST /v2/categories',
      'DELETE /v2/categories/{id}',
      'POST /v2/products/{productId}/relationships/categories',
      'POST /v2/carts/{cartRef}/items',
      'POST /v2/carts/{cartRef}/checkout',
      'POST /v2/integrations',
    ];
    const reference = ['GET /v2/products/{id}', 'GET /v2/orders/{id}', 'GET /v2/carts/{cartRef}/items'];
    const all = operations(committed);
    expect(all.map((o) => o.key).sort()).toEqual([...spec, ...provisioning, ...reference].sort());
    for (const { key, op } of all) {
      expect(op['x-provisioning'] === true, key).toBe(provisioning.includes(key));
    }
  });

  it('answers 2XX and 4XX only: the specification shows no status code, and never a 5XX', () => {
    for (const { key, op } of operations(committed)) {
      expect(Object.keys(op.responses).sort(), key).toEqual(['2XX', '4XX']);
    }
  });

  it('needs the bearer token everywhere but on the token endpoint', () => {
    expect(committed.security).toEqual([{ bearerAuth: [] }]);
    expect(committed.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    for (const { key, op } of operations(committed)) {
      expect(op.security, key).toEqual(key === 'POST /oauth/access_token' ? [] : undefined);
    }
  });

  it('bounds page[limit] 1 to 100 (default 100) and page[offset] from 0, at most 10,000 where the limit is hard (and 2^53 - 1 elsewhere)', () => {
    const parameters = committed.components.parameters as Record<string, { name: string; schema: unknown }>;
    expect(parameters.PageLimit).toMatchObject({
      name: 'page[limit]',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
    });
    expect(parameters.PageOffset).toMatchObject({
      name: 'page[offset]',
      schema: { type: 'integer', minimum: 0 },
    });
    expect(parameters.PageOffset?.schema).toHaveProperty('maximum', Number.MAX_SAFE_INTEGER);
    expect(parameters.PageOffsetHard?.schema).toMatchObject({ minimum: 0, maximum: 10_000 });
    const refs = (path: string) =>
      valuesOf(committed.paths[path]?.get?.parameters, '$ref').map((r) => String(r).split('/').pop());
    expect(refs('/v2/products')).toEqual(['PageLimit', 'PageOffset', 'Include']);
    expect(refs('/v2/categories')).toEqual(['PageLimit', 'PageOffset']);
    expect(refs('/v2/categories/{id}')).toEqual(['IncludeProducts']);
    expect(refs('/v2/orders')).toEqual(['PageLimit', 'PageOffsetHard']);
  });

  it('takes the schemas from schemas/ as they are: tax-code, refund without meta, extra fields allowed', () => {
    const schemas = committed.components.schemas;
    for (const file of loadSchemaFiles()) {
      if (file.name !== 'common') expect(schemas[String(file.schema.title)], file.name).toBeDefined();
    }
    expect(schemas.Product?.required).toContain('tax-code');
    expect(schemas.Product?.properties).toHaveProperty(['tax-code', 'type'], ['string', 'null']);
    expect(schemas.TransactionRefund?.required).not.toContain('meta');
    expect(schemas.Transaction).toEqual({
      title: 'Transaction',
      description: expect.any(String),
      allOf: [
        { $ref: '#/components/schemas/TransactionRefund' },
        {
          type: 'object',
          required: ['meta'],
          properties: { meta: { $ref: '#/components/schemas/TransactionMeta' } },
        },
      ],
    });
    const refund = committed.paths['/v2/orders/{orderId}/transactions/{transactionId}/refund']?.post;
    expect(refund?.responses['2XX']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/TransactionRefundResponse',
    });
    expect(valuesOf(committed, 'additionalProperties').filter((v) => v === false)).toEqual([]);
    expect(valuesOf(committed, 'unevaluatedProperties')).toEqual([]);
    for (const ref of valuesOf(committed, '$ref')) expect(String(ref)).toMatch(/^#\/components\//);
  });

  it('names the rules of the catalogue that the suite checks on each operation (x-rules)', () => {
    const named = operations(committed).flatMap(({ op }) => (op['x-rules'] as string[] | undefined) ?? []);
    expect(named.length).toBeGreaterThan(30);
    for (const id of named) expect(isRuleId(id), id).toBe(true);
  });
});
