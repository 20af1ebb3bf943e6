import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Method } from '../helpers/http/journal.ts';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_INCLUDES,
  MAX_OFFSET,
  MAX_PAGE_LIMIT,
  MAX_PARAM_LENGTH,
  OFFSET_LIMIT,
} from '../reference/limits.ts';
import { RULES } from '../rules/catalogue.ts';
import { componentRef, type SchemaObject, schemaComponents } from './openapi-components.ts';
import { demoIds, OPERATIONS, type OperationSpec, PATH_EXAMPLES, tagOf } from './openapi-operations.ts';
import { REQUEST_COMPONENTS } from './openapi-requests.ts';

/** The committed OpenAPI document, `openapi/commerce-api.openapi.json` (`npm run openapi`). */
export const OPENAPI_FILE = fileURLToPath(new URL('../openapi/commerce-api.openapi.json', import.meta.url));

/** An OpenAPI 3.1 document, as JSON. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, SchemaObject> } & Record<string, unknown>;
};

/** The parts of an Operation Object that this project reads. */
export interface OperationObject {
  operationId: string;
  'x-provisioning'?: true;
  responses: Record<string, { description: string; content?: Record<string, { schema: SchemaObject }> }>;
  [key: string]: unknown;
}

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** Where the embedded reference server listens by default (`npm run reference`, `commerce-conformance reference`). */
const REFERENCE_URL = 'http://127.0.0.1:4010';

const DESCRIPTION = `Order transactions, includes, pagination and integrations of the Commerce Service API, generated from \
commerce-api.md (the specification), provisioning.md (the creation endpoints a conformance run needs, marked \
x-provisioning: true) and the JSON Schemas of schemas/ (components.schemas).

Status codes: the specification shows none, so success is 2XX and refusal 4XX; a 5XX is never an answer \
(no 5xx). Error bodies are not shown (§7). Extra fields are allowed everywhere. x-rules lists the rules of \
the conformance suite's catalogue checked on each operation: the behaviour no schema can state (which records a \
page holds, that a refund has no meta, that a deleted integration is gone, ...).

Requests: the parameters and request bodies state every constraint that the embedded reference server \
enforces (lengths, formats, item counts, ranges; made from its own checks), so that a request built from this \
document is accepted there (2XX, or 404 for an id that names nothing, or 409 when a record's state refuses it) \
and one the document forbids is refused with 4XX. Unknown query parameters are ignored, not refused \
(x-unknown-query-parameters: ignored): the specification leaves them open, and clients add their own (cache \
busters, tracing). The examples of path parameters and request bodies are the ids of the reference server's \
demo records (npx commerce-conformance reference), the same on every start. A method that a path does not \
serve is answered 405 with Allow (OPTIONS: 204 with Allow).`;

const REFUSED = {
  description:
    'Refused: no or a wrong bearer token (§5), an id that names nothing, invalid input, or a record whose state refuses the request (the reference server: 401, 404, 400 or 422, 409). The status code within 4XX and the error body are not shown (§7).',
};

const UNKNOWN_QUERY =
  'Query parameters other than those listed are ignored (x-unknown-query-parameters): the specification leaves them open.';

const PARAMETERS = {
  PageLimit: {
    name: 'page[limit]',
    in: 'query',
    description: `Page length (§4.3, §8): 1 to ${MAX_PAGE_LIMIT}, default ${DEFAULT_PAGE_LIMIT} (a project may change the default). Above ${MAX_PAGE_LIMIT} a server may reject (4XX) or answer at most ${MAX_PAGE_LIMIT} records; the reference server rejects.`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT },
  },
  PageOffset: {
    name: 'page[offset]',
    in: 'query',
    description: `Records to skip (§4.3). Soft limit ${OFFSET_LIMIT} (§8): above it a server answers a listing envelope or 4XX; the reference server answers an empty page up to ${MAX_OFFSET}, the largest integer a JSON number holds exactly.`,
    schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET },
  },
  PageOffsetHard: {
    name: 'page[offset]',
    in: 'query',
    description: `Records to skip (§4.3). Hard limit ${OFFSET_LIMIT} (§8): above it the request is rejected with 4XX.`,
    schema: { type: 'integer', minimum: 0, maximum: OFFSET_LIMIT },
  },
  Include: {
    name: 'include',
    in: 'query',
    description: `Related resources to include, comma-separated (§4.3). Each resource defines which it supports; an unsupported one is ignored (no included section). Soft limit: ${MAX_INCLUDES} values (§8).`,
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

const TAGS = {
  transactions: 'Payment transactions of orders (§4.1).',
  integrations: 'Webhook integrations (§4.2, §6).',
  catalog: 'Listings, pagination and includes (§4.3, §8).',
  provisioning: 'Creation endpoints of the provisioning profile (provisioning.md).',
  reference:
    'Reads that the reference server serves beside the specification and the provisioning profile (their answers are not shown by either).',
};

/** The OpenAPI 3.1 document of the API and of the provisioning profile (`x-provisioning: true`). */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const id = demoIds();
  for (const [operationId, operation] of Object.entries(OPERATIONS)) {
    const [method, path] = methodAndPath(operation);
    paths[path] = { ...paths[path], [method]: operationObject(operationId, operation, id) };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Commerce Service API',
      version: PACKAGE.version,
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
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
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

/** `get /v2/products` → `['get', '/v2/products']`. */
const methodAndPath = ({ route }: OperationSpec) => route.split(' ') as [string, string];

function operationObject(
  operationId: string,
  operation: OperationSpec,
  id: ReturnType<typeof demoIds>,
): OperationObject {
  const pathParameters = [...methodAndPath(operation)[1].matchAll(/\{([^}]+)\}/g)].map(([, name = '']) => {
    const example = operation.examples?.[name] ?? PATH_EXAMPLES[name];
    return {
      name,
      in: 'path',
      required: true,
      description: `An identifier (§4: path parameters are strings). The reference server answers 404 for one that names nothing, or longer than ${MAX_PARAM_LENGTH} characters as sent.`,
      schema: { type: 'string' },
      ...(example ? { example: id(example) } : {}),
    };
  });
  const query = (operation.query ?? []).map((name) => ({ $ref: `#/components/parameters/${name}` }));
  const parameters = [...pathParameters, ...query];
  const success = operation.schema
    ? { 'application/json': { schema: { $ref: componentRef(operation.schema) } } }
    : undefined;
  return {
    operationId,
    tags: [tagOf(operation)],
    summary: operation.summary,
    description: [
      operation.source === 'reference'
        ? 'Served by the reference server; not shown by the specification or the provisioning profile.'
        : `${operation.source}.`,
      ...(operation.query ? [UNKNOWN_QUERY] : []),
    ].join(' '),
    ...(tagOf(operation) === 'provisioning' ? { 'x-provisioning': true as const } : {}),
    ...(operation.query ? { 'x-unknown-query-parameters': 'ignored' } : {}),
    ...(rulesOf(operation).length > 0 ? { 'x-rules': rulesOf(operation) } : {}),
    ...(operation.public ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: !operation.body.optional,
            content: {
              [operation.body.mediaType ?? 'application/json']: {
                schema: { $ref: componentRef(operation.body.schema) },
                example: operation.body.example(id),
              },
            },
          },
        }
      : {}),
    responses: {
      '2XX': { description: operation.success, ...(success ? { content: success } : {}) },
      '4XX': REFUSED,
    },
  };
}

/** The rules whose exchange verdict judges the operation's answers, by their scope's methods and paths. */
function rulesOf(operation: OperationSpec): string[] {
  const [method, path] = methodAndPath(operation);
  const template = path.replace(/\{(\w+)\}/g, ':$1');
  return RULES.filter(
    (r) =>
      r.exchange?.scope.paths.includes(template) &&
      ['*', method.toUpperCase()].some((m) => r.exchange?.scope.methods.includes(m as Method)),
  ).map((r) => r.id);
}
