/** Listings and pagination (§2.5, §4.3, §8): the pages, walks and offset pairs the flows compare. */
import { declareFlows } from '../helpers/check/check.ts';
import { paginationProbes } from '../probes/pagination.ts';
import { AREA_RULES } from '../rules/catalogue.ts';
import { areaSuite } from './area-suite.ts';

areaSuite('pagination', (run) => declareFlows(AREA_RULES.pagination, paginationProbes(run)));
