/**
 * Depth of the HTTP basics (§1, §7; issue 10): malformed requests (`malformed.ts`), each answer judged by
 * HTTP-NO-5XX and by HTTP-JSON (`answers.ts`). Both profiles: the deterministic malformed requests, sent
 * once and judged by both rules. Deep: generated malformed requests from the share of `http/malformed`,
 * each sent once (a write too: the checks of the two rules share one answer) and judged by both rules.
 */
import { check } from '../../helpers/check/check.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploreCheck } from '../../helpers/depth/explore.ts';
import { ExplorationPool, type PoolClient } from '../../helpers/depth/pool.ts';
import { once } from '../../helpers/fixtures/once.ts';
import type { ApiClient } from '../../helpers/http/client.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import type { RunInfo } from '../../helpers/run/run-info.ts';
import { ANSWER_RULES } from './answers.ts';
import { boundaryRequests, type Ids, malformedRequests, type Sent, showSent } from './malformed.ts';

/** The answer to `sent`, sent once for all the checks of the pool (a write too: it is the same request). */
async function sharedAnswer(api: PoolClient, sent: Sent): Promise<ApiResponse> {
  const key = `${showSent(sent)}`;
  const { answer } = api.pool.sharedGet(key, () => api.send(sent.method, sent.path, sent.options));
  return answer;
}

export function malformedChecks(run: { info: RunInfo; api: ApiClient }, ids: () => Promise<Ids>): void {
  const { info, api } = run;
  const boundaries = once(async () => {
    const requests = boundaryRequests(await ids());
    return Promise.all(
      requests.map(async (sent) => ({
        sent,
        response: await api.send(sent.method, sent.path, sent.options),
      })),
    );
  });

  for (const answerRule of ANSWER_RULES) {
    check(
      answerRule.rule,
      `malformed ids, query parameters, body fields and unknown routes are ${answerRule.what}`,
      async (t) => {
        await judgeEach(t, {
          inputs: await boundaries(),
          show: ({ sent }) => showSent(sent),
          judge: async ({ response }) => {
            t.attach(response);
            answerRule.judge(t, response);
          },
        });
      },
      { writes: true },
    );
  }

  if (info.depth !== 'deep') return;
  const pool = new ExplorationPool('http/malformed', info);
  for (const answerRule of ANSWER_RULES) {
    exploreCheck(
      answerRule.rule,
      `generated malformed ids, query parameters, body fields and routes are ${answerRule.what}`,
      async (t) => ({
        name: 'http/malformed',
        pool,
        arbitrary: malformedRequests(await ids()),
        show: showSent,
        judge: async (sent: Sent, client: PoolClient) => {
          const response = await sharedAnswer(client, sent);
          t.attach(response);
          answerRule.judge(t, response);
        },
      }),
      { writes: true },
    );
  }
}
