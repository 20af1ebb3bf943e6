/** Judged on every delete of an integration the run made and had not deleted yet: it must succeed. */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { expectIdAsked } from './read.ts';

export default rule({
  id: 'INT-DELETE',
  level: 'MUST',
  section: '§4.2',
  title: '`DELETE /v2/integrations/:id` answers `{data: {type: "integration", id: <id>}}`.',
  exchange: {
    scope: { methods: ['DELETE'], paths: [INTEGRATION], status: 'not 5xx' },
    judge: (x, t) => {
      const made = t.known.integration(x.params.id as string, x.sent);
      t.need(made && !made.deleted, 'not an integration of the run that exists');
      t.expectStatus(x.response, '2xx');
      const data = t.expectObject(x.response.data, 'data', x.response);
      t.expectEqual(data.type, 'integration', 'data.type', x.response);
      expectIdAsked(x, t, data);
    },
  },
});
