/** AUTH-REQUIRED (§5): every endpoint called without `Authorization` answers 4xx, returns no `data`, and changes nothing. */
import { rule } from '../../helpers/judge/rule.ts';
import { refusedWithout } from './refused.ts';

export default rule('AUTH-REQUIRED', { exchange: refusedWithout('none') });
