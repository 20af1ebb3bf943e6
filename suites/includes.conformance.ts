/** Includes (§4.3, §8) and the Category and Product schemas (§2.3, §2.4): what the exchange rules judge. */
import { includeProbes } from '../probes/includes.ts';
import { recordSequences } from '../probes/sequences/records.ts';
import { shapeProbes } from '../probes/shapes.ts';
import { areaSuite } from './area-suite.ts';

areaSuite('includes', (run) => {
  includeProbes(run);
  shapeProbes(run);
  recordSequences(run);
});
