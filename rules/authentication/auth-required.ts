/**
 * AUTH-REQUIRED (§5): every endpoint called without `Authorization` answers 4xx, returns no `data`, and
 * changes nothing. Judged on every request of the run to a path of §4, by any method, that carried no header, or an
 * empty one (`refused.ts`), and on the writes of §4 sent so on records of the run, read before and after.
 */
import { rule } from '../../helpers/judge/rule.ts';
import type { RefusedWrites } from '../../probes/replay.ts';
import { changesNothing, refusedWithout } from './refused.ts';

export default rule({
  id: 'AUTH-REQUIRED',
  level: 'MUST',
  section: '§5',
  title: 'Every endpoint called without `Authorization` answers 4xx, returns no `data`, and changes nothing.',
  exchange: refusedWithout('none'),
  flows: (probes: RefusedWrites, check) => changesNothing(check, 'none', probes),
});
