import type { FastifyRequest } from 'fastify';
import { MAX_INCLUDES } from '../limits.ts';
import { editingRow, type Fault, faultRow } from './fault.ts';
import {
  answerInstead,
  dataItems,
  errorBody,
  type Json,
  productsIn,
  type Route,
  rewriteResponse,
} from './hooks.ts';
import { CATEGORIES, CATEGORY, PRODUCT, PRODUCTS, SUPPORTED_INCLUDES } from './routes.ts';

const WITH_INCLUDES: Route[] = [CATEGORY, PRODUCTS];

/** The names of `include` when given once, trimmed, empty ones dropped. */
const includeNames = (request: FastifyRequest): string[] => {
  const include = (request.query as Json).include;
  return typeof include === 'string' ? include.split(',').flatMap((name) => name.trim() || []) : [];
};

const editCategory = editingRow([CATEGORY]);
const editWithIncludes = editingRow(WITH_INCLUDES);
const editCategories = editingRow([CATEGORY, CATEGORIES]);

export const INCLUDE_FAULTS: Fault[] = [
  editCategory('include-drops-last-product', 'INC-PRODUCTS')(
    'included.products leaves out the last related product.',
    (body) => {
      body.included?.products?.pop();
    },
  ),
  editWithIncludes('included-as-array', 'INC-SHAPE')(
    'included is one flat array of entities, not an object keyed by resource.',
    (body) => {
      if (body.included) body.included = Object.values(body.included).flat();
    },
  ),
  editWithIncludes('included-keyed-by-id', 'INC-SHAPE')(
    'Each included.<resource> is an object keyed by id, not an array.',
    (body) => {
      for (const [key, list] of Object.entries(body.included ?? {}))
        body.included[key] = Object.fromEntries((list as Json[]).map((entity) => [entity.id, entity]));
    },
  ),
  editCategory('empty-included-object', 'INC-NONE-RELATED')(
    'With no product to include (include=products), the answer has included: {}.',
    (body, request) => {
      if (includeNames(request).includes('products') && !body.included) body.included = {};
    },
  ),
  editCategory('empty-included-array', 'INC-NONE-RELATED')(
    'With nothing to include, the answer has included: { products: [] }.',
    (body, request) => {
      if (includeNames(request).includes('products') && !body.included) body.included = { products: [] };
    },
  ),
  faultRow('unsupported-include-listed', 'INC-UNSUPPORTED')(
    'An include the endpoint does not support appears as an empty included.<name>.',
    rewriteResponse([CATEGORY], (body, request) => {
      for (const name of includeNames(request).filter((n) => !SUPPORTED_INCLUDES[CATEGORY]?.includes(n)))
        body.included = { ...body.included, [name]: [] };
    }),
    {
      'INC-NONE-RELATED':
        'On the category without products, the unsupported names listed are an included section where nothing is related.',
    },
  ),
  faultRow('multi-include-refused', 'INC-MULTI')(
    'An include with several comma-separated values is answered 400.',
    answerInstead(WITH_INCLUDES, (request, reply) => {
      const names = includeNames(request);
      if (names.length > 1 && names.length <= MAX_INCLUDES)
        return reply.code(400).send(errorBody(400, 'Bad Request', 'include takes one value'));
    }),
  ),
  editWithIncludes('include-duplicates', 'INC-LINKAGE')('Every included entity appears twice.', (body) => {
    for (const [key, list] of Object.entries(body.included ?? {}))
      body.included[key] = [...(list as Json[]), ...(list as Json[])];
  }),
  faultRow('include-limit-redirect', 'INC-LIMIT')(
    `More than ${MAX_INCLUDES} include values are answered 302, redirecting to the same request with the first ${MAX_INCLUDES}.`,
    answerInstead([...WITH_INCLUDES, CATEGORIES], (request, reply) => {
      const names = includeNames(request);
      if (names.length <= MAX_INCLUDES) return undefined;
      const path = request.url.split('?')[0];
      const include = encodeURIComponent(names.slice(0, MAX_INCLUDES).join(','));
      reply.code(302).header('location', `${path}?include=${include}`);
      return reply.send(errorBody(302, 'Found', 'too many includes'));
    }),
  ),
  editCategories('category-slug-missing', 'CAT-SCHEMA')('Categories have no slug.', (body) => {
    for (const category of dataItems(body)) delete category.slug;
  }),
  faultRow('product-tax-code-renamed', 'PRD-SCHEMA')(
    'Products carry tax_code instead of the hyphenated tax-code.',
    rewriteResponse([PRODUCTS, CATEGORY, PRODUCT], (body) => {
      for (const product of productsIn(body)) {
        product.tax_code = product['tax-code'];
        delete product['tax-code'];
      }
    }),
  ),
  editCategories('category-products-relationship-missing', 'CAT-SCHEMA')(
    'Categories (single and listing answers) have no relationships.products, even when the category has products.',
    (body) => {
      for (const category of dataItems(body)) delete category.relationships?.products;
    },
  ),
];
