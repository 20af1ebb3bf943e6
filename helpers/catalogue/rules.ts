/**
 * The rule catalogue: every rule the conformance suite checks, copied from `shared/spec/rules.md` (that
 * file is the source; `rules.test.ts` keeps this table in step with it whenever it is present).
 *
 * IDs are stable: reports, test names, faults and the README are keyed by them. Never rename an ID; add a
 * new one instead.
 */

/** MUST: stated by the spec. SHOULD: reported, fails a run only in strict mode. INFO: observed, never judged. */
export type RuleLevel = 'MUST' | 'SHOULD' | 'INFO';

/** The areas of the catalogue, one suite file each (HTTP basics hold the envelope rules). */
export type RuleArea =
  | 'http'
  | 'transactions'
  | 'integrations'
  | 'pagination'
  | 'includes'
  | 'authentication';

export interface Rule {
  readonly id: string;
  readonly level: RuleLevel;
  readonly area: RuleArea;
  /** The section of commerce-api.md the rule comes from, e.g. `§4.3`. */
  readonly section: string;
  /** The rule's sentence, as in the catalogue. */
  readonly title: string;
}

const rule = (id: string, level: RuleLevel, area: RuleArea, section: string, title: string): Rule => ({
  id,
  level,
  area,
  section,
  title,
});

/** Every rule, in catalogue order. */
export const RULES: readonly Rule[] = [
  // Envelopes (§2)
  rule('ENV-SINGLE', 'MUST', 'http', '§2', 'A single-resource response is `{ "data": <object> }`.'),
  rule('ENV-LIST', 'MUST', 'http', '§2', 'A list response is `{ "data": [ ... ] }`.'),
  rule('ENV-TYPE', 'MUST', 'http', '§2', 'Every resource object has a string `type` naming its kind.'),
  rule(
    'HTTP-JSON',
    'SHOULD',
    'http',
    '§1',
    'Every response with a body is JSON and says so in `Content-Type`.',
  ),
  rule(
    'HTTP-NO-5XX',
    'MUST',
    'http',
    '§7',
    'No request that the suite sends, valid or not, is answered with a 5xx.',
  ),

  // Transactions (§2.1, §3, §4.1)
  rule(
    'TXN-SCHEMA',
    'MUST',
    'transactions',
    '§2.1',
    'Every transaction matches the Transaction schema: `id` UUID, `type` `transaction`, `reference`, `gateway`, `currency` (three letters), `transaction_type`, `status` strings, `amount` integer, `relationships.order.data` `{type: "order", id}`, and, except on a refund, `meta.display_price` `{amount, currency, formatted}` and `meta.timestamps` (ISO 8601 date-times).',
  ),
  rule(
    'TXN-AMOUNT',
    'MUST',
    'transactions',
    '§2.1',
    '`amount` equals `meta.display_price.amount` wherever `meta` is present.',
  ),
  rule(
    'TXN-ORDER',
    'MUST',
    'transactions',
    '§2.1',
    '`relationships.order.data.id` is the order named in the request path.',
  ),
  rule(
    'TXN-LIST',
    'MUST',
    'transactions',
    '§4.1',
    "`GET /v2/orders/:orderId/transactions` answers `{ data: [Transaction, ...] }` holding that order's transactions.",
  ),
  rule(
    'TXN-AUTHORIZE',
    'MUST',
    'transactions',
    '§4.1',
    '`POST /v2/orders/:orderId/payments` with `{data: {gateway: "manual", method: "authorize"}}` succeeds (2xx) and leaves a `manual` transaction on the order that can then be captured.',
  ),
  rule(
    'TXN-MANUAL-REF',
    'MUST',
    'transactions',
    '§2.1',
    'A transaction of the `manual` gateway has `reference` `manual`.',
  ),
  rule(
    'TXN-AUTHORIZE-MANUAL-ONLY',
    'SHOULD',
    'transactions',
    '§4.1',
    'Authorize with a gateway other than `manual` does not succeed (4xx) and adds no transaction.',
  ),
  rule(
    'TXN-CAPTURE',
    'MUST',
    'transactions',
    '§3',
    'Capturing an authorized transaction answers `{data: Transaction}` with `transaction_type` `capture` and `status` `complete`.',
  ),
  rule(
    'TXN-CAPTURE-REF',
    'MUST',
    'transactions',
    '§4.1',
    'A capture sent with a `custom_reference` answers with the same `custom_reference`, unchanged.',
  ),
  rule(
    'TXN-REFUND',
    'MUST',
    'transactions',
    '§3',
    'Refunding a captured transaction answers `{data: Transaction}` with `transaction_type` `refund` and `status` `complete`.',
  ),
  rule('TXN-REFUND-NO-META', 'MUST', 'transactions', '§2.1', 'The refund response has no `meta`.'),
  rule(
    'TXN-CONFIRM',
    'MUST',
    'transactions',
    '§4.1',
    'Confirm with `{data: {gateway: "card_payment_intents", method: "purchase", payment: <token>}}` answers a Transaction with gateway `card_payment_intents`, a `payment_intent` object with string `client_secret` and string `status`, and a `reference` that is the payment-intent identifier (not `manual`).',
  ),
  rule(
    'TXN-UNKNOWN',
    'SHOULD',
    'transactions',
    '§4.1',
    'Capture, refund or confirm of a transaction id that does not exist on that order answers 4xx.',
  ),

  // Integrations (§2.2, §4.2, §6)
  rule(
    'INT-SCHEMA',
    'MUST',
    'integrations',
    '§2.2',
    '`GET /v2/integrations/:id` answers `{data: Integration}`: `id` UUID, `type` `integration`, `integration_type`, `name`, `description` strings, `enabled` boolean, `configuration.url` an absolute URL (webhook), `observes` array of strings, `links.self` string, `meta.timestamps` `created_at` / `updated_at`.',
  ),
  rule(
    'INT-GET',
    'MUST',
    'integrations',
    '§4.2',
    'The integration read is the one asked for (`id` equals `:id`) and carries the values it was created with.',
  ),
  rule(
    'INT-SELF-LINK',
    'MUST',
    'integrations',
    '§2.2',
    '`links.self` is an absolute URL whose path ends in `/v2/integrations/<id>`.',
  ),
  rule(
    'INT-OBSERVES',
    'MUST',
    'integrations',
    '§6',
    'Each `observes` entry has the form `<resource>.<action>`.',
  ),
  rule(
    'INT-TIMESTAMP-MS',
    'MUST',
    'integrations',
    '§2.2',
    '`meta.timestamps` values are ISO 8601 date-times with milliseconds.',
  ),
  rule(
    'INT-DELETE',
    'MUST',
    'integrations',
    '§4.2',
    '`DELETE /v2/integrations/:id` answers `{data: {type: "integration", id: <id>}}`.',
  ),
  rule(
    'INT-DELETE-GONE',
    'SHOULD',
    'integrations',
    '§4.2',
    'After a delete, reading the same id no longer succeeds (4xx).',
  ),
  rule(
    'INT-NOT-FOUND',
    'SHOULD',
    'integrations',
    '§4.2',
    'Reading or deleting an id that does not exist answers 4xx.',
  ),

  // Listings and pagination (§2.5, §4.3, §8)
  rule(
    'PAGE-ENVELOPE',
    'MUST',
    'pagination',
    '§2.5',
    'A listing (`/v2/categories`, `/v2/products`) has `data` array; `links.current`, `links.first`, `links.last` strings; `links.prev`, `links.next` string or null; `meta.page.limit`, `.offset`, `.current`, `.total` integers; `meta.results.total` integer.',
  ),
  rule(
    'PAGE-META-EMPTY',
    'MUST',
    'pagination',
    '§4.3',
    'The pagination fields of `meta` are present on a listing with no records (an offset past the end).',
  ),
  rule(
    'PAGE-LIMIT',
    'MUST',
    'pagination',
    '§4.3',
    '`page[limit]=n` (1 to 100) answers at most `n` records and `meta.page.limit` = `n`.',
  ),
  rule(
    'PAGE-OFFSET',
    'MUST',
    'pagination',
    '§4.3',
    '`page[offset]=k` skips `k` records, and `meta.page.offset` = `k` (records, not pages).',
  ),
  rule(
    'PAGE-LINKS',
    'MUST',
    'pagination',
    '§2.5',
    '`links.current`, `links.first` and `links.last` carry `page[limit]` and `page[offset]`; `first` has offset 0 and `current` the offset asked for.',
  ),
  rule(
    'PAGE-PREV-NEXT',
    'MUST',
    'pagination',
    '§2.5',
    '`links.prev` is null on the first page and `links.next` is null on the last page; elsewhere they point at the neighbouring pages.',
  ),
  rule(
    'PAGE-WALK',
    'MUST',
    'pagination',
    '§2.5',
    'Following `links.next` from the first page visits every record exactly once.',
  ),
  rule(
    'PAGE-COUNTS',
    'SHOULD',
    'pagination',
    '§2.5',
    '`meta.results.total` is the number of records a full walk finds; `meta.page.total` = ceil(results.total / limit) when there are results; `meta.page.current` = floor(offset / limit) + 1.',
  ),
  rule(
    'PAGE-DEFAULT-LIMIT',
    'SHOULD',
    'pagination',
    '§8',
    'Without `page[limit]`, `meta.page.limit` is the default page length, 100 (a target may set another project-wide; the suite takes the expected value from its configuration).',
  ),
  rule(
    'PAGE-MAX-LIMIT',
    'MUST',
    'pagination',
    '§8',
    '`page[limit]` above 100 never answers more than 100 records: the request is either rejected with 4xx or answered with `meta.page.limit` at most 100.',
  ),
  rule(
    'PAGE-OFFSET-HARD',
    'MUST',
    'pagination',
    '§8',
    '`GET /v2/orders` and `GET /v2/files` with `page[offset]` above 10,000 are rejected with 4xx.',
  ),
  rule(
    'PAGE-OFFSET-SOFT',
    'SHOULD',
    'pagination',
    '§8',
    'Other listings with `page[offset]` above 10,000 answer a valid listing envelope or 4xx.',
  ),
  rule(
    'PAGE-BAD-PARAMS',
    'SHOULD',
    'pagination',
    '§4.3',
    'A negative, zero or non-integer `page[limit]` or `page[offset]` answers 4xx or a valid listing envelope.',
  ),
  rule(
    'PAGE-RESULTS-ALL',
    'INFO',
    'pagination',
    '§2.5',
    'Whether `meta.results.all` is present, and its value.',
  ),

  // Includes (§4.3, §8)
  rule(
    'INC-PRODUCTS',
    'MUST',
    'includes',
    '§4.3',
    '`GET /v2/categories/:id?include=products` for a category with products answers `included.products`: Product objects whose ids are exactly those in `relationships.products.data`.',
  ),
  rule(
    'INC-SHAPE',
    'MUST',
    'includes',
    '§4.3',
    '`included` is an object keyed by resource name, each value an array.',
  ),
  rule(
    'INC-NONE-RELATED',
    'MUST',
    'includes',
    '§4.3',
    'With no related entities there is no `included` key at all (not an empty object, not an empty array).',
  ),
  rule(
    'INC-UNSUPPORTED',
    'MUST',
    'includes',
    '§4.3',
    'An include that the endpoint does not support answers 2xx with no `included` key.',
  ),
  rule(
    'INC-MULTI',
    'MUST',
    'includes',
    '§4.3',
    'Several comma-separated include values are accepted in one request (2xx).',
  ),
  rule(
    'INC-LINKAGE',
    'SHOULD',
    'includes',
    '§4.3',
    'Every included entity is referenced by a relationship of the primary data, and appears once.',
  ),
  rule('INC-LIMIT', 'SHOULD', 'includes', '§8', 'More than 5 include values answer 2xx or 4xx.'),
  rule('CAT-SCHEMA', 'MUST', 'includes', '§2.3', 'Every category matches the Category schema (§2.3).'),
  rule(
    'PRD-SCHEMA',
    'MUST',
    'includes',
    '§2.4',
    'Every product matches the Product schema (§2.4), including the hyphenated `tax-code` (string or null).',
  ),

  // Authentication (§5)
  rule(
    'AUTH-REQUIRED',
    'MUST',
    'authentication',
    '§5',
    'Every endpoint called without `Authorization` answers 4xx, returns no `data`, and changes nothing.',
  ),
  rule(
    'AUTH-INVALID',
    'MUST',
    'authentication',
    '§5',
    'Every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and changes nothing.',
  ),
  rule(
    'AUTH-STATUS',
    'INFO',
    'authentication',
    '§5',
    'The status code and error body a target uses for a missing or bad token.',
  ),
];

const byId = new Map(RULES.map((r) => [r.id, r]));

/** The rule with this ID; throws on an unknown ID so that a typo in a suite fails loudly. */
export function getRule(id: string): Rule {
  const found = byId.get(id);
  if (!found)
    throw new Error(`Unknown rule ID "${id}": it is not in the rule catalogue (helpers/catalogue/rules.ts)`);
  return found;
}

/** Whether an ID is in the catalogue. */
export function isRuleId(id: string): boolean {
  return byId.has(id);
}

/** The areas, in report order. */
export const AREAS: readonly RuleArea[] = [
  'http',
  'transactions',
  'integrations',
  'pagination',
  'includes',
  'authentication',
];
