/**
 * Judged on 1 to 5 names the run made up; names §2 shows no relationship for may be supported, so for them
 * only a 2xx whose `included` holds nothing fails.
 */
import { INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { askedOf, bodyOf, emptyIncluded, needOnlyIncludeInDoubt, RELATED } from './read.ts';

export default rule({
  id: 'INC-UNSUPPORTED',
  level: 'MUST',
  section: '§4.3',
  title: 'An include that the endpoint does not support answers 2xx with no `included` key.',
  exchange: {
    scope: { methods: ['GET'], paths: [...INCLUDING], status: 'not 5xx', query: ['include'] },
    judge: (x, t) => {
      const asked = askedOf(x);
      const madeUp = asked.names.every((name) => t.known.isMadeUpInclude(name));
      const shown = RELATED[x.template] ?? [];
      t.need(
        asked.names.length > 0 &&
          asked.names.length <= MAX_INCLUDES &&
          (madeUp || asked.names.every((name) => !shown.includes(name.toLowerCase()))),
        `include is not 1 to ${MAX_INCLUDES} names the run made up or that §2 shows no relationship for`,
      );
      if (!madeUp) {
        t.need(x.response.statusClass === '2xx', 'a refusal of a name the endpoint may or may not support');
        const body = bodyOf(x);
        t.need(
          !isObject(body) || !('included' in body) || emptyIncluded(body.included),
          'the answer includes entities: the endpoint supports a name §2 does not show',
        );
      }
      needOnlyIncludeInDoubt(x, t);
      if (x.response.statusClass === '4xx' && (asked.names.length > 1 || asked.values.length > 1))
        t.skip('a refusal of several names or of a repeated include key: not blamed on the names');
      t.expectStatus(x.response, '2xx');
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      const expected = `no included key (no name of ${show(asked.names)} is supported)`;
      t.assert(!('included' in body), expected, () => `included: ${show(body.included)}`, x.response);
    },
  },
});
