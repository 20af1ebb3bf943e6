/** HTTP and envelopes (§1, §2, §7): the malformed requests no other area sends (`probes/http.ts`). */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { httpProbes } from '../probes/http.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { SPACE } from '../probes/space/index.ts';
import { AREA_RULES, RULES } from '../rules/catalogue.ts';

const run = suiteRun(RULES, SPACE);

describe.concurrent('http', () => {
  httpProbes(run);
});

replayWithoutCredentials(run, 'http', AREA_RULES.authentication);
run.finish();
