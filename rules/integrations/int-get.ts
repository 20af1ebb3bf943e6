/**
 * INT-GET (§2.2, §4.2): the integration read is the one asked for (`data.id` is `:id`) and carries the values
 * it was created with: type, name, description, enabled, observes, configuration.url, unchanged (the run's
 * knowledge of what it sent, for the integrations it made).
 */
import { isObject } from '../../helpers/http/response.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { INTEGRATION_READS, integrationOf } from './read.ts';

export default rule({
  id: 'INT-GET',
  level: 'MUST',
  section: '§4.2',
  title:
    'The integration read is the one asked for (`id` equals `:id`) and carries the values it was created with.',
  exchange: {
    scope: INTEGRATION_READS,
    judge: (x, t) => {
      const data = integrationOf(x, t);
      t.assert(
        sameId(data.id, x.params.id),
        `data.id = ${JSON.stringify(x.params.id)}`,
        () => JSON.stringify(data.id),
        x.response,
      );
      const made = t.known.integration(x.params.id as string, x.sent);
      if (!made) return;
      const { sent } = made;
      for (const field of ['integration_type', 'name', 'description', 'enabled', 'observes'] as const) {
        t.expectEqual(data[field], sent[field], `data.${field}`, x.response);
      }
      const configuration = isObject(data.configuration) ? data.configuration : {};
      t.expectEqual(configuration.url, sent.configuration.url, 'data.configuration.url', x.response);
    },
  },
});
