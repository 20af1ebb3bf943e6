/**
 * A 503 with `Retry-After` is retried, never judged; a 501 to a method the path does not serve is allowed
 * (RFC 9110 §15.6.2).
 */
import { unimplemented } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'HTTP-NO-5XX',
  level: 'MUST',
  section: '§7',
  title: 'No request that the suite sends, valid or not, is answered with a 5xx.',
  exchange: {
    scope: { methods: ['*'], paths: ['*'], status: 'any', credentials: 'any' },
    judge: (x, t) => {
      t.need(
        !unimplemented(x),
        `501 to ${x.method}, a method the path does not serve (RFC 9110: not implemented)`,
      );
      t.expectStatus(x.response, 'not 5xx');
    },
  },
});
