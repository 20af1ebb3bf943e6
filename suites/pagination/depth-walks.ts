/**
 * Walks at generated page lengths (deep profile; §2.5, issue 10's "several walks at different limits"): each
 * input is a listing and a page length (`walkLengths`: small lengths, lengths near the listing's total, the
 * total divided into a few pages, and the whole range of 1 to 100), and the listing is walked through
 * `links.next` at that length, in full up to 5 pages (a longer listing partially: 3 pages, then `links.last`,
 * as the gate's walks), settled against concurrent changes. Every page counts against the exploration's share
 * (`pagination/walks`); a settle attempt is sent again, never taken from the pool's cache of GET answers.
 * One check per rule that compares the pages of a walk (PAGE-WALK, PAGE-COUNTS, PAGE-PREV-NEXT), sharing
 * one pool: the checks draw the same inputs, and each input is walked once for all three. A walk whose
 * listing changed during every attempt is a skipped input, with the reason.
 */

import fc from 'fast-check';
import type { CheckContext } from '../../helpers/check/context.ts';
import { walkLengths } from '../../helpers/depth/arbitraries.ts';
import { exploreCheck } from '../../helpers/depth/explore.ts';
import { ExplorationPool, type PoolClient } from '../../helpers/depth/pool.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import type { Settled } from '../../helpers/listing/settle.ts';
import { settleWalk } from '../../helpers/listing/settled-walk.ts';
import { type Walk, walkedPages } from '../../helpers/listing/walk.ts';
import type { Listing, SuiteRun } from './pages.ts';
import type { Probes } from './probes.ts';
import { type JudgedWalk, judgeWalkCounts, judgeWalkPrevNext, judgeWalkVisits } from './walk-verdicts.ts';

const NAME = 'pagination/walks';
/** At most this many walks per input: a discrepancy counts once two consecutive walks answer the same. */
const SETTLE_ATTEMPTS = 3;

/** One generated walk: a listing and the page length it is walked at. */
export interface WalkAsk {
  readonly endpoint: string;
  readonly limit: number;
}

/** The listings of the area, each with its shared requests. */
export interface WalkedListing {
  readonly listing: Listing;
  readonly p: Probes;
}

export function depthWalkChecks({ info }: SuiteRun, listings: readonly WalkedListing[]): void {
  if (info.depth !== 'deep') return;
  const pool = new ExplorationPool(NAME, info);
  const probesOf = new Map(listings.map(({ listing, p }) => [listing.endpoint, p]));

  /** The settled walk of one input, walked once for the checks of the pool (through the first one's client). */
  const walkOf = async (ask: WalkAsk, client: PoolClient): Promise<JudgedWalk> => {
    const p = probesOf.get(ask.endpoint) as Probes;
    if ((await p.total()) === 0) skipInput(`the listing ${ask.endpoint} is empty: there is nothing to walk`);
    const own = await p.ownIds();
    const settled = await client.memo(
      `${ask.endpoint} ${ask.limit}`,
      (): Promise<Settled<Walk<ApiResponse>>> =>
        settleWalk({
          endpoint: ask.endpoint,
          baseUrl: info.baseUrl,
          limit: ask.limit,
          fetch: (path) => client.send('GET', path),
          ownIds: own,
          maxAttempts: SETTLE_ATTEMPTS,
        }),
      (made) => walkedPages(made.value).map((page) => page.response),
    );
    return { settled, own, unsettled: skipInput };
  };

  const rules = [
    {
      rule: 'PAGE-WALK',
      what: 'following links.next visits every record exactly once',
      judge: (t: CheckContext, walk: JudgedWalk) => judgeWalkVisits(t, walk),
    },
    {
      rule: 'PAGE-COUNTS',
      what: 'meta.page.total and .current on each page, and results.total = the records the walk finds',
      judge: (t: CheckContext, walk: JudgedWalk) => judgeWalkCounts(t, walk),
    },
    {
      rule: 'PAGE-PREV-NEXT',
      what: 'links.prev and links.next on each page of the walk',
      judge: (t: CheckContext, walk: JudgedWalk) => judgeWalkPrevNext(t, walk.settled.value, info.baseUrl),
    },
  ] as const;

  const endpoints = listings.map(({ listing }) => `GET ${listing.endpoint}`).join(' and ');
  for (const { rule, what, judge } of rules) {
    exploreCheck(rule, `${what}, on walks of ${endpoints} at generated page lengths`, async (t) => ({
      name: NAME,
      pool,
      arbitrary: fc.oneof(
        ...(await Promise.all(
          listings.map(async ({ listing, p }) =>
            walkLengths(await p.total()).map((limit): WalkAsk => ({ endpoint: listing.endpoint, limit })),
          ),
        )),
      ),
      show: (ask: WalkAsk) => `GET ${ask.endpoint} walked at page[limit]=${ask.limit}`,
      judge: async (ask: WalkAsk, client: PoolClient) => judge(t, await walkOf(ask, client)),
    }));
  }
}
