/** Integrations (§2.2, §4.2, §6): reading and deleting a webhook subscription. */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { integrationProbes } from '../probes/integrations.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { SPACE } from '../probes/space/index.ts';
import { AREA_RULES, RULES } from '../rules/catalogue.ts';

const run = suiteRun(RULES, SPACE);

describe.concurrent('integrations', () => {
  integrationProbes(run);
});

replayWithoutCredentials(run, 'integrations', AREA_RULES.authentication);
run.finish();
