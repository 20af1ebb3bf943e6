import { rule } from '../../helpers/judge/rule.ts';
import { refusedAndUnchanged } from './refused.ts';

export default rule({
  id: 'AUTH-REQUIRED',
  level: 'MUST',
  section: '§5',
  title: 'Every endpoint called without `Authorization` answers 4xx, returns no `data`, and changes nothing.',
  ...refusedAndUnchanged('none'),
});
