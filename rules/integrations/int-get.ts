/** The values the run created it with; the URL in any equivalent spelling (`sameUrl`); `observes` as a set. */
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { expectIdAsked, INTEGRATION_READS, integrationOf, sameUrl } from './read.ts';

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
      expectIdAsked(x, t, data);
      const made = t.known.integration(x.params.id as string, x.sent);
      if (!made) return;
      const { sent } = made;
      for (const field of ['integration_type', 'name', 'description', 'enabled'] as const)
        t.expectEqual(data[field], sent[field], `data.${field}`, x.response);
      const events = (v: unknown) => (Array.isArray(v) ? [...new Set(v)].sort() : v);
      t.expectEqual(events(data.observes), events(sent.observes), 'data.observes (as a set)', x.response);
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
