/**
 * What AUTH-REQUIRED and AUTH-INVALID (§5) ask of one request sent to an endpoint of §4 without valid
 * credentials: a 4xx that returns no `data`. "Changes nothing" takes reads before and after: the flows of
 * each rule's file, and the replay of writes (`probes/replay.ts`).
 */
import { SPEC_ENDPOINTS } from '../../helpers/catalogue/endpoints.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Answer } from '../../helpers/judge/answer.ts';
import { type ExchangeVerdict, onExchanges } from '../../helpers/judge/rule.ts';

/** The exchange verdict of both rules, for requests that carried `credentials`. */
export function refusedWithout(credentials: Answer['credentials']): ExchangeVerdict {
  return onExchanges(
    {
      methods: ['GET', 'POST', 'DELETE'],
      paths: [...new Set(SPEC_ENDPOINTS.map((e) => e.path))],
      status: 'not 5xx',
      credentials,
    },
    (x, t) => {
      t.need(
        SPEC_ENDPOINTS.some((e) => e.method === x.method && e.path === x.template),
        'not an endpoint of §4',
      );
      t.expectStatus(x.response, '4xx');
      const body = x.response.json;
      t.assert(
        !(isObject(body) && 'data' in body),
        'no data in the answer',
        () => `data: ${JSON.stringify((body as Record<string, unknown>).data).slice(0, 300)}`,
        x.response,
      );
    },
  );
}
