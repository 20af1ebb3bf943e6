/** An id the run made up, the id of a record of another kind, or (deleting) an integration it deleted. */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'INT-NOT-FOUND',
  level: 'SHOULD',
  section: '§4.2',
  title: 'Reading or deleting an id that does not exist answers 4xx.',
  exchange: {
    scope: { methods: ['GET', 'DELETE'], paths: [INTEGRATION], status: 'any' },
    judge: (x, t) => {
      const id = x.params.id as string;
      const kind = t.known.kindOf(id, x.sent);
      // A read of a deleted one is INT-DELETE-GONE's; a delete of it names nothing any more.
      const deleted = x.method === 'DELETE' && kind === 'integration' && t.known.isDeleted(id, x.sent);
      t.need(
        t.known.isMadeUp(id) || (kind !== undefined && kind !== 'integration') || deleted,
        'not an id the run made up, one of another kind of record, or a deleted integration',
      );
      t.expectStatus(x.response, '4xx');
    },
  },
});
