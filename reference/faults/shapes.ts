/** Faults of the shapes of records: wrong only for records of another shape, or read in another place. */
import { parseInclude } from '../http/params.ts';
import { categoriesOfProducts, serializeCategory } from '../serialize/resources.ts';
import { storedReference } from './depth/transactions.ts';
import { deepFaultRow, type Fault, gateFaultRow } from './fault.ts';
import { beforeHandler, dataItems, eachItem, type Json, productsIn, rewriteResponse } from './hooks.ts';
import * as route from './routes.ts';

/** The size of a related set from which the "big set" code paths below take over (a usual page size). */
export const BIG_SET = 10;

export const SHAPE_FAULTS: readonly Fault[] = [
  gateFaultRow('secondary-prices-without-includes-tax', 'PRD-SCHEMA')(
    'includes_tax is kept in a column of the product and given to its first price only: a product with several prices has prices without includes_tax (listings, reads, included products).',
    rewriteResponse([route.PRODUCTS, route.CATEGORY, route.PRODUCT, route.CREATE_PRODUCT], (body) => {
      for (const product of productsIn(body))
        for (const price of Array.isArray(product.price) ? product.price.slice(1) : [])
          delete price.includes_tax;
    }),
  ),
  gateFaultRow('webhook-url-query-dropped', 'INT-GET')(
    'configuration.url is stored without its query string (the URL is saved as origin and path): a webhook URL such as https://hooks.example.com/in?token=abc reads back as https://hooks.example.com/in.',
    beforeHandler([route.CREATE_INTEGRATION], (request) => {
      const configuration = (request.body as Json)?.data?.configuration;
      const url = configuration?.url;
      if (typeof url === 'string' && url.includes('?')) configuration.url = url.slice(0, url.indexOf('?'));
    }),
  ),
  gateFaultRow('custom-reference-trimmed', 'TXN-CAPTURE-REF')(
    'custom_reference is trimmed before it is stored (a string sanitiser on every input field): a reference with spaces around it is answered without them.',
    storedReference((reference) => reference.trim()),
  ),
  deepFaultRow('many-products-included-summaries', 'PRD-SCHEMA')(
    `A category with more than ${BIG_SET} products includes product summaries (id, type, name, slug, sku, price) in included.products, without meta, tax-code and the other fields of §2.4 (a lighter serialiser for big sets).`,
    rewriteResponse([route.CATEGORY], (body) => {
      const products = body.included?.products;
      if (!Array.isArray(products) || products.length <= BIG_SET) return;
      const summary = ['id', 'type', 'name', 'slug', 'sku', 'price'];
      body.included.products = products.map((p: Json) => Object.fromEntries(summary.map((k) => [k, p[k]])));
    }),
  ),
  gateFaultRow('page-current-rounds-up', 'PAGE-COUNTS')(
    'meta.page.current is ceil(offset / limit) + 1: one too many on a page whose offset is not a multiple of the limit (right on aligned pages).',
    rewriteResponse(route.SOFT, (body) => {
      const page = body?.meta?.page;
      if (page && page.limit > 0) page.current = Math.ceil(page.offset / page.limit) + 1;
    }),
  ),
  gateFaultRow('included-categories-of-first-page', 'INC-LINKAGE')(
    "GET /v2/products?include=categories at a page[offset] above 0 includes the categories of the first page's products (the include query runs on the listing before the offset is applied), not those of the page served.",
    // A page whose products relate nothing gets the first page's categories too, which INC-LINKAGE judges.
    rewriteResponse([route.PRODUCTS], (body, request, _reply, ctx) => {
      const page = body?.meta?.page;
      if (!parseInclude(request.query as Json).includes('categories') || !(page?.offset > 0)) return;
      const first = ctx.store.products.slice(0, page.limit, ctx.options.listingOrder === 'newest-first');
      const categories = categoriesOfProducts(ctx.store, first).map(serializeCategory);
      const { categories: _served, ...others } = body.included ?? {};
      const included = categories.length > 0 ? { ...others, categories } : others;
      if (Object.keys(included).length > 0) body.included = included;
      else delete body.included;
    }),
  ),
  deepFaultRow('category-listing-many-products-count-only', 'CAT-SCHEMA')(
    `In GET /v2/categories, a category with more than ${BIG_SET} products gives relationships.products as { meta: { count } } without data (a listing summary); the category read lists them all.`,
    eachItem([route.CATEGORIES], (category) => {
      const linked = category?.relationships?.products?.data;
      if (Array.isArray(linked) && linked.length > BIG_SET)
        category.relationships.products = { meta: { count: linked.length } };
    }),
  ),
  gateFaultRow('product-categories-first-link-only', 'PRD-SCHEMA')(
    "A product linked to several categories lists only the first in relationships.categories (a serializer that reads one category column), in listings and included products; a listing's included.categories follows what its products list.",
    rewriteResponse([route.PRODUCTS, route.CATEGORY], (body) => {
      for (const product of productsIn(body)) {
        const linked = product?.relationships?.categories?.data;
        if (Array.isArray(linked) && linked.length > 1)
          product.relationships.categories.data = linked.slice(0, 1);
      }
      const included = body?.included;
      if (!Array.isArray(included?.categories)) return;
      const listed = new Set(
        dataItems(body).flatMap((p: Json) =>
          (p?.relationships?.categories?.data ?? []).map((c: Json) => c.id),
        ),
      );
      included.categories = included.categories.filter((c: Json) => listed.has(c.id));
      if (included.categories.length === 0) delete included.categories;
      if (Object.keys(included).length === 0) delete body.included;
    }),
  ),
  gateFaultRow('disabled-integration-self-link-null', 'INT-SELF-LINK')(
    'A disabled integration (enabled: false) is read with links.self null (a disabled subscription is given no public address).',
    rewriteResponse([route.CREATE_INTEGRATION, route.READ_INTEGRATION], (body) => {
      const integration = body?.data;
      if (integration?.enabled === false && integration.links) integration.links.self = null;
    }),
    { 'INT-SCHEMA': 'The Integration schema (§2.2) gives links.self as a string; null is none.' },
  ),
];
