/**
 * Includes (§4.3, §8) and the Category and Product schemas (§2.3, §2.4).
 *
 * The entry of the includes area: the shared reads (`includes/reads.ts`) are made once here, and the checks
 * assert on them:
 * - `includes/rules.ts`: the include rules (INC-);
 * - `includes/schemas.ts`: the Category and Product schemas and the envelopes of those answers;
 * - `includes/depth.ts`: include spellings on the single and listing endpoints (issue 10's depth).
 * §8's advice against including a resource of more than 100 entities (`MAX_INCLUDED_ENTITIES`) is advice to
 * clients only: it is not judged.
 */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayRecorded } from './authentication/recorded.ts';
import { includeDepthChecks } from './includes/depth.ts';
import { includeReads } from './includes/reads.ts';
import { includeChecks } from './includes/rules.ts';
import { schemaChecks } from './includes/schemas.ts';

const run = suiteRun();
const reads = includeReads(run);

describe.concurrent('includes', () => {
  includeChecks(reads);
  schemaChecks(reads);
  includeDepthChecks(run, reads);
});

// Last: once the checks above are done, what they sent is sent again without valid credentials.
replayRecorded(run.info, 'includes');
