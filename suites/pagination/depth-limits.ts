/**
 * Depth of the limits of §8 and of malformed page parameters (PAGE-MAX-LIMIT, PAGE-OFFSET-HARD,
 * PAGE-OFFSET-SOFT, PAGE-BAD-PARAMS; issue 10). Both profiles: 2^31 on every listing a rule names (the
 * malformed values are the gate checks of the category listing, suites/pagination/limits.ts). Deep: values
 * drawn from the ranges the rules name (`helpers/depth/arbitraries.ts`, up to the largest safe integer, and
 * malformed values on both listings), each rule from its own share.
 */
import fc from 'fast-check';
import { check } from '../../helpers/check/check.ts';
import {
  limitsAboveMaximum,
  malformedPageValues,
  offsetsAboveLimit,
} from '../../helpers/depth/arbitraries.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { pagePath } from '../../helpers/listing/page.ts';
import { expectMaxLimit, expectRejectedOrListing } from './expect.ts';
import type { Probes } from './probes.ts';

/**
 * The large page parameter of the gate profile: 2^31, past every 32-bit integer (deep generates the rest of
 * the range, up to the largest safe integer).
 */
const LARGEST = [2 ** 31] as const;

const LISTINGS = ['/v2/categories', '/v2/products'] as const;
const HARD = ['/v2/orders', '/v2/files'] as const;

export function depthLimitChecks(categories: Probes, products: Probes): void {
  const plain = (endpoint: string) => (endpoint === '/v2/products' ? products : categories).plain();

  check('PAGE-MAX-LIMIT', `the largest page[limit] values on ${LISTINGS.join(' and ')}`, async (t) => {
    await judgeEach(t, {
      inputs: LISTINGS.flatMap((endpoint) => LARGEST.map((limit) => ({ endpoint, limit }))),
      show: ({ endpoint, limit }) => `GET ${endpoint}?page[limit]=${limit}`,
      judge: async ({ endpoint, limit }) => expectMaxLimit(t, await t.api.get(pagePath(endpoint, { limit }))),
    });
  });

  check(
    'PAGE-OFFSET-HARD',
    `the largest page[offset] values on ${HARD.join(' and ')} answer 4xx`,
    async (t) => {
      await judgeEach(t, {
        inputs: HARD.flatMap((endpoint) => LARGEST.map((offset) => ({ endpoint, offset }))),
        show: ({ endpoint, offset }) => `GET ${endpoint}?page[offset]=${offset}`,
        judge: async ({ endpoint, offset }) =>
          t.expectStatus(await t.api.get(pagePath(endpoint, { offset })), '4xx'),
      });
    },
  );

  check('PAGE-OFFSET-SOFT', `the largest page[offset] values on ${LISTINGS.join(' and ')}`, async (t) => {
    await judgeEach(t, {
      inputs: LISTINGS.flatMap((endpoint) => LARGEST.map((offset) => ({ endpoint, offset }))),
      show: ({ endpoint, offset }) => `GET ${endpoint}?page[offset]=${offset}`,
      judge: async ({ endpoint, offset }) =>
        expectRejectedOrListing(t, await t.api.get(pagePath(endpoint, { offset })), await plain(endpoint)),
    });
  });

  exploreCheck(
    'PAGE-MAX-LIMIT',
    'page[limit] above the maximum answers 4xx or at most the maximum',
    async (t) =>
      exploration({
        name: 'pagination/max-limit',
        arbitrary: fc.record({ endpoint: fc.constantFrom(...LISTINGS), limit: limitsAboveMaximum() }),
        show: ({ endpoint, limit }) => `GET ${endpoint}?page[limit]=${limit}`,
        judge: async ({ endpoint, limit }, api) =>
          expectMaxLimit(t, await api.get(pagePath(endpoint, { limit }))),
      }),
  );

  exploreCheck(
    'PAGE-OFFSET-HARD',
    'page[offset] above the offset limit answers 4xx on /v2/orders and /v2/files',
    async (t) =>
      exploration({
        name: 'pagination/hard-offset',
        arbitrary: fc.record({ endpoint: fc.constantFrom(...HARD), offset: offsetsAboveLimit() }),
        show: ({ endpoint, offset }) => `GET ${endpoint}?page[offset]=${offset}`,
        judge: async ({ endpoint, offset }, api) =>
          t.expectStatus(await api.get(pagePath(endpoint, { offset })), '4xx'),
      }),
  );

  exploreCheck(
    'PAGE-OFFSET-SOFT',
    'page[offset] above the offset limit answers 4xx or a listing',
    async (t) =>
      exploration({
        name: 'pagination/soft-offset',
        arbitrary: fc.record({ endpoint: fc.constantFrom(...LISTINGS), offset: offsetsAboveLimit() }),
        show: ({ endpoint, offset }) => `GET ${endpoint}?page[offset]=${offset}`,
        judge: async ({ endpoint, offset }, api) =>
          expectRejectedOrListing(t, await api.get(pagePath(endpoint, { offset })), await plain(endpoint)),
      }),
  );

  exploreCheck(
    'PAGE-BAD-PARAMS',
    'malformed page[limit] and page[offset] answer 4xx or a listing',
    async (t) =>
      exploration({
        name: 'pagination/bad-params',
        arbitrary: fc
          .record({
            endpoint: fc.constantFrom(...LISTINGS),
            param: fc.constantFrom('limit' as const, 'offset' as const),
          })
          .chain((base) => malformedPageValues(base.param).map((value) => ({ ...base, value }))),
        show: ({ endpoint, param, value }) => `GET ${endpoint}?page[${param}]=${encodeURIComponent(value)}`,
        judge: async ({ endpoint, param, value }, api) =>
          expectRejectedOrListing(
            t,
            await api.get(pagePath(endpoint, { [param]: value })),
            await plain(endpoint),
          ),
      }),
  );
}
