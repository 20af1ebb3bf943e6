/**
 * INT-GET (§2.2, §4.2): the integration read is the one asked for (`data.id` is `:id`) and carries the values
 * it was created with: type, name, description, enabled, observes unchanged, configuration.url the same URL
 * (its query string and path unchanged, in any of its equivalent spellings: `read.ts`), by the run's
 * knowledge of what it sent, for the integrations it made. A refusal fails when its sender had the same read,
 * in another spelling, answered 2xx just before (equivalent spellings are answered alike).
 */
import { isObject } from '../../helpers/http/response.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { INTEGRATION_READS, integrationOf, sameUrl } from './read.ts';

export default rule({
  id: 'INT-GET',
  level: 'MUST',
  section: '§4.2',
  title:
    'The integration read is the one asked for (`id` equals `:id`) and carries the values it was created with.',
  exchange: {
    scope: { ...INTEGRATION_READS, status: 'not 5xx' },
    judge: (x, t) => {
      if (!x.response.ok) return t.expectServedAlike(x);
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
      t.assert(
        sameUrl(sent.configuration.url, configuration.url),
        `data.configuration.url to be the URL sent, ${JSON.stringify(sent.configuration.url)} (in any of its equivalent spellings)`,
        () => JSON.stringify(configuration.url),
        x.response,
      );
    },
  },
});
