/**
 * INC-UNSUPPORTED (§4.3 include rule 4): an include that the endpoint does not support answers 2xx with no
 * `included` key. Judged on every request to an endpoint that takes `include` whose names (1 to 5, beyond
 * the soft limit of §8 a refusal is allowed) are all names the run made up, in whatever case or spaces: no
 * target supports them. A refusal of several names, or of a repeated `include` key, is not blamed on the
 * names being unsupported (a target may refuse a repeated key; another rule judges several names).
 */
import { CATEGORY, INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { askedOf, bodyOf, onlyIncludeInDoubt } from './read.ts';

export default rule({
  id: 'INC-UNSUPPORTED',
  level: 'MUST',
  section: '§4.3',
  title: 'An include that the endpoint does not support answers 2xx with no `included` key.',
  exchange: {
    scope: { methods: ['GET'], paths: [...INCLUDING], status: 'not 5xx', query: ['include'] },
    judge: (x, t) => {
      const asked = askedOf(x);
      t.need(
        asked.names.length > 0 &&
          asked.names.length <= MAX_INCLUDES &&
          asked.names.every((name) => t.known.isMadeUpInclude(name)),
        `include is not 1 to ${MAX_INCLUDES} names the run made up`,
      );
      t.need(
        x.template !== CATEGORY || !t.known.isMadeUp(x.params.id as string),
        'a category id the run made up',
      );
      t.need(onlyIncludeInDoubt(x), 'the request has page or other parameters a target may refuse');
      if (x.response.statusClass === '4xx' && (asked.names.length > 1 || asked.values.length > 1))
        t.skip('a refusal of several names or of a repeated include key: not blamed on the names');
      t.expectStatus(x.response, '2xx');
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      t.assert(
        !('included' in body),
        `no included key (no name of ${show(asked.names)} is supported)`,
        () => `included: ${show(body.included)}`,
        x.response,
      );
    },
  },
});
