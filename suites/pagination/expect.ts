/** Assertions shared by the checks of the pagination area (§2.5, §8). */
import type { CheckContext } from '../../helpers/check/context.ts';
import { show } from '../../helpers/check/failure.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import type { Expectation } from '../../helpers/listing/expect.ts';
import { viewPage } from '../../helpers/listing/page.ts';
import type { Settled } from '../../helpers/listing/settle.ts';
import { validate } from '../../helpers/schema/registry.ts';
import type { SeenPage } from './pages.ts';

/** Asserts a list of expectations on one answer. */
export function assertAll(
  t: CheckContext,
  expectations: readonly Expectation[],
  response: ApiResponse,
  where: string,
): void {
  for (const e of expectations) t.assert(e.ok, `${e.expected} (${where})`, e.actual, response);
}

export function describePage(page: SeenPage): string {
  return `page[limit]=${page.asked.limit}&page[offset]=${page.asked.offset}`;
}

/** The answer is 2xx and a listing (a `data` array); the per-page checks need both. */
export function expectListing(t: CheckContext, page: SeenPage): void {
  t.expectStatus(page.response, '2xx');
  t.expectArray(page.view.data, `data (${describePage(page)})`, page.response);
}

/** The walk's verdict on one rule's discrepancies: passed, failed (reproduced) or skipped (the listing kept changing). */
export function judgeSettled<T>(
  t: CheckContext,
  settled: Settled<T>,
  problems: readonly string[],
  expected: string,
  response: ApiResponse,
): void {
  if (problems.length > 0 && settled.outcome === 'unsettled') {
    t.skip(
      `the listing changed during every attempt (${settled.attempts}), so the requests could not be compared; last discrepancy: ${problems[0]}`,
    );
  }
  t.assert(problems.length === 0, expected, () => problems.join('; '), response);
}

/**
 * 4xx, or a 2xx answer with a valid listing envelope (PAGE-OFFSET-SOFT, PAGE-BAD-PARAMS). When the listing's
 * ordinary page (`ordinary`, without parameters) is itself no valid listing envelope, that is PAGE-ENVELOPE's
 * failure: the answer then only has to be as much of a listing as that page, `{ data: [...] }`.
 */
export function expectRejectedOrListing(
  t: CheckContext,
  response: ApiResponse,
  ordinary?: ApiResponse,
): void {
  if (response.statusClass === '4xx') {
    t.expectStatus(response, '4xx');
    return;
  }
  t.assert(
    response.ok,
    '4xx, or 2xx with a valid listing envelope',
    () => `${response.status} ${response.text.slice(0, 200)}`,
    response,
  );
  if (ordinary?.ok && !validate('listing-envelope', ordinary.json).valid) {
    t.attach(ordinary);
    t.expectSchema(
      response.json,
      'list-envelope',
      'the body (the ordinary page of the listing has no valid listing envelope either: see PAGE-ENVELOPE)',
      response,
    );
    return;
  }
  t.expectSchema(response.json, 'listing-envelope', 'the body', response);
}

/** 4xx, or 2xx with at most {@link MAX_PAGE_LENGTH} records and meta.page.limit at most that (PAGE-MAX-LIMIT). */
export function expectMaxLimit(t: CheckContext, response: ApiResponse): void {
  if (response.statusClass === '4xx') {
    t.expectStatus(response, '4xx');
    return;
  }
  t.assert(
    response.ok,
    `4xx, or 2xx with at most ${MAX_PAGE_LENGTH} records`,
    () => `${response.status} ${response.text.slice(0, 200)}`,
    response,
  );
  const view = viewPage(response.json);
  t.assert(
    view.data !== undefined && view.data.length <= MAX_PAGE_LENGTH,
    `at most ${MAX_PAGE_LENGTH} records in data`,
    view.data === undefined ? 'no data array' : `${view.data.length} records`,
    response,
  );
  t.assert(
    view.limit !== undefined && view.limit <= MAX_PAGE_LENGTH,
    `meta.page.limit an integer of at most ${MAX_PAGE_LENGTH}`,
    show(view.limit),
    response,
  );
}
