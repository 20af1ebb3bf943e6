import { rule } from '../../helpers/judge/rule.ts';
import { INTEGRATION_READS, integrationOf } from './read.ts';

export default rule({
  id: 'INT-OBSERVES',
  level: 'MUST',
  section: '§6',
  title: 'Each `observes` entry has the form `<resource>.<action>`.',
  exchange: {
    scope: INTEGRATION_READS,
    judge: (x, t) => {
      const data = integrationOf(x, t);
      const observes = t.expectArray(data.observes, 'data.observes', x.response);
      observes.forEach((entry, i) => {
        t.assert(
          typeof entry === 'string' && /^[^.\s]+\.[^.\s]+$/.test(entry),
          `data.observes[${i}] of the form <resource>.<action>`,
          JSON.stringify(entry),
          x.response,
        );
      });
    },
  },
});
