import { SPEC_PATHS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { bodyOf, misshapen } from './read.ts';

export default rule({
  id: 'INC-SHAPE',
  level: 'MUST',
  section: '§4.3',
  title: '`included` is an object keyed by resource name, each value an array.',
  schemas: ['included'],
  exchange: {
    scope: { methods: ['GET', 'POST'], paths: SPEC_PATHS },
    judge: (x, t) => {
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      t.need('included' in body, 'no included section');
      const wrong = misshapen(body.included);
      t.assert(
        wrong === undefined,
        'included to be an object keyed by resource name, each value an array of entities (objects)',
        () => wrong ?? '',
        x.response,
      );
    },
  },
});
