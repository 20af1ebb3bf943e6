/**
 * Listings and pagination (§2.5, §4.3, §8): `GET /v2/categories` and `GET /v2/products`, and the offset limit
 * of `/v2/orders` and `/v2/files`. The per-page rules and the limits are exchange rules: they judge every
 * listing answer of every suite file; this file sends the pages they judge and the walks and offset pairs
 * that the flows compare (`probes/pagination.ts`), then declares the flows (`rules/pagination/`).
 */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { paginationProbes } from '../probes/pagination.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { REFUSED_WRITE_RULES } from '../rules/authentication/index.ts';
import { RULE_DECLARATIONS } from '../rules/index.ts';
import { PAGINATION_RULES } from '../rules/pagination/index.ts';

const run = suiteRun(RULE_DECLARATIONS);

describe.concurrent('pagination', () => {
  const probes = paginationProbes(run);
  for (const declared of PAGINATION_RULES) declared.flows?.(probes);
});

replayWithoutCredentials(run, 'pagination', REFUSED_WRITE_RULES);
run.finish();
