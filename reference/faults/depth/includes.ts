/**
 * Depth faults of `include` (§4.3): wrong only for related sets larger than today's two products, for an
 * include value that names a resource twice, and for an unsupported include on the products listing (today's
 * unsupported include is sent to a single category only). The deep profile, which sends `include` in every
 * spelling on the single and the listing endpoints, with related sets larger than a small page, must catch
 * each; the gate profile's spellings (a name twice, an unsupported name on the listing) catch the last two,
 * which are declared for the gate.
 */
import type { FastifyRequest } from 'fastify';
import { apiError } from '../../errors.ts';
import { sendError } from '../../http/send-error.ts';
import { type Fault, responseFault } from '../fault.ts';
import { answerInstead, type Json, type Route } from '../hooks.ts';

const CATEGORY: Route = 'GET /v2/categories/:id';
const PRODUCTS: Route = 'GET /v2/products';
const PRODUCT: Route = 'GET /v2/products/:id';

/** How many related products `include-products-first-four` includes at most. */
export const INCLUDE_PAGE = 4;
/** What the products endpoints support (§4.3 rule 5: each resource defines its includes). */
const PRODUCT_INCLUDES = ['main_image', 'categories', 'files'];

/** The names of `include`, trimmed, empty ones dropped, repeats kept (a repeated key joins its values). */
export function rawIncludeNames(request: FastifyRequest): string[] {
  const raw = (request.query as Json).include;
  const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  return values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
}

export const DEPTH_INCLUDE_FAULTS: Fault[] = [
  responseFault({
    name: 'include-products-first-four',
    rule: 'INC-PRODUCTS',
    profile: 'deep',
    description: `included.products holds at most the first ${INCLUDE_PAGE} related products (an internal page of ${INCLUDE_PAGE}), while relationships.products.data lists them all.`,
    routes: [CATEGORY],
    edit: (body) => {
      const products = body.included?.products;
      if (Array.isArray(products) && products.length > INCLUDE_PAGE) products.length = INCLUDE_PAGE;
    },
  }),
  responseFault({
    name: 'include-repeated-name-repeats',
    rule: 'INC-LINKAGE',
    profile: 'gate',
    description:
      'An include value that names a resource more than once (include=products,products) lists its entities once per mention.',
    routes: [CATEGORY, PRODUCTS, PRODUCT],
    edit: (body, request) => {
      const names = rawIncludeNames(request);
      for (const [key, entities] of Object.entries(body.included ?? {})) {
        const mentions = names.filter((name) => name === key).length;
        if (mentions > 1 && Array.isArray(entities)) {
          body.included[key] = Array.from({ length: mentions }, () => entities).flat();
        }
      }
    },
  }),
  {
    name: 'listing-unsupported-include-refused',
    rule: 'INC-UNSUPPORTED',
    profile: 'gate',
    description: `GET /v2/products with an include it does not support (anything but ${PRODUCT_INCLUDES.join(', ')}) answers 400 instead of ignoring it.`,
    install: (app) =>
      answerInstead(app, [PRODUCTS], (request, reply) => {
        const unsupported = rawIncludeNames(request).filter((name) => !PRODUCT_INCLUDES.includes(name));
        if (unsupported.length === 0) return undefined;
        return sendError(
          reply,
          apiError('INVALID_QUERY', `include: unsupported value "${unsupported[0]?.slice(0, 40)}"`),
        );
      }),
  },
];
