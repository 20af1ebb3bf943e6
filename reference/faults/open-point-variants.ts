/** Conformant variants for readings of the open points (`docs/open-points.json`) no other variant serves. */
import { type Variant, variant } from './fault.ts';
import { eachItem, rewritePayload, rewriteResponse } from './hooks.ts';
import { LISTINGS } from './routes.ts';

export const OPEN_POINT_VARIANTS: readonly Variant[] = [
  variant(
    'past-end-last-page',
    'A page past the end names the last page with records as links.prev, null when none has (§2.5 names no neighbour of such a page).',
    rewriteResponse(LISTINGS, (body) => {
      if (body.data.length > 0 || body.meta.page.offset === 0) return;
      body.links.prev = body.meta.results.total > 0 ? body.links.last : null;
    }),
  ),
  variant(
    'last-link-full-page',
    'links.last names the last full page, page[offset] = results.total - limit, when there are more records than the limit (§2.5: links.last carries page[offset]; where the last page starts is not shown).',
    rewriteResponse(LISTINGS, ({ links, meta: { page, results } }) => {
      if (results.total > page.limit)
        links.last = links.last.replace(/(offset(\]|%5D)=)\d+/i, `$1${results.total - page.limit}`);
    }),
  ),
  variant(
    'main-image-null',
    'A product without a main image has relationships.main_image { data: null } (§2.4; JSON:API writes an empty to-one relationship so, and the rules.md preamble lets it be absent).',
    eachItem(['GET /v2/products', 'GET /v2/products/:id', 'POST /v2/products'], (product) => {
      product.relationships = { ...product.relationships, main_image: { data: null } };
    }),
  ),
  variant(
    'observes-as-set',
    'An integration reads back its observed events once each, in reverse alphabetical order (§2.2: observes is an array of strings; their order and repeats are not shown).',
    rewriteResponse(['POST /v2/integrations', 'GET /v2/integrations/:id'], ({ data }) => {
      data.observes = [...new Set(data.observes)].sort().reverse();
    }),
  ),
  variant(
    'timestamps-without-zone',
    'Timestamps are local times without a zone, 2024-05-01T12:30:00.123 (§2: "ISO 8601 date-time strings"; ISO 8601 reads such a time as local).',
    rewritePayload((out) =>
      typeof out === 'string' ? out.replace(/(T\d\d:\d\d:\d\d(\.\d+)?)Z"/g, '$1"') : out,
    ),
  ),
];
