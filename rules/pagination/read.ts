/**
 * What the pagination rules judge of one listing answer (§2.5, §4.3, §8), whatever sent the request (a probe
 * of this area, a walk, the includes area's listings with `include=`, a malformed request of the HTTP area).
 * The page parameters of the request decide which rule judges it (`helpers/listing/params.ts`):
 * - an ordinary page (each page parameter absent or valid) is judged by the per-page rules, when it is a
 *   2xx answer with a `data` array (else the list envelope's failure); an empty page without the pagination
 *   fields of meta is the empty-page rule's failure alone;
 * - a limit above the maximum, an offset above the offset limit (soft or hard), a malformed value by the
 *   rule of each;
 * - a page parameter repeated or nested by none of them: the rules of every answer judge it.
 */
import { LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import type { Scope } from '../../helpers/judge/judging.ts';
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
  /** The page parameters as given. */
  readonly given: OrdinaryPage;
  /** The page asked for: the values given, else the default page length and offset 0. */
  readonly asked: Asked;
  /** The request, for messages: `GET /v2/products?page[limit]=5&page[offset]=0`. */
  readonly where: string;
}

/** The page parameters of a listing answer, for messages. */
export const whereOf = (x: Answered, p: PageParams) => `${x.method} ${x.path} with ${showPageParams(p)}`;

/** The answers of the listings (§4.3): their successful pages; `not 5xx`, their refusals too. */
export const listingPages = (status: Scope['status'] = '2xx'): Scope => ({
  methods: ['GET'],
  paths: [...LISTINGS],
  status,
});

/** The page parameters of a listing request when they make an ordinary page; ends the judgement otherwise. */
export function givenOf(x: Answered, t: Judgement): OrdinaryPage {
  return t.need(ordinaryPage(pageParams(x.query)), 'page parameters that are not absent or valid');
}

/**
 * The successful ordinary page of a listing answer, as the per-page rules read it; ends the judgement when the
 * answer is not one (see the module comment). `emptyWithoutMeta`: an empty page without the pagination
 * fields of meta is judged too (the empty-page rule's own subject; to the others it is not a page to judge).
 */
export function pageOf(
  x: Answered,
  t: Judgement,
  options: { readonly emptyWithoutMeta?: boolean } = {},
): Page {
  const given = givenOf(x, t);
  t.need(x.response.ok, 'not a successful answer');
  const view = viewPage(x.response.json);
  const data = t.need(view.data, 'the answer has no data array');
  const missing = missingPaginationMeta(x.response.json);
  if (!options.emptyWithoutMeta && data.length === 0 && missing.length > 0) {
    t.skip(`an empty page without ${missing.join(', ')}`);
  }
  const asked = { limit: given.limit ?? t.settings.defaultPageLimit, offset: given.offset ?? 0 };
  return { view, given, asked, where: whereOf(x, pageParams(x.query)) };
}

/** Asserts a list of expectations on one answer. */
export function assertAll(
  t: Judgement,
  expectations: readonly Expectation[],
  x: Answered,
  where: string,
): void {
  for (const e of expectations) t.assert(e.ok, `${e.expected} (${where})`, e.actual, x.response);
}

/**
 * The listing requests whose page parameters `applies` selects, refusals included (`not 5xx`: a 5xx is
 * the 5xx rule's): returns how the request reads, for messages; ends the judgement for any other, and for a
 * repeated or nested page parameter.
 */
export function pageParamsOf(x: Answered, t: Judgement, applies: (p: PageParams) => boolean): string {
  const params = pageParams(x.query);
  t.need(params.ambiguous === undefined, 'a page parameter repeated or nested');
  t.need(applies(params), 'not the page parameters the rule is about');
  return whereOf(x, params);
}

/**
 * The soft offset limit and malformed page parameters: 4xx, or a 2xx answer with a valid listing envelope. When an ordinary
 * page of the listing that the run saw before had no valid listing envelope (the envelope rule's failure), the
 * answer only has to be as much of a listing as that page: `{ data: [...] }`.
 */
export function expectRejectedOrListing(x: Answered, t: Judgement, where: string): void {
  const { response } = x;
  if (response.statusClass === '4xx') {
    t.expectStatus(response, '4xx');
    return;
  }
  t.assert(
    response.ok,
    `4xx, or 2xx with a valid listing envelope (${where})`,
    () => `${response.status} ${response.text.slice(0, 200)}`,
    response,
  );
  if (t.known.listingEnvelope(x.template, x.sent) === 'invalid') {
    t.expectSchema(
      response.json,
      'list-envelope',
      `the body (${where}; the listing's ordinary pages have no valid listing envelope either)`,
      response,
    );
  } else t.expectSchema(response.json, 'listing-envelope', `the body (${where})`, response);
}
