import { type RuleEntry, row } from '../rule.ts';

/** The rules of the catalogue's section "Includes (§4.3, §8)", in catalogue order. */
export const INCLUDE_RULES = [
  row(
    'INC-PRODUCTS',
    'MUST',
    '§4.3',
    '`GET /v2/categories/:id?include=products` for a category with products answers `included.products`: Product objects whose ids are exactly those in `relationships.products.data`.',
  ),
  row('INC-SHAPE', 'MUST', '§4.3', '`included` is an object keyed by resource name, each value an array.', [
    'included',
  ]),
  row(
    'INC-NONE-RELATED',
    'MUST',
    '§4.3',
    'With no related entities there is no `included` key at all (not an empty object, not an empty array).',
  ),
  row(
    'INC-UNSUPPORTED',
    'MUST',
    '§4.3',
    'An include that the endpoint does not support answers 2xx with no `included` key.',
  ),
  row(
    'INC-MULTI',
    'MUST',
    '§4.3',
    'Several comma-separated include values are accepted in one request (2xx).',
  ),
  row(
    'INC-LINKAGE',
    'SHOULD',
    '§4.3',
    'Every included entity is referenced by a relationship of the primary data, and appears once.',
  ),
  row('INC-LIMIT', 'SHOULD', '§8', 'More than 5 include values answer 2xx or 4xx.'),
  row('CAT-SCHEMA', 'MUST', '§2.3', 'Every category matches the Category schema (§2.3).', ['category']),
  row(
    'PRD-SCHEMA',
    'MUST',
    '§2.4',
    'Every product matches the Product schema (§2.4), including the hyphenated `tax-code` (string or null).',
    ['product'],
  ),
] as const satisfies readonly RuleEntry[];
