/**
 * The rules that one listing page answers for by itself (§2.5): each judges a page on its own, so that every
 * page the depth checks fetch (boundary values, generated pages) is judged by every one of them, each rule
 * in its own check. A page the target may legitimately refuse (an offset at the offset limit itself, which
 * §8 does not say is inside or outside) is left unjudged with the reason.
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { show } from '../../helpers/check/failure.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import { isObject } from '../../helpers/http/response.ts';
import { OFFSET_LIMIT } from '../../helpers/limits.ts';
import {
  countExpectations,
  type Expectation,
  limitExpectations,
  linkExpectations,
  offsetExpectations,
  prevNextExpectations,
} from '../../helpers/listing/expect.ts';
import { missingPaginationMeta } from '../../helpers/listing/page.ts';
import { assertAll, describePage, expectListing } from './expect.ts';
import type { SeenPage } from './pages.ts';

/** The rules a listing page answers for by itself (a narrow union, so that the rule index can read them). */
export type PageRuleId =
  | 'PAGE-ENVELOPE'
  | 'PAGE-LIMIT'
  | 'PAGE-OFFSET'
  | 'PAGE-LINKS'
  | 'PAGE-PREV-NEXT'
  | 'PAGE-COUNTS'
  | 'PAGE-META-EMPTY';

/** One rule judged on one page. */
export interface PageRule {
  readonly rule: PageRuleId;
  /** What the rule asks of every page, for the check's title. */
  readonly what: string;
  readonly judge: (t: CheckContext, page: SeenPage, baseUrl: string) => void;
}

/** A page at the offset limit itself that the target refused: §8 leaves open whether the limit is inclusive. */
function skipRefusedAtLimit(page: SeenPage): void {
  if (page.asked.offset >= OFFSET_LIMIT && page.response.statusClass === '4xx') {
    skipInput(
      `page[offset]=${page.asked.offset} answered ${page.response.status}: §8 does not say whether an offset at the limit of ${OFFSET_LIMIT} is inside it`,
    );
  }
}

/**
 * An empty page without the pagination fields of meta is PAGE-META-EMPTY's failure: the other rules leave it
 * unjudged, so that one missing meta fails one rule.
 */
function skipEmptyWithoutMeta(page: SeenPage): void {
  const missing = missingPaginationMeta(page.response.json);
  if (page.response.ok && page.view.data?.length === 0 && missing.length > 0) {
    skipInput(`an empty page without ${missing.join(', ')}: see PAGE-META-EMPTY`);
  }
}

/** What every rule but PAGE-META-EMPTY leaves unjudged. */
function skipOthers(page: SeenPage): void {
  skipRefusedAtLimit(page);
  skipEmptyWithoutMeta(page);
}

/**
 * A rule judged by the expectations of helpers/listing/expect.ts on one page (the page's own meta and links
 * against what was asked), once the page is one the rule judges.
 */
function byExpectations(
  rule: PageRuleId,
  what: string,
  expectations: (view: SeenPage['view'], asked: SeenPage['asked'], baseUrl: string) => Expectation[],
): PageRule {
  return {
    rule,
    what,
    judge: (t, page, baseUrl) => {
      skipOthers(page);
      expectListing(t, page);
      assertAll(t, expectations(page.view, page.asked, baseUrl), page.response, describePage(page));
    },
  };
}

export const PAGE_RULES: readonly PageRule[] = [
  {
    rule: 'PAGE-ENVELOPE',
    what: 'the listing envelope',
    judge: (t, page) => {
      skipOthers(page);
      t.expectStatus(page.response, '2xx');
      t.expectSchema(
        page.response.json,
        'listing-envelope',
        `the body (${describePage(page)})`,
        page.response,
      );
    },
  },
  byExpectations(
    'PAGE-LIMIT',
    'at most page[limit] records and meta.page.limit = page[limit]',
    limitExpectations,
  ),
  byExpectations('PAGE-OFFSET', 'meta.page.offset = page[offset]', offsetExpectations),
  byExpectations(
    'PAGE-LINKS',
    'links.current, .first and .last with their page parameters',
    linkExpectations,
  ),
  byExpectations('PAGE-PREV-NEXT', 'links.prev and links.next by the page’s own meta', prevNextExpectations),
  byExpectations(
    'PAGE-COUNTS',
    'meta.page.total and meta.page.current from results.total, limit and offset',
    countExpectations,
  ),
  {
    rule: 'PAGE-META-EMPTY',
    what: 'the pagination fields of meta on an empty page',
    judge: (t, page) => {
      skipRefusedAtLimit(page);
      expectListing(t, page);
      if ((page.view.data?.length ?? 0) > 0) skipInput('the page is not empty');
      const missing = missingPaginationMeta(page.response.json);
      t.assert(
        missing.length === 0,
        `meta.page.limit, .offset, .current, .total and meta.results.total as integers on an empty page (${describePage(page)})`,
        () =>
          `missing or not integers: ${missing.join(', ')}; meta: ${show(isObject(page.response.json) ? page.response.json.meta : undefined)}`,
        page.response,
      );
    },
  },
];
