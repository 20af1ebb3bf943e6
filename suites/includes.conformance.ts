/** Includes (§4.3, §8) and the Category and Product schemas (§2.3, §2.4): what the exchange rules judge. */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { includeProbes } from '../probes/includes.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { catalogSequences } from '../probes/sequences/catalog.ts';
import { shapeProbes } from '../probes/shapes.ts';
import { SPACE } from '../probes/space/index.ts';
import { AREA_RULES, RULES } from '../rules/catalogue.ts';

const run = suiteRun(RULES, SPACE);

describe.concurrent('includes', () => {
  includeProbes(run);
  shapeProbes(run);
  catalogSequences(run);
});

replayWithoutCredentials(run, 'includes', AREA_RULES.authentication);
run.finish();
