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
