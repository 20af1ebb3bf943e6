/**
 * What the integration rules judge of a read: every successful `GET /v2/integrations/:id` (the run's own
 * integrations and the configured one alike), its `data` object. An answer without one is ENV-SINGLE's
 * failure; a read that succeeds for an id the run made up is INT-NOT-FOUND's, and for an integration the
 * run deleted INT-DELETE-GONE's: the rules of the integration's fields leave them unjudged.
 */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Answer } from '../../helpers/judge/answer.ts';
import type { Knowledge } from '../../helpers/judge/knowledge.ts';
import { type ExchangeVerdict, onExchanges } from '../../helpers/judge/rule.ts';
import type { Verdict } from '../../helpers/judge/verdict.ts';

/** An exchange verdict on the `data` of every successful read of an integration that may exist. */
export function onIntegrationRead(
  judge: (data: Record<string, unknown>, x: Answer, t: Verdict, known: Knowledge) => void,
): ExchangeVerdict {
  return onExchanges({ methods: ['GET'], paths: [INTEGRATION] }, (x, t, known) => {
    const id = x.params.id as string;
    t.need(!known.isMadeUp(id), 'an id the run made up: see INT-NOT-FOUND');
    t.need(!known.integration(id, x.sent)?.deleted, 'an integration the run deleted: see INT-DELETE-GONE');
    const data = x.response.data;
    t.need(
      isObject(data),
      'the answer is not { data: <object> }: no integration to look at (see ENV-SINGLE)',
    );
    judge(data as Record<string, unknown>, x, t, known);
  });
}
