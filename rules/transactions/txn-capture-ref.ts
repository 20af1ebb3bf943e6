/** A target may refuse a reference: its length and alphabet are not shown. */
import { CAPTURE } from '../../helpers/catalogue/endpoints.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onActionAnswer } from './read.ts';

export default rule({
  id: 'TXN-CAPTURE-REF',
  level: 'MUST',
  section: '§4.1',
  title: 'A capture sent with a `custom_reference` answers with the same `custom_reference`, unchanged.',
  exchange: onActionAnswer(CAPTURE, (data, x, t) => {
    const sent = isObject(x.body) && isObject(x.body.data) ? x.body.data.custom_reference : undefined;
    t.need(typeof sent === 'string', 'a capture without a custom_reference');
    t.expectEqual(data.custom_reference, sent, 'data.custom_reference', x.response);
  }),
});
