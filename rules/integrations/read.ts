/**
 * What the integration rules judge of a read: every successful `GET /v2/integrations/:id` (the run's own
 * integrations and the configured one alike), its `data` object. An answer without one is the envelope
 * rules' failure; a read that succeeds for an id the run made up, or for an integration the run deleted, is
 * the failure of the rules about those reads: the rules of the integration's fields leave them unjudged.
 */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import type { Scope } from '../../helpers/judge/judging.ts';

/** The successful reads of an integration. */
export const INTEGRATION_READS: Scope = { methods: ['GET'], paths: [INTEGRATION] };

/** The `data` of a successful read of an integration that may exist; ends the judgement otherwise. */
export function integrationOf(x: Answered, t: Judgement): Record<string, unknown> {
  const id = x.params.id as string;
  t.need(!t.known.isMadeUp(id), 'an id the run made up');
  t.need(!t.known.integration(id, x.sent)?.deleted, 'an integration the run deleted');
  const data = x.response.data;
  return t.need(
    isObject(data) ? data : undefined,
    'the answer is not { data: <object> }: no integration to look at',
  );
}
