/**
 * The flows of the rules that compare the pages of a walk through `links.next` (§2.5): the walk, the counts
 * and the neighbouring links, on walks of both listings: gate, at a quarter of the total (`walkLimit`) and at total − 1
 * (`otherWalkLimit`), so that a server right at one page length and wrong at another is walked at both; deep,
 * at every class of page lengths relative to the total on every seed (`PAGE_LENGTH_CLASSES`: 1, odd, even, a
 * full last page, one record left, the total, above it, 100), sized by the total as it is when walked, then at
 * lengths generated from it (`walkLengths`). Each walk is walked once for the three
 * (`probes/pagination.ts`); its pages are judged by the per-page rules like every other answer. What compares
 * several requests counts only when the walk settled (`helpers/listing/settle.ts`); a walk whose listing
 * changed during every attempt is an input left unjudged.
 */
import fc from 'fast-check';
import type { CheckFunction } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { Skip, unjudgeable } from '../../helpers/check/failure.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import type { ExplorationName } from '../../helpers/inputs/allocation.ts';
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
import { type Walk, walkedPages } from '../../helpers/listing/walk.ts';
import { fixedLength, gateWalks, type PaginationProbes, type WalkLength } from '../../probes/pagination.ts';

/** A walk of a listing, settled, and the run's own records that a full walk must visit. */
export interface Walked {
  readonly settled: Settled<Walk<ApiResponse>>;
  readonly own: readonly string[];
}

interface WalkInput {
  readonly endpoint: string;
  readonly length: WalkLength;
}

/**
 * A rule's verdict on one walk through `links.next`: on the suite's walks ({@link walkFlows}), and on the walks
 * a recording of traffic holds (`cli/traffic/walks.ts`).
 */
export type WalkVerdict = (t: Judgement, walked: Walked) => void;

/** Declares the rule's check over the walks (see the module comment). */
export function walkFlows(
  what: string,
  row: ExplorationName,
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
            listings.map(async (l) => {
              try {
                return [{ endpoint: l.endpoint, total: await l.total() }];
              } catch (error) {
                if (error instanceof Skip) return [];
                throw error;
              }
            }),
          );
          const totals = sized.flat();
          if (totals.length === 0) t.skip('no listing of known size to walk');
          return {
            show: ({ endpoint, length }: WalkInput) => `GET ${endpoint} walked at ${length.shown}`,
            gate: totals.flatMap(({ endpoint, total }) =>
              gateWalks(total).map((length) => ({ endpoint, length })),
            ),
            deep: {
              row,
              arbitrary: fc.oneof(
                ...totals.map(({ endpoint, total }) =>
                  walkLengths(total).map((limit) => ({ endpoint, length: fixedLength(limit) })),
                ),
              ),
              // Every class of page lengths on every listing, on every seed, sized by the total when walked.
              // A failing one shrinks over the whole range, from the length it came to.
              classes: totals.flatMap(({ endpoint }) => {
                const listing = listings.find((l) => l.endpoint === endpoint);
                const fixed = (limit: number): WalkInput => ({ endpoint, length: fixedLength(limit) });
                return PAGE_LENGTH_CLASSES.map(
                  (lengths) =>
                    new ShrunkFromResolved<WalkInput>(
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
                        const limit = length.limit ?? listing?.walkedAt(length.shown);
                        return limit === undefined ? undefined : fixed(limit);
                      },
                      ({ length }) =>
                        smallerIntegers(length.limit ?? MAX_PAGE_LENGTH, 1, MAX_PAGE_LENGTH).map(fixed),
                    ),
                );
              }),
            },
          };
        },
      },
    );
  };
}

/**
 * Asserts that a settled walk shows none of `problems`, on its last page; a walk that shows some but whose
 * listing changed during every attempt cannot be judged: the check is then not evaluated, with the reason
 * (another client's writes), rather than passed on the other walks.
 */
export function judgeProblems(
  t: Judgement,
  { settled }: Walked,
  problems: readonly string[],
  expected: string,
): void {
  if (problems.length > 0 && settled.outcome === 'unsettled') unsettledWalk(settled, problems);
  const last = walkedPages(settled.value).at(-1)?.response;
  t.assert(problems.length === 0, expected, () => problems.join('; '), last);
}

/** Leaves a walk unjudged: its listing changed during every attempt (see {@link judgeProblems}). */
export function unsettledWalk(settled: Settled<unknown>, problems: readonly string[]): never {
  return unjudgeable(
    `the listing changed during every attempt (${settled.attempts}) to walk it, so its pages could not be compared (another client's writes; the run's own wait for its walks); last discrepancy: ${problems[0]}`,
  );
}
