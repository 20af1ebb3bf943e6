/**
 * The rules of the pagination area (§2.5, §4.3, §8): the per-page rules and the limits are exchange rules
 * (`read.ts`: which one judges an answer follows from its request's page parameters); the walks, the offset
 * pair and the observation of `meta.results.all` are flows over the probes of `probes/pagination.ts`.
 */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import type { PaginationProbes } from '../../probes/pagination.ts';
import pageBadParams from './page-bad-params.ts';
import pageCounts from './page-counts.ts';
import pageDefaultLimit from './page-default-limit.ts';
import pageEnvelope from './page-envelope.ts';
import pageLimit from './page-limit.ts';
import pageLinks from './page-links.ts';
import pageMaxLimit from './page-max-limit.ts';
import pageMetaEmpty from './page-meta-empty.ts';
import pageOffset from './page-offset.ts';
import pageOffsetHard from './page-offset-hard.ts';
import pageOffsetSoft from './page-offset-soft.ts';
import pagePrevNext from './page-prev-next.ts';
import pageResultsAll from './page-results-all.ts';
import pageWalk from './page-walk.ts';

export const PAGINATION_RULES: readonly RuleDeclaration<PaginationProbes>[] = [
  pageEnvelope,
  pageMetaEmpty,
  pageLimit,
  pageOffset,
  pageLinks,
  pagePrevNext,
  pageWalk,
  pageCounts,
  pageDefaultLimit,
  pageMaxLimit,
  pageOffsetHard,
  pageOffsetSoft,
  pageBadParams,
  pageResultsAll,
];
