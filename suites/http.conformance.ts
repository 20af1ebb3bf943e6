/** HTTP and envelopes (§1, §2, §7): the malformed requests no other area sends (`probes/http.ts`). */
import { httpProbes } from '../probes/http.ts';
import { areaSuite } from './area-suite.ts';

areaSuite('http', httpProbes);
