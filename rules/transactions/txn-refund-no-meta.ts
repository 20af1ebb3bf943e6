import { REFUND } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onActionAnswer } from './read.ts';

export default rule({
  id: 'TXN-REFUND-NO-META',
  level: 'MUST',
  section: '§2.1',
  title: 'The refund response has no `meta`.',
  exchange: onActionAnswer(REFUND, (data, x, t) =>
    t.assert(!('meta' in data), 'no data.meta', () => JSON.stringify(data.meta), x.response),
  ),
});
