/**
 * The flows of the rules that compare the pages of a walk through `links.next` (§2.5), on both listings: in
 * the gate at two page lengths (`gateWalks`), deep at every class of page lengths relative to the total and
 * at generated ones. Each walk is walked once for all three rules, and judged only once settled.
 */
import fc from 'fast-check';
import type { CheckFunction } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { Skip, unjudgeable } from '../../helpers/check/failure.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import {
  choiceOf,
  choices,
  PAGE_LENGTH_CLASSES,
  ShrunkFromResolved,
  smallerIntegers,
  walkLengths,
} from '../../helpers/inputs/arbitraries.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import type { Settled } from '../../helpers/listing/settle.ts';
import {
  fixedLength,
  gateWalks,
  type Walk,
  type WalkLength,
  walkedPages,
} from '../../helpers/listing/walk.ts';
import type { ListingProbes, PaginationProbes } from '../../probes/pagination.ts';

/** A walk of a listing, settled, and the run's own records that a full walk must visit. */
export interface Walked {
  readonly settled: Settled<Walk<ApiResponse>>;
  readonly own: readonly string[];
}

interface WalkInput {
  readonly endpoint: string;
  readonly length: WalkLength;
}

/** A rule's verdict on one walk, of the suite or of recorded traffic (`cli/traffic/walks.ts`). */
export type WalkVerdict = (t: Judgement, walked: Walked) => void;

export function walkFlows(
  what: string,
  judge: (t: CheckContext, walked: Walked) => void,
): (probes: PaginationProbes, check: CheckFunction) => void {
  return ({ listings }, check) => {
    if (check.selected) for (const listing of listings) listing.compares('walks');
    check(
      `${what}, on walks of ${listings.map((l) => l.endpoint).join(' and ')}`,
      async (t, { endpoint, length }: WalkInput) => {
        const listing = listings.find((l) => l.endpoint === endpoint);
        if (!listing) throw new Error(`no probes of ${endpoint}`);
        const settled = await listing.walk(length);
        const walk = settled.value;
        t.attach(...walkedPages(walk).map((page) => page.response));
        t.observe(`${endpoint} at ${length.shown}`, {
          limit: walk.limit,
          mode: walk.mode,
          pages: walkedPages(walk).length,
          attempts: settled.attempts,
        });
        judge(t, { settled, own: await listing.ownIds() });
      },
      {
        inputs: async (t) => {
          const sized = await Promise.all(
            listings.map((listing) =>
              listing.total().then(
                (total) => [{ listing, endpoint: listing.endpoint, total }],
                (error) => (error instanceof Skip ? [] : Promise.reject(error)),
              ),
            ),
          );
          const totals = sized.flat();
          if (totals.length === 0) t.skip('no listing of known size to walk');
          return {
            show: ({ endpoint, length }: WalkInput) => `GET ${endpoint} walked at ${length.shown}`,
            gate: totals.flatMap(({ endpoint, total }) =>
              gateWalks(total, endpoint).map((length) => ({ endpoint, length })),
            ),
            deep: {
              row: 'pagination/walks',
              arbitrary: fc.oneof(
                ...totals.map(({ endpoint, total }) =>
                  walkLengths(total).map((limit) => ({ endpoint, length: fixedLength(limit) })),
                ),
              ),
              classes: totals.flatMap(({ listing }) => classWalks(listing)),
            },
          };
        },
      },
    );
  };
}

/** A walk at each class of page lengths, sized by the total when walked; a failure shrinks over the whole range. */
function classWalks({ endpoint, walkedAt }: ListingProbes): fc.Arbitrary<WalkInput>[] {
  const fixed = (limit: number): WalkInput => ({ endpoint, length: fixedLength(limit) });
  return PAGE_LENGTH_CLASSES.map(
    (lengths) =>
      new ShrunkFromResolved(
        choices().map(
          (choice): WalkInput => ({
            endpoint,
            length: {
              shown: `${lengths.name} (choice ${choice.toFixed(3)})`,
              of: (total) => choiceOf(lengths.values(total), choice),
            },
          }),
        ),
        ({ length }) => {
          const limit = length.limit ?? walkedAt(length.shown);
          return limit === undefined ? undefined : fixed(limit);
        },
        ({ length }) => smallerIntegers(length.limit ?? MAX_PAGE_LENGTH, 1, MAX_PAGE_LENGTH).map(fixed),
      ),
  );
}

/** Asserts that a walk shows none of `problems`, on its last page (if unsettled, it is unjudgeable). */
export function judgeProblems(
  t: Judgement,
  { settled }: Walked,
  problems: readonly string[],
  expected: string,
): void {
  needSettled(settled, problems);
  const last = walkedPages(settled.value).at(-1)?.response;
  t.assert(problems.length === 0, expected, () => problems.join('; '), last);
}

/** Ends the judgement as unjudgeable when the walk shows `problems` but never settled. */
export function needSettled(settled: Settled<unknown>, problems: readonly string[]): void {
  if (problems.length > 0 && settled.outcome === 'unsettled')
    unjudgeable(
      `the listing changed during every attempt (${settled.attempts}) to walk it, so its pages could not be compared (another client's writes; the run's own wait for its walks); last discrepancy: ${problems[0]}`,
    );
}
