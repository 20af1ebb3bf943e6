/** AUTH-INVALID (§5): every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and changes nothing. */
import { rule } from '../../helpers/judge/rule.ts';
import { refusedWithout } from './refused.ts';

export default rule('AUTH-INVALID', { exchange: refusedWithout('other') });
