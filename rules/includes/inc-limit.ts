/** §8 "Included resources per request: 5 (soft limit)": served, wholly or partly, or refused. */
import { INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { askedOf } from './read.ts';

export default rule({
  id: 'INC-LIMIT',
  level: 'SHOULD',
  section: '§8',
  title: 'More than 5 include values answer 2xx or 4xx.',
  exchange: {
    scope: { methods: ['GET'], paths: [...INCLUDING], status: 'not 5xx', query: ['include'] },
    judge: (x, t) => {
      const { names } = askedOf(x);
      t.need(names.length > MAX_INCLUDES, `include names at most ${MAX_INCLUDES}`);
      const { status, statusClass } = x.response;
      const expected = `status 2xx or 4xx (${names.length} include names)`;
      t.assert(statusClass === '2xx' || statusClass === '4xx', expected, String(status), x.response);
    },
  },
});
