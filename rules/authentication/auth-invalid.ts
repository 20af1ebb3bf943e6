/**
 * AUTH-INVALID (§5): every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and
 * changes nothing. Judged on every request of the run to a path of §4, by any method, whose `Authorization` header held
 * anything but the run's token (never the token with the scheme spelled another way: `refused.ts`), and on
 * the writes of §4 sent so on records of the run, read before and after.
 */
import { rule } from '../../helpers/judge/rule.ts';
import type { RefusedWrites } from '../../probes/replay.ts';
import { changesNothing, refusedWithout } from './refused.ts';

export default rule({
  id: 'AUTH-INVALID',
  level: 'MUST',
  section: '§5',
  title:
    'Every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and changes nothing.',
  exchange: refusedWithout('other'),
  flows: (probes: RefusedWrites, check) => changesNothing(check, 'other', probes),
});
