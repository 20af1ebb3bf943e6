import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RULES } from '../rules/catalogue.ts';
import { componentRef, type SchemaObject, schemaComponents } from './openapi-components.ts';
import { OPERATIONS, type OperationSpec, tagOf } from './openapi-operations.ts';
import { REQUEST_COMPONENTS } from './openapi-requests.ts';

/** The committed OpenAPI document, `openapi/commerce-api.openapi.json` (`npm run openapi`). */
export const OPENAPI_FILE = fileURLToPath(new URL('../openapi/commerce-api.openapi.json', import.meta.url));

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, SchemaObject> } & Record<string, unknown>;
};

/** The parts of an Operation Object that the tools of this project read. */
export interface OperationObject {
  operationId: string;
  'x-provisioning'?: true;
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaObject }> }>;
  [key: string]: unknown;
}

/** Where the embedded reference server listens by default (`npm run reference`, `commerce-conformance reference`). */
const REFERENCE_URL = 'http://127.0.0.1:4010';

const DESCRIPTION = `Order transactions, includes, pagination and integrations of the Commerce Service API, generated from \
commerce-api.md (the specification), provisioning.md (the creation endpoints a conformance run needs, marked \
x-provisioning: true) and the JSON Schemas of schemas/ (components.schemas).

Status codes: the specification shows none, so success is 2XX and refusal 4XX; a 5XX is never an answer \
(no 5xx). Error bodies are not shown (§7). Extra fields are allowed everywhere. x-rules lists the rules of \
the conformance suite's catalogue checked on each operation: the behaviour no schema can state (which records a \
page holds, that a refund has no meta, that a deleted integration is gone, ...).`;

const REFUSED = {
  description:
    'Refused: no or a wrong bearer token (§5), an unknown id, or invalid input. The status code within 4XX and the error body are not shown (§7).',
};

const PARAMETERS = {
  PageLimit: {
    name: 'page[limit]',
    in: 'query',
    description:
      'Page length (§4.3, §8): 1 to 100, default 100 (a project may change the default). Above 100 a server may reject (4XX) or answer at most 100 records.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
  },
  PageOffset: {
    name: 'page[offset]',
    in: 'query',
    description:
      'Records to skip (§4.3). Soft limit 10,000 (§8): above it a server answers a listing envelope or 4XX.',
    schema: { type: 'integer', minimum: 0 },
  },
  PageOffsetHard: {
    name: 'page[offset]',
    in: 'query',
    description: 'Records to skip (§4.3). Hard limit 10,000 (§8): above it the request is rejected with 4XX.',
    schema: { type: 'integer', minimum: 0, maximum: 10_000 },
  },
  Include: {
    name: 'include',
    in: 'query',
    description:
      'Related resources to include, comma-separated (§4.3). Each resource defines which it supports; an unsupported one is ignored (no included section). Soft limit: 5 values (§8).',
    schema: { type: 'string', examples: ['main_image,categories'] },
  },
  IncludeProducts: {
    name: 'include',
    in: 'query',
    description:
      "products: the category's products in included.products (§4.3). Other values are accepted and ignored when unsupported.",
    schema: { type: 'string', examples: ['products'] },
  },
} as const;

/**
 * The OpenAPI 3.1 document of the API: every endpoint of the specification and of the provisioning profile
 * (`x-provisioning: true`), bearer security, the page parameters with the specification's bounds, `include`,
 * and response schemas generated from `schemas/` ({@link schemaComponents}).
 */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of OPERATIONS) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Commerce Service API',
      version: packageVersion(),
      summary: 'Order transactions, includes, pagination and integrations (v2).',
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: REFERENCE_URL,
        description: 'The embedded reference server (npx commerce-conformance reference).',
      },
      {
        url: '{base_url}',
        description: 'Any implementation: the part of the URL before /v2 (§1).',
        variables: { base_url: { default: REFERENCE_URL } },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: 'transactions', description: 'Payment transactions of orders (§4.1).' },
      { name: 'integrations', description: 'Webhook integrations (§4.2, §6).' },
      { name: 'catalog', description: 'Listings, pagination and includes (§4.3, §8).' },
      {
        name: 'provisioning',
        description: 'Creation endpoints of the provisioning profile (provisioning.md).',
      },
    ],
    paths,
    components: {
      schemas: { ...schemaComponents(), ...REQUEST_COMPONENTS },
      parameters: PARAMETERS,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Authorization: Bearer <ACCESS_TOKEN> on every /v2 request (§5). How a token is obtained is not shown; the provisioning profile uses POST /oauth/access_token.',
        },
      },
    },
  };
}

function operationObject(operation: OperationSpec): OperationObject {
  const pathParameters = [...operation.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: 'An identifier (§4: path parameters are strings).',
    schema: { type: 'string' },
  }));
  const query = (operation.query ?? []).map((name) => ({ $ref: `#/components/parameters/${name}` }));
  const parameters = [...pathParameters, ...query];
  const success = operation.success.schema
    ? { 'application/json': { schema: { $ref: componentRef(operation.success.schema) } } }
    : undefined;
  return {
    operationId: operation.operationId,
    tags: [tagOf(operation)],
    summary: operation.summary,
    description: `${operation.source}.`,
    ...(tagOf(operation) === 'provisioning' ? { 'x-provisioning': true as const } : {}),
    ...(rulesOf(operation).length > 0 ? { 'x-rules': rulesOf(operation) } : {}),
    ...(operation.public ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: operation.body.required,
            content: {
              [operation.body.mediaType ?? 'application/json']: {
                schema: { $ref: componentRef(operation.body.schema) },
              },
            },
          },
        }
      : {}),
    responses: {
      '2XX': { description: operation.success.description, ...(success ? { content: success } : {}) },
      '4XX': REFUSED,
    },
  };
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * The rules whose exchange verdict judges the operation's answers (`x-rules`): those whose scope names its
 * method and path (the rules of every answer left out).
 */
export function rulesOf(operation: OperationSpec): string[] {
  const template = operation.path.replace(/\{(\w+)\}/g, ':$1');
  const method = operation.method.toUpperCase();
  return RULES.filter(
    (r) =>
      r.exchange?.scope.paths.includes(template) &&
      r.exchange.scope.methods.includes(method as (typeof r.exchange.scope.methods)[number]),
  ).map((r) => r.id);
}
