/**
 * Listings and pagination (§2.5, §4.3, §8): `GET /v2/categories` and `GET /v2/products`, and the offset limit
 * of `/v2/orders` and `/v2/files`. The per-page rules and the limits are exchange rules: they judge every
 * listing answer of every suite file; this file sends the pages they judge and the walks and offset pairs
 * that the flows compare (`probes/pagination.ts`), then declares the flows (`rules/pagination/`).
 */
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
