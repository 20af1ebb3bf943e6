/**
 * HTTP-NO-5XX (§7): no request that the suite sends, valid or not, is answered with a 5xx. A 503 with
 * `Retry-After` is the target declining the request for now (it is retried), never judged.
 */
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'HTTP-NO-5XX',
  level: 'MUST',
  section: '§7',
  title: 'No request that the suite sends, valid or not, is answered with a 5xx.',
  exchange: {
    scope: {
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      paths: ['*'],
      status: 'any',
      credentials: 'any',
    },
    judge: (x, t) => t.expectStatus(x.response, 'not 5xx'),
  },
});
