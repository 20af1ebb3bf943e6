/**
 * What HTTP-NO-5XX and HTTP-JSON (§1, §7) state of any answer, errors included: not a 5xx; and no body, or a
 * JSON body declared as such. One judge per rule, so that the checks that share the same answers each fail
 * only on their own rule.
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';

/** The rules every answer is judged by, whatever was sent. */
export type AnswerRuleId = 'HTTP-NO-5XX' | 'HTTP-JSON';

/** One rule that judges any answer. */
export interface AnswerRule {
  readonly rule: AnswerRuleId;
  readonly what: string;
  readonly judge: (t: CheckContext, response: ApiResponse) => void;
}

/** A body, when there is one, is JSON and declared as such (§1: an HTTP and JSON backend). */
export function expectJson(t: CheckContext, response: ApiResponse): void {
  const empty = response.text.trim() === '';
  const contentType = response.headers['content-type'] ?? '(none)';
  t.assert(
    empty || (response.declaresJson && response.json !== undefined),
    'no body, or a JSON body with Content-Type: application/json',
    () => `Content-Type: ${contentType}, body: ${response.text.slice(0, 200)}`,
    response,
  );
}

/** HTTP-NO-5XX and HTTP-JSON, each judging every answer. */
export const ANSWER_RULES: readonly AnswerRule[] = [
  {
    rule: 'HTTP-NO-5XX',
    what: 'not answered with a 5xx',
    judge: (t, response) => t.expectStatus(response, 'not 5xx'),
  },
  { rule: 'HTTP-JSON', what: 'answered with JSON (or no body)', judge: expectJson },
];
