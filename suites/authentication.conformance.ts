/**
 * Authentication (§5): the area's rules judge every request of every suite file sent without valid
 * credentials; this file sends what the replays do not (`probes/authentication.ts`), and no replay itself.
 */
import { declareFlows } from '../helpers/check/check.ts';
import { authenticationProbes } from '../probes/authentication.ts';
import { AREA_RULES } from '../rules/catalogue.ts';
import { areaSuite } from './area-suite.ts';

areaSuite('authentication', (run) => declareFlows(AREA_RULES.authentication, authenticationProbes(run)));
