import type { RuleEntry } from '../rule.ts';

/** The rules of the catalogue's section "Listings and pagination (§2.5, §4.3, §8)", in catalogue order. */
export const PAGINATION_RULES = [
  {
    id: 'PAGE-ENVELOPE',
    level: 'MUST',
    section: '§2.5',
    title:
      'A listing (`/v2/categories`, `/v2/products`) has `data` array; `links.current`, `links.first`, `links.last` strings; `links.prev`, `links.next` string or null; `meta.page.limit`, `.offset`, `.current`, `.total` integers; `meta.results.total` integer.',
    schemas: ['listing-envelope'],
  },
  {
    id: 'PAGE-META-EMPTY',
    level: 'MUST',
    section: '§4.3',
    title:
      'The pagination fields of `meta` are present on a listing with no records (an offset past the end).',
  },
  {
    id: 'PAGE-LIMIT',
    level: 'MUST',
    section: '§4.3',
    title: '`page[limit]=n` (1 to 100) answers at most `n` records and `meta.page.limit` = `n`.',
  },
  {
    id: 'PAGE-OFFSET',
    level: 'MUST',
    section: '§4.3',
    title: '`page[offset]=k` skips `k` records, and `meta.page.offset` = `k` (records, not pages).',
  },
  {
    id: 'PAGE-LINKS',
    level: 'MUST',
    section: '§2.5',
    title:
      '`links.current`, `links.first` and `links.last` carry `page[limit]` and `page[offset]`; `first` has offset 0 and `current` the offset asked for.',
  },
  {
    id: 'PAGE-PREV-NEXT',
    level: 'MUST',
    section: '§2.5',
    title:
      '`links.prev` is null on the first page and `links.next` is null on the last page; elsewhere they point at the neighbouring pages.',
  },
  {
    id: 'PAGE-WALK',
    level: 'MUST',
    section: '§2.5',
    title: 'Following `links.next` from the first page visits every record exactly once.',
  },
  {
    id: 'PAGE-COUNTS',
    level: 'SHOULD',
    section: '§2.5',
    title:
      '`meta.results.total` is the number of records a full walk finds; `meta.page.total` = ceil(results.total / limit) when there are results; `meta.page.current` = floor(offset / limit) + 1.',
  },
  {
    id: 'PAGE-DEFAULT-LIMIT',
    level: 'SHOULD',
    section: '§8',
    title:
      'Without `page[limit]`, `meta.page.limit` is the default page length, 100 (a target may set another project-wide; the suite takes the expected value from its configuration).',
  },
  {
    id: 'PAGE-MAX-LIMIT',
    level: 'MUST',
    section: '§8',
    title:
      '`page[limit]` above 100 never answers more than 100 records: the request is either rejected with 4xx or answered with `meta.page.limit` at most 100.',
  },
  {
    id: 'PAGE-OFFSET-HARD',
    level: 'MUST',
    section: '§8',
    title: '`GET /v2/orders` and `GET /v2/files` with `page[offset]` above 10,000 are rejected with 4xx.',
  },
  {
    id: 'PAGE-OFFSET-SOFT',
    level: 'SHOULD',
    section: '§8',
    title: 'Other listings with `page[offset]` above 10,000 answer a valid listing envelope or 4xx.',
    schemas: ['listing-envelope', 'list-envelope'],
  },
  {
    id: 'PAGE-BAD-PARAMS',
    level: 'SHOULD',
    section: '§4.3',
    title:
      'A negative, zero or non-integer `page[limit]` or `page[offset]` answers 4xx or a valid listing envelope.',
    schemas: ['listing-envelope', 'list-envelope'],
  },
  {
    id: 'PAGE-RESULTS-ALL',
    level: 'INFO',
    section: '§2.5',
    title: 'Whether `meta.results.all` is present, and its value.',
  },
] as const satisfies readonly RuleEntry[];
