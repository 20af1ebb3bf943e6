/**
 * The limits of §8 and the page parameters (§2.5, §4.3): PAGE-MAX-LIMIT, PAGE-OFFSET-SOFT, PAGE-OFFSET-HARD
 * and PAGE-BAD-PARAMS.
 */
import { check } from '../../helpers/check/check.ts';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../../helpers/limits.ts';
import { pagePath } from '../../helpers/listing/page.ts';
import { BAD_PAGE_VALUES } from './bad-values.ts';
import { expectMaxLimit, expectRejectedOrListing } from './expect.ts';
import type { Listing } from './pages.ts';
import type { Probes } from './probes.ts';

/** A page length ten times the maximum. */
const FAR_ABOVE = MAX_PAGE_LENGTH * 10;

/** The limit checks on one listing. */
export function listingLimitChecks(listing: Listing, p: Probes): void {
  const { endpoint } = listing;

  check(
    'PAGE-MAX-LIMIT',
    `GET ${endpoint}?page[limit]=${MAX_PAGE_LENGTH + 1} answers 4xx or at most ${MAX_PAGE_LENGTH} records`,
    async (t) => {
      expectMaxLimit(t, await t.api.get(pagePath(endpoint, { limit: MAX_PAGE_LENGTH + 1 })));
    },
  );

  check(
    'PAGE-OFFSET-SOFT',
    `GET ${endpoint}?page[offset]=${OFFSET_LIMIT + 1} answers 4xx or a valid listing envelope`,
    async (t) => {
      expectRejectedOrListing(
        t,
        await t.api.get(pagePath(endpoint, { offset: OFFSET_LIMIT + 1 })),
        await p.plain(),
      );
    },
  );
}

/** The limit and parameter checks that are not tied to one of the two listings. */
export function parameterChecks(categories: Probes): void {
  check(
    'PAGE-MAX-LIMIT',
    `GET /v2/categories?page[limit]=${FAR_ABOVE} answers 4xx or at most ${MAX_PAGE_LENGTH} records`,
    async (t) => {
      expectMaxLimit(t, await t.api.get(pagePath('/v2/categories', { limit: FAR_ABOVE })));
    },
  );

  for (const endpoint of ['/v2/orders', '/v2/files']) {
    check('PAGE-OFFSET-HARD', `GET ${endpoint}?page[offset]=${OFFSET_LIMIT + 1} answers 4xx`, async (t) => {
      t.expectStatus(await t.api.get(pagePath(endpoint, { offset: OFFSET_LIMIT + 1 })), '4xx');
    });
  }

  const badValues = BAD_PAGE_VALUES;
  for (const { param, value } of badValues) {
    check(
      'PAGE-BAD-PARAMS',
      `GET /v2/categories?page[${param}]=${value} answers 4xx or a valid listing envelope`,
      async (t) => {
        expectRejectedOrListing(
          t,
          await t.api.get(pagePath('/v2/categories', { [param]: value })),
          await categories.plain(),
        );
      },
    );
  }
}
