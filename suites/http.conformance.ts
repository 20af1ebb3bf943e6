/**
 * HTTP basics (§1, §2, §7): the envelope rules, HTTP-JSON and HTTP-NO-5XX are exchange rules: they judge every
 * answer of every suite file. This file adds the requests no other area sends: malformed ids, parameters,
 * bodies and routes (`probes/http.ts`).
 */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { httpProbes } from '../probes/http.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { REFUSED_WRITE_RULES } from '../rules/authentication/index.ts';
import { RULE_DECLARATIONS } from '../rules/index.ts';

const run = suiteRun(RULE_DECLARATIONS);

describe.concurrent('HTTP basics', () => {
  httpProbes(run);
});

replayWithoutCredentials(run, 'http', REFUSED_WRITE_RULES);
run.finish();
