/**
 * Authentication (§5): every endpoint of §4 requires `Authorization: Bearer <token>`. The rules of
 * the area judge every request of every suite file that went without valid credentials (above all the
 * replays at the end of each other file, `probes/replay.ts`); this file sends what those do not
 * (`probes/authentication.ts`): the read endpoints in other spellings and with an empty header, and the
 * writes of §4 on records of its own, read before and after (the rules' flows). No replay here: this file
 * sends nothing with the token that is not provisioning or a record's state.
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
