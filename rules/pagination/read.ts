/**
 * What the pagination rules judge of one listing answer (§2.5, §4.3, §8), whatever sent it. An ordinary page
 * (each page parameter absent or valid) is for the per-page rules; a limit or offset above its maximum, or a
 * malformed value, for the rule of each; a repeated or nested page parameter for none of them.
 */
import { HARD_LISTINGS, LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import type { Scope } from '../../helpers/judge/judging.ts';
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import { OFFSET_LIMIT } from '../../helpers/limits.ts';
import type { Asked, Expectation } from '../../helpers/listing/expect.ts';
import { missingPaginationMeta, type PageView, viewPage } from '../../helpers/listing/page.ts';
import {
  type OrdinaryPage,
  ordinaryPage,
  type PageParams,
  pageParams,
  showPageParams,
} from '../../helpers/listing/params.ts';

/** An ordinary page as the per-page rules read it. */
export interface Page {
  readonly view: PageView;
  readonly given: OrdinaryPage;
  /** The values given, else the default page length and offset 0. */
  readonly asked: Asked;
  /** The request, for messages: `GET /v2/products?page[limit]=5&page[offset]=0`. */
  readonly where: string;
}

export const whereOf = (x: Answered, p: PageParams) => `${x.method} ${x.path} with ${showPageParams(p)}`;

/** The successful answers of the listings (§4.3). */
export const listingPages: Scope = { methods: ['GET'], paths: [...LISTINGS] };

/** Every paginated call (the listings, `/v2/orders`, `/v2/files`), refusals included. */
export const pagedCalls: Scope = {
  methods: ['GET'],
  paths: [...LISTINGS, ...HARD_LISTINGS],
  status: 'not 5xx',
};

/** A refusal of a plain ordinary page fails, but at the offset limit itself, which §8 leaves open. */
export function failRefusal(x: Answered, t: Judgement, given: OrdinaryPage): void {
  t.need(
    given.offset !== OFFSET_LIMIT || x.response.statusClass !== '4xx',
    `a refusal at page[offset]=${OFFSET_LIMIT}: §8 does not say whether the offset limit itself is inside it`,
  );
  t.assert(
    false,
    `2xx with a listing (${whereOf(x, pageParams(x.query))})`,
    `${x.response.status}`,
    x.response,
  );
}

/** The page parameters of a listing request when they make an ordinary page; ends the judgement otherwise. */
export function givenOf(x: Answered, t: Judgement): OrdinaryPage {
  return t.need(ordinaryPage(pageParams(x.query)), 'page parameters that are not absent or valid');
}

/**
 * The successful ordinary page of a listing answer; ends the judgement otherwise, and for an empty page
 * without the pagination fields of meta unless `emptyWithoutMeta` (the empty-page rule's own subject).
 */
export function pageOf(x: Answered, t: Judgement, emptyWithoutMeta = false): Page {
  const given = givenOf(x, t);
  t.need(x.response.ok, 'not a successful answer');
  const view = viewPage(x.response.json);
  const data = t.need(view.data, 'the answer has no data array');
  const missing = missingPaginationMeta(x.response.json);
  if (!emptyWithoutMeta && data.length === 0 && missing.length > 0)
    t.skip(`an empty page without ${missing.join(', ')}`);
  const asked = { limit: given.limit ?? t.settings.defaultPageLimit, offset: given.offset ?? 0 };
  return { view, given, asked, where: whereOf(x, pageParams(x.query)) };
}

/** The exchange verdict of a per-page rule: `judge` on each successful ordinary page of the listings. */
export function onPages(
  judge: (page: Page, x: Answered, t: Judgement) => void,
  emptyWithoutMeta = false,
): RuleDeclaration['exchange'] {
  return { scope: listingPages, judge: (x, t) => judge(pageOf(x, t, emptyWithoutMeta), x, t) };
}

export function assertAll(
  t: Judgement,
  expectations: readonly Expectation[],
  x: Answered,
  where: string,
): void {
  for (const e of expectations) t.assert(e.ok, `${e.expected} (${where})`, e.actual, x.response);
}

/**
 * How a request whose page parameters `applies` selects reads, for messages; ends the judgement for any
 * other, and for a repeated or nested page parameter.
 */
export function pageParamsOf(x: Answered, t: Judgement, applies: (p: PageParams) => boolean): string {
  const params = pageParams(x.query);
  t.need(params.ambiguous === undefined, 'a page parameter repeated or nested');
  t.need(applies(params), 'not the page parameters the rule is about');
  return whereOf(x, params);
}

/** A refusal passes; anything else must be a 2xx with `what`. Returns whether the answer was refused. */
export function refusedOr2xx(x: Answered, t: Judgement, what: string): boolean {
  const { response } = x;
  if (response.statusClass === '4xx') {
    t.expectStatus(response, '4xx');
    return true;
  }
  const expected = `4xx, or 2xx with ${what}`;
  t.assert(response.ok, expected, () => `${response.status} ${response.text.slice(0, 200)}`, response);
  return false;
}

/**
 * The requests `applies` selects answer 4xx or a valid listing envelope; only `{ data: [...] }` when the
 * listing's ordinary pages had no valid listing envelope either (the envelope rule's failure).
 */
export function expectRejectedOrListing(
  x: Answered,
  t: Judgement,
  applies: (p: PageParams) => boolean,
): void {
  const where = pageParamsOf(x, t, applies);
  if (refusedOr2xx(x, t, `a valid listing envelope (${where})`)) return;
  if (t.known.listingEnvelope(x.template, x.sent) === 'invalid') {
    t.expectSchema(
      x.response.json,
      'list-envelope',
      `the body (${where}; the listing's ordinary pages have no valid listing envelope either)`,
      x.response,
    );
  } else t.expectSchema(x.response.json, 'listing-envelope', `the body (${where})`, x.response);
}
