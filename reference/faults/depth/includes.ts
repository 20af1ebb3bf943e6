/** Depth faults of `include` (§4.3): wrong only for some related sets, spellings or pages. */
import type { FastifyRequest } from 'fastify';
import { apiError } from '../../errors.ts';
import { deepFaultRow, editingRow, type Fault, gateFaultRow } from '../fault.ts';
import { answerInstead, categoriesIn, type Json, rewriteResponse } from '../hooks.ts';
import { CATEGORIES, CATEGORY, includeValues, PRODUCT, PRODUCTS } from '../routes.ts';

/** How many related products `include-products-first-four` includes at most. */
export const INCLUDE_PAGE = 4;
/** What the products endpoints support (§4.3 rule 5: each resource defines its includes). */
const PRODUCT_INCLUDES = ['main_image', 'categories', 'files'];

/** The names of `include`, trimmed, empty ones dropped, repeats kept (a repeated key joins its values). */
export function rawIncludeNames(request: FastifyRequest): string[] {
  return includeValues(request).flatMap((value) => value.split(',').flatMap((name) => name.trim() || []));
}

const gateProducts = editingRow([PRODUCTS], 'gate');

export const DEPTH_INCLUDE_FAULTS: Fault[] = [
  deepFaultRow('include-products-first-four', 'INC-PRODUCTS')(
    `included.products holds at most the first ${INCLUDE_PAGE} related products (an internal page of ${INCLUDE_PAGE}), while relationships.products.data lists them all.`,
    rewriteResponse([CATEGORY], (body) => {
      const products = body.included?.products;
      if (Array.isArray(products) && products.length > INCLUDE_PAGE) products.length = INCLUDE_PAGE;
    }),
  ),
  gateFaultRow('include-repeated-name-repeats', 'INC-LINKAGE')(
    'An include value that names a resource more than once (include=products,products) lists its entities once per mention.',
    rewriteResponse([CATEGORY, PRODUCTS, PRODUCT], (body, request) => {
      const names = rawIncludeNames(request);
      for (const [key, entities] of Object.entries(body.included ?? {})) {
        const mentions = names.filter((name) => name === key).length;
        if (mentions > 1 && Array.isArray(entities))
          body.included[key] = Array.from({ length: mentions }, () => entities).flat();
      }
    }),
  ),
  gateFaultRow('listing-unsupported-include-refused', 'INC-UNSUPPORTED')(
    `GET /v2/products with an include it does not support (anything but ${PRODUCT_INCLUDES.join(', ')}) answers 400 instead of ignoring it.`,
    answerInstead([PRODUCTS], (request) => {
      const unsupported = rawIncludeNames(request).find((name) => !PRODUCT_INCLUDES.includes(name));
      if (unsupported === undefined) return undefined;
      return apiError('INVALID_QUERY', `include: unsupported value "${unsupported.slice(0, 40)}"`);
    }),
    { 'INC-MULTI': 'a list of several names, one of them made up, is refused too' },
  ),
  gateFaultRow('include-repeated-key-repeats', 'INC-LINKAGE')(
    'An include given as a repeated key (include=categories&include=categories) lists the entities of a name once per key that names it.',
    rewriteResponse([CATEGORY, PRODUCTS], (body, request) => {
      const values = includeValues(request);
      for (const [key, entities] of Object.entries(body.included ?? {})) {
        const keys = values.filter((value) => value.split(',').some((n) => n.trim() === key)).length;
        if (keys > 1) body.included[key] = Array.from({ length: keys }, () => entities).flat();
      }
    }),
  ),
  gateFaultRow('one-product-category-linkage-object', 'CAT-SCHEMA')(
    'A category with exactly one product gives relationships.products.data as that linkage object, not an array of one (reads, listings, included categories).',
    rewriteResponse([CATEGORY, CATEGORIES, PRODUCTS], (body) => {
      for (const category of categoriesIn(body)) {
        const products = category.relationships?.products;
        if (Array.isArray(products?.data) && products.data.length === 1) products.data = products.data[0];
      }
    }),
  ),
  gateProducts('included-categories-without-products', 'CAT-SCHEMA')(
    'The categories included in GET /v2/products (include=categories) relate no product: relationships.products.data is [].',
    (body) => {
      for (const category of body.included?.categories ?? [])
        if (category.relationships?.products) category.relationships.products.data = [];
    },
  ),
  gateProducts('one-record-pages-without-tax-code', 'PRD-SCHEMA')(
    'The product of a GET /v2/products page of one record (page[limit]=1) has no tax-code.',
    (body, request) => {
      if ((request.query as Json)['page[limit]'] !== '1') return;
      for (const product of body.data ?? []) delete product['tax-code'];
    },
  ),
];
