/**
 * Authentication (§5): the area's rules judge every request of every suite file sent without valid
 * credentials; this file sends what the replays do not (`probes/authentication.ts`), and no replay itself.
 */
import { describe } from 'vitest';
import { declareFlows } from '../helpers/check/check.ts';
import { suiteRun } from '../helpers/run/suite.ts';
import { authenticationProbes } from '../probes/authentication.ts';
import { SPACE } from '../probes/space/index.ts';
import { AREA_RULES, RULES } from '../rules/catalogue.ts';

const run = suiteRun(RULES, SPACE);

describe.concurrent('authentication', () => {
  const probes = authenticationProbes(run);
  declareFlows(AREA_RULES.authentication, probes);
});

run.finish();
