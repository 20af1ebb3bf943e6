/** INT-OBSERVES (§2.2, §6): each `observes` entry has the form `<resource>.<action>`. */
import { rule } from '../../helpers/judge/rule.ts';
import { onIntegrationRead } from './read.ts';

export default rule('INT-OBSERVES', {
  exchange: onIntegrationRead((data, x, t) => {
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
