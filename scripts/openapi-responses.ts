import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { SCHEMA_FORMATS } from '../test-support/schema/ajv.ts';
import type { SchemaObject } from './openapi-components.ts';
import type { OpenApiDocument, OperationObject } from './openapi-document.ts';

/** One request and its answer, as recorded. */
export interface RecordedExchange {
  readonly method: string;
  /** Path and query string, e.g. `/v2/products?page[limit]=5`. */
  readonly path: string;
  readonly status: number;
  readonly contentType?: string;
  readonly body: string;
}

/** What the OpenAPI document says about one recorded exchange. */
export interface ExchangeVerdict {
  /** The operation the request matches; absent when it matches none. */
  readonly operationId?: string;
  /** The key of `responses` that the status falls under (`2XX`, `4XX`, `201`, …). */
  readonly responseKey?: string;
  readonly validated: boolean;
  readonly problems: readonly string[];
}

const DOC_ID = 'https://commerce-conformance.dev/openapi/commerce-api.openapi.json';
const COMPONENT = '#/components/schemas/';

interface Route {
  readonly method: string;
  readonly pattern: RegExp;
  /** Templated segments: a route with fewer wins (`/v2/products` before `/v2/{any}`). */
  readonly templated: number;
  readonly operation: OperationObject;
}

/**
 * A checker of recorded exchanges against the OpenAPI document: the operation of the request, the response its
 * status falls under (exact code, else its range, else `default`), and the body against that response's schema.
 */
export function createExchangeChecker(
  document: OpenApiDocument,
): (exchange: RecordedExchange) => ExchangeVerdict {
  const validatorOf = componentValidators(document);
  const routes = routesOf(document);
  return (exchange) => {
    const path = exchange.path.split('?')[0] ?? '';
    const route = routes.find((r) => r.method === exchange.method.toLowerCase() && r.pattern.test(path));
    if (!route) return { validated: false, problems: [] };
    const { operationId, responses } = route.operation;
    const status = String(exchange.status);
    const responseKey = [status, `${status[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
    if (responseKey === undefined) {
      const problem = `status ${exchange.status} is not a documented answer of ${operationId}`;
      return { operationId, validated: false, problems: [problem] };
    }
    const verdict = (validated: boolean, ...problems: string[]) => ({
      operationId,
      responseKey,
      validated,
      problems,
    });
    const content = responses[responseKey]?.content;
    if (!content) return verdict(false);
    const mediaType = (exchange.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const schema = content[mediaType]?.schema;
    if (!schema) {
      const types = Object.keys(content).join(', ');
      return verdict(false, `Content-Type "${exchange.contentType ?? ''}" is not one of ${types}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(exchange.body);
    } catch {
      return verdict(false, 'the body is not JSON');
    }
    const validate = validatorOf(componentOf(schema));
    const errors = validate(body) ? [] : (validate.errors ?? []);
    return verdict(true, ...errors.map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`));
  };
}

function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const segments = template.split('/');
    const pattern = new RegExp(
      `^${segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
    );
    const templated = segments.filter((s) => s.startsWith('{')).length;
    for (const [method, operation] of Object.entries(item)) {
      routes.push({ method, pattern, templated, operation });
    }
  }
  return routes.sort((a, b) => a.templated - b.templated);
}

/** Validators of the document's component schemas by name, compiled on first use (as `helpers/schema` does). */
export function componentValidators(document: OpenApiDocument): (name: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  formatsPlugin.default(ajv, [...SCHEMA_FORMATS]);
  ajv.addSchema({ $id: DOC_ID, $defs: toDefs(document.components.schemas) });
  const validators = new Map<string, ValidateFunction>();
  return (name) => {
    const known = validators.get(name);
    if (known) return known;
    if (!Object.hasOwn(document.components.schemas, name)) throw new Error(`no component schema ${name}`);
    const compiled = ajv.compile({ $ref: `${DOC_ID}#/$defs/${name}` });
    validators.set(name, compiled);
    return compiled;
  };
}

/** A response schema of the document is a `$ref` to a component: its name. */
function componentOf(schema: SchemaObject): string {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(COMPONENT)) {
    throw new Error(`a response schema must be a $ref to ${COMPONENT}<name>, got ${JSON.stringify(schema)}`);
  }
  return ref.slice(COMPONENT.length);
}

/** The components with their refs pointing at `#/$defs/<name>`, for ajv (which knows no `components`). */
function toDefs(schemas: Record<string, SchemaObject>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schemas).replaceAll(`"${COMPONENT}`, '"#/$defs/')) as Record<
    string,
    unknown
  >;
}
