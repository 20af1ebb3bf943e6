import { describe } from 'vitest';
import { type SuiteRun, suiteRun } from '../helpers/run/suite.ts';
import { inFlight, relations } from '../probes/relations.ts';
import { SPACE } from '../probes/space/index.ts';
import { RULES } from '../rules/catalogue.ts';

type ReplayedArea = Parameters<typeof relations>[1];

/**
 * The suite file of an area: its probes, concurrently, then the replay of what the file sent without valid
 * credentials (`probes/relations.ts`; not in the authentication file), then the file's last test.
 */
export function areaSuite(area: ReplayedArea | 'authentication', probes: (run: SuiteRun) => void): void {
  const run = suiteRun(RULES, SPACE);
  // One for the worker thread: the files it runs take the entries in turn.
  run.api.transform ??= inFlight(run.settings.token);
  describe.concurrent(area, () => {
    probes(run);
  });
  if (area !== 'authentication') relations(run, area);
  run.finish();
}
