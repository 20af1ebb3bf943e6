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
