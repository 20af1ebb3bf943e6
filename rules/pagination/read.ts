/**
 * What the pagination rules judge of one listing answer (§2.5, §4.3, §8), whatever sent the request (a probe
 * of this area, a walk, the includes area's listings with `include=`, a malformed request of the HTTP area).
 * The page parameters of the request decide which rule judges it (`helpers/listing/params.ts`):
 * - an ordinary page (each page parameter absent or valid) is judged by the per-page rules, when it is a
 *   2xx answer with a `data` array (else ENV-LIST's failure); an empty page without the pagination fields of
 *   meta is PAGE-META-EMPTY's failure alone;
 * - a limit above the maximum by PAGE-MAX-LIMIT, an offset above the offset limit by PAGE-OFFSET-SOFT and
 *   PAGE-OFFSET-HARD, a malformed value by PAGE-BAD-PARAMS;
 * - a page parameter repeated or nested by none of them: HTTP-NO-5XX and HTTP-JSON judge it.
 */
import { LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import type { Answer } from '../../helpers/judge/answer.ts';
import type { Knowledge } from '../../helpers/judge/knowledge.ts';
import { type ExchangeVerdict, onExchanges, type StatusScope } from '../../helpers/judge/rule.ts';
import type { Verdict } from '../../helpers/judge/verdict.ts';
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
export const whereOf = (x: Answer, p: PageParams) => `${x.method} ${x.path} with ${showPageParams(p)}`;

/**
 * An exchange verdict on every successful ordinary page of a listing (see the module comment).
 * `emptyWithoutMeta`: the rule judges an empty page without the pagination fields of meta too
 * (PAGE-META-EMPTY's own subject); `refused`: the rule judges the other answers (but a 5xx) with it.
 */
export function onListingPage(
  judge: (page: Page, x: Answer, t: Verdict, known: Knowledge) => void,
  options: {
    readonly emptyWithoutMeta?: boolean;
    readonly refused?: (given: OrdinaryPage, x: Answer, t: Verdict, where: string) => void;
  } = {},
): ExchangeVerdict {
  const status = options.refused ? 'not 5xx' : '2xx';
  return onExchanges({ methods: ['GET'], paths: [...LISTINGS], status }, (x, t, known) => {
    const params = pageParams(x.query);
    const given = t.need(ordinaryPage(params), 'page parameters that are not absent or valid');
    if (!x.response.ok) return options.refused?.(given, x, t, whereOf(x, params));
    const view = viewPage(x.response.json);
    const data = t.need(view.data, 'the answer has no data array (see ENV-LIST)');
    const missing = missingPaginationMeta(x.response.json);
    if (!options.emptyWithoutMeta && data.length === 0 && missing.length > 0) {
      t.skip(`an empty page without ${missing.join(', ')}: see PAGE-META-EMPTY`);
    }
    const asked = { limit: given.limit ?? known.settings.defaultPageLimit, offset: given.offset ?? 0 };
    judge({ view, given, asked, where: whereOf(x, params) }, x, t, known);
  });
}

/** Asserts a list of expectations on one answer. */
export function assertAll(t: Verdict, expectations: readonly Expectation[], x: Answer, where: string): void {
  for (const e of expectations) t.assert(e.ok, `${e.expected} (${where})`, e.actual, x.response);
}

/**
 * An exchange verdict on the listing requests whose page parameters `applies` selects, refusals included
 * (status `not 5xx`: a 5xx is HTTP-NO-5XX's); a repeated or nested page parameter is never judged.
 */
export function onPageParams(
  paths: readonly string[],
  applies: (p: PageParams) => boolean,
  judge: (x: Answer, t: Verdict, known: Knowledge, where: string) => void,
  status: StatusScope = 'not 5xx',
): ExchangeVerdict {
  return onExchanges({ methods: ['GET'], paths, status }, (x, t, known) => {
    const params = pageParams(x.query);
    t.need(params.ambiguous === undefined, 'a page parameter repeated or nested');
    t.need(applies(params), 'not the page parameters the rule is about');
    judge(x, t, known, whereOf(x, params));
  });
}

/**
 * PAGE-OFFSET-SOFT, PAGE-BAD-PARAMS: 4xx, or a 2xx answer with a valid listing envelope. When an ordinary
 * page of the listing that the run saw before had no valid listing envelope (PAGE-ENVELOPE's failure), the
 * answer only has to be as much of a listing as that page: `{ data: [...] }`.
 */
export function expectRejectedOrListing(x: Answer, t: Verdict, known: Knowledge, where: string): void {
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
  if (known.listingEnvelope(x.template, x.sent) === 'invalid') {
    t.expectSchema(
      response.json,
      'list-envelope',
      `the body (${where}; the listing's ordinary pages have no valid listing envelope either: see PAGE-ENVELOPE)`,
      response,
    );
  } else t.expectSchema(response.json, 'listing-envelope', `the body (${where})`, response);
}
