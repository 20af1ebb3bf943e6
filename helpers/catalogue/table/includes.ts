import type { RuleEntry } from '../rule.ts';

/** The rules of the catalogue's section "Includes (§4.3, §8)", in catalogue order. */
export const INCLUDE_RULES = [
  {
    id: 'INC-PRODUCTS',
    level: 'MUST',
    section: '§4.3',
    title:
      '`GET /v2/categories/:id?include=products` for a category with products answers `included.products`: Product objects whose ids are exactly those in `relationships.products.data`.',
  },
  {
    id: 'INC-SHAPE',
    level: 'MUST',
    section: '§4.3',
    title: '`included` is an object keyed by resource name, each value an array.',
    schemas: ['included'],
  },
  {
    id: 'INC-NONE-RELATED',
    level: 'MUST',
    section: '§4.3',
    title:
      'With no related entities there is no `included` key at all (not an empty object, not an empty array).',
  },
  {
    id: 'INC-UNSUPPORTED',
    level: 'MUST',
    section: '§4.3',
    title: 'An include that the endpoint does not support answers 2xx with no `included` key.',
  },
  {
    id: 'INC-MULTI',
    level: 'MUST',
    section: '§4.3',
    title: 'Several comma-separated include values are accepted in one request (2xx).',
  },
  {
    id: 'INC-LINKAGE',
    level: 'SHOULD',
    section: '§4.3',
    title: 'Every included entity is referenced by a relationship of the primary data, and appears once.',
  },
  {
    id: 'INC-LIMIT',
    level: 'SHOULD',
    section: '§8',
    title: 'More than 5 include values answer 2xx or 4xx.',
  },
  {
    id: 'CAT-SCHEMA',
    level: 'MUST',
    section: '§2.3',
    title: 'Every category matches the Category schema (§2.3).',
    schemas: ['category'],
  },
  {
    id: 'PRD-SCHEMA',
    level: 'MUST',
    section: '§2.4',
    title:
      'Every product matches the Product schema (§2.4), including the hyphenated `tax-code` (string or null).',
    schemas: ['product'],
  },
] as const satisfies readonly RuleEntry[];
