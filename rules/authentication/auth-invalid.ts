import { rule } from '../../helpers/judge/rule.ts';
import { refusedAndUnchanged } from './refused.ts';

export default rule({
  id: 'AUTH-INVALID',
  level: 'MUST',
  section: '§5',
  title:
    'Every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and changes nothing.',
  ...refusedAndUnchanged('other'),
});
