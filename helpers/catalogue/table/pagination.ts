import { type RuleEntry, row } from '../rule.ts';

/** The rules of the catalogue's section "Listings and pagination (§2.5, §4.3, §8)", in catalogue order. */
export const PAGINATION_RULES = [
  row(
    'PAGE-ENVELOPE',
    'MUST',
    '§2.5',
    'A listing (`/v2/categories`, `/v2/products`) has `data` array; `links.current`, `links.first`, `links.last` strings; `links.prev`, `links.next` string or null; `meta.page.limit`, `.offset`, `.current`, `.total` integers; `meta.results.total` integer.',
    ['listing-envelope'],
  ),
  row(
    'PAGE-META-EMPTY',
    'MUST',
    '§4.3',
    'The pagination fields of `meta` are present on a listing with no records (an offset past the end).',
  ),
  row(
    'PAGE-LIMIT',
    'MUST',
    '§4.3',
    '`page[limit]=n` (1 to 100) answers at most `n` records and `meta.page.limit` = `n`.',
  ),
  row(
    'PAGE-OFFSET',
    'MUST',
    '§4.3',
    '`page[offset]=k` skips `k` records, and `meta.page.offset` = `k` (records, not pages).',
  ),
  row(
    'PAGE-LINKS',
    'MUST',
    '§2.5',
    '`links.current`, `links.first` and `links.last` carry `page[limit]` and `page[offset]`; `first` has offset 0 and `current` the offset asked for.',
  ),
  row(
    'PAGE-PREV-NEXT',
    'MUST',
    '§2.5',
    '`links.prev` is null on the first page and `links.next` is null on the last page; elsewhere they point at the neighbouring pages.',
  ),
  row(
    'PAGE-WALK',
    'MUST',
    '§2.5',
    'Following `links.next` from the first page visits every record exactly once.',
  ),
  row(
    'PAGE-COUNTS',
    'SHOULD',
    '§2.5',
    '`meta.results.total` is the number of records a full walk finds; `meta.page.total` = ceil(results.total / limit) when there are results; `meta.page.current` = floor(offset / limit) + 1.',
  ),
  row(
    'PAGE-DEFAULT-LIMIT',
    'SHOULD',
    '§8',
    'Without `page[limit]`, `meta.page.limit` is the default page length, 100 (a target may set another project-wide; the suite takes the expected value from its configuration).',
  ),
  row(
    'PAGE-MAX-LIMIT',
    'MUST',
    '§8',
    '`page[limit]` above 100 never answers more than 100 records: the request is either rejected with 4xx or answered with `meta.page.limit` at most 100.',
  ),
  row(
    'PAGE-OFFSET-HARD',
    'MUST',
    '§8',
    '`GET /v2/orders` and `GET /v2/files` with `page[offset]` above 10,000 are rejected with 4xx.',
  ),
  row(
    'PAGE-OFFSET-SOFT',
    'SHOULD',
    '§8',
    'Other listings with `page[offset]` above 10,000 answer a valid listing envelope or 4xx.',
    ['listing-envelope', 'list-envelope'],
  ),
  row(
    'PAGE-BAD-PARAMS',
    'SHOULD',
    '§4.3',
    'A negative, zero or non-integer `page[limit]` or `page[offset]` answers 4xx or a valid listing envelope.',
    ['listing-envelope', 'list-envelope'],
  ),
  row('PAGE-RESULTS-ALL', 'INFO', '§2.5', 'Whether `meta.results.all` is present, and its value.'),
] as const satisfies readonly RuleEntry[];
