/**
 * Judged on 1 to 5 names, none one §2 shows spelt as it does: whatever they are, a refusal fails (§4.3 rule 4;
 * `include-names` in docs/open-points.json: no reading refuses a name). The `included` key is judged on names the
 * run made up; names §2 shows no relationship for may be supported, so for them only a 2xx whose `included`
 * holds nothing fails; names §2 shows spelt otherwise (case, spaces) may be supported as they are.
 */
import { INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
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
      const shown = RELATED[x.template] ?? [];
      t.need(
        asked.names.length > 0 &&
          asked.names.length <= MAX_INCLUDES &&
          !asked.names.some((name) => shown.includes(name)),
        `include is not 1 to ${MAX_INCLUDES} names of which none is one §2 shows, spelt as it does`,
      );
      needOnlyIncludeInDoubt(x, t);
      if (x.response.statusClass === '4xx' && (asked.names.length > 1 || asked.values.length > 1))
        t.skip('a refusal of several names or of a repeated include key: not blamed on the names');
      // Supported or not, in any reading of how names match (any case, spaces kept), a name answers 2xx.
      t.expectStatus(x.response, '2xx');
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      if (!asked.names.every((name) => t.known.isMadeUpInclude(name))) {
        t.need(
          asked.names.every((name) => !shown.includes(name.trim().toLowerCase())),
          'a name §2 shows, spelt otherwise: the endpoint may support it',
        );
        t.need(
          !('included' in body) || emptyIncluded(body.included),
          'the answer includes entities: the endpoint supports a name §2 does not show',
        );
      }
      const expected = `no included key (no name of ${show(asked.names)} is supported)`;
      t.assert(!('included' in body), expected, () => `included: ${show(body.included)}`, x.response);
    },
  },
});
