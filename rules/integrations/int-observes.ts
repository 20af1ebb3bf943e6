import { rule } from '../../helpers/judge/rule.ts';
import { onIntegration } from './read.ts';

export default rule({
  id: 'INT-OBSERVES',
  level: 'MUST',
  section: '§6',
  title: 'Each `observes` entry has the form `<resource>.<action>`.',
  exchange: onIntegration((data, x, t) => {
    const observes = t.expectArray(data.observes, 'data.observes', x.response);
    observes.forEach((entry, i) => {
      t.assert(
        typeof entry === 'string' && /^[^.\s]+\.[^.\s]+$/.test(entry),
        `data.observes[${i}] of the form <resource>.<action>`,
        JSON.stringify(entry),
        x.response,
      );
    });
  }),
});
