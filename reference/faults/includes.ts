import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Fault, responseFault } from './fault.ts';
import { answerInstead, dataItems, type Json, type Route, rewriteResponse } from './hooks.ts';

const CATEGORY: Route = 'GET /v2/categories/:id';
const CATEGORIES: Route = 'GET /v2/categories';
const PRODUCTS: Route = 'GET /v2/products';
const WITH_INCLUDES: Route[] = [CATEGORY, PRODUCTS];

const includeNames = (request: FastifyRequest): string[] => {
  const include = (request.query as Json).include;
  return typeof include === 'string'
    ? include
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
};

/** What each endpoint supports; everything else is "unsupported" (§4.3 include rule 5). */
const SUPPORTED: Record<string, string[]> = {
  [CATEGORY]: ['products'],
  [PRODUCTS]: ['main_image', 'categories', 'files'],
};

function refuse(reply: FastifyReply, status: number, detail: string): FastifyReply {
  return reply
    .code(status)
    .send({ errors: [{ status, title: status >= 500 ? 'Internal Server Error' : 'Bad Request', detail }] });
}

export const INCLUDE_FAULTS: Fault[] = [
  responseFault(
    'include-drops-last-product',
    'INC-PRODUCTS',
    'included.products leaves out the last related product.',
    [CATEGORY],
    (body) => {
      body.included?.products?.pop();
    },
  ),
  responseFault(
    'included-as-array',
    'INC-SHAPE',
    'included is one flat array of entities, not an object keyed by resource.',
    WITH_INCLUDES,
    (body) => {
      if (body.included) body.included = Object.values(body.included).flat();
    },
  ),
  responseFault(
    'included-keyed-by-id',
    'INC-SHAPE',
    'Each included.<resource> is an object keyed by id, not an array.',
    WITH_INCLUDES,
    (body) => {
      for (const [key, list] of Object.entries(body.included ?? {})) {
        body.included[key] = Object.fromEntries((list as Json[]).map((entity) => [entity.id, entity]));
      }
    },
  ),
  responseFault(
    'empty-included-object',
    'INC-NONE-RELATED',
    'With nothing to include, the answer has included: {}.',
    [CATEGORY],
    (body, request) => {
      if (includeNames(request).length > 0 && !body.included) body.included = {};
    },
  ),
  responseFault(
    'empty-included-array',
    'INC-NONE-RELATED',
    'With nothing to include, the answer has included: { products: [] }.',
    [CATEGORY],
    (body, request) => {
      if (includeNames(request).includes('products') && !body.included) body.included = { products: [] };
    },
  ),
  responseFault(
    'unsupported-include-listed',
    'INC-UNSUPPORTED',
    'An include the endpoint does not support appears as an empty included.<name>.',
    [CATEGORY],
    (body, request) => {
      for (const name of includeNames(request).filter((n) => !SUPPORTED[CATEGORY]?.includes(n))) {
        body.included = { ...body.included, [name]: [] };
      }
    },
  ),
  {
    name: 'multi-include-refused',
    rule: 'INC-MULTI',
    description: 'An include with several comma-separated values is answered 400.',
    install: (app) =>
      answerInstead(app, WITH_INCLUDES, (request, reply) => {
        const names = includeNames(request);
        return names.length > 1 && names.length <= 5
          ? refuse(reply, 400, 'include takes one value')
          : undefined;
      }),
  },
  responseFault(
    'include-duplicates',
    'INC-LINKAGE',
    'Every included entity appears twice.',
    WITH_INCLUDES,
    (body) => {
      for (const [key, list] of Object.entries(body.included ?? {}))
        body.included[key] = [...(list as Json[]), ...(list as Json[])];
    },
  ),
  {
    name: 'include-limit-crash',
    rule: 'INC-LIMIT',
    description: 'More than five include values crash the server (500).',
    install: (app) =>
      answerInstead(app, [...WITH_INCLUDES, CATEGORIES], (request, reply) => {
        return includeNames(request).length > 5 ? refuse(reply, 500, 'too many includes') : undefined;
      }),
  },
  responseFault(
    'category-slug-missing',
    'CAT-SCHEMA',
    'Categories have no slug.',
    [CATEGORY, CATEGORIES],
    (body) => {
      for (const category of dataItems(body)) delete category.slug;
    },
  ),
  {
    name: 'product-tax-code-renamed',
    rule: 'PRD-SCHEMA',
    description: 'Products carry tax_code instead of the hyphenated tax-code.',
    install: (app) =>
      rewriteResponse(app, [PRODUCTS, CATEGORY, 'GET /v2/products/:id'], (body) => {
        const products = [
          ...(body.data?.type === 'product' || Array.isArray(body.data) ? dataItems(body) : []),
          ...(body.included?.products ?? []),
        ];
        for (const product of products) {
          if (product.type !== 'product') continue;
          product.tax_code = product['tax-code'];
          delete product['tax-code'];
        }
      }),
  },
  responseFault(
    'category-products-relationship-missing',
    'CAT-SCHEMA',
    'Categories (single and listing answers) have no relationships.products, even when the category has products.',
    [CATEGORY, CATEGORIES],
    (body) => {
      for (const category of dataItems(body)) delete category.relationships?.products;
    },
  ),
];
