/** Listings and pagination (§2.5, §4.3, §8): the pages, walks and offset pairs the flows compare. */
import { describe } from 'vitest';
import { declareFlows } from '../helpers/check/check.ts';
import { suiteRun } from '../helpers/run/suite.ts';
import { paginationProbes } from '../probes/pagination.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { SPACE } from '../probes/space/index.ts';
import { AREA_RULES, RULES } from '../rules/catalogue.ts';

const run = suiteRun(RULES, SPACE);

describe.concurrent('pagination', () => {
  const probes = paginationProbes(run);
  declareFlows(AREA_RULES.pagination, probes);
});

replayWithoutCredentials(run, 'pagination', AREA_RULES.authentication);
run.finish();
