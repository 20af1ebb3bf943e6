/** Hand-made exchanges, checks and reports for the command line's unit tests. */

import { buildReport, type RunDescription } from '../../cli/report/build.ts';
import { toCheckResult } from '../../cli/report/evidence.ts';
import type { ConformanceReport } from '../../cli/report/model.ts';
import type { Outcome } from '../../helpers/check/outcome.ts';
import type { Evidence } from '../../helpers/http/evidence.ts';

/** An exchange; `status` undefined: a transport error. */
export function exchange(method: string, url: string, status?: number, body = '{}'): Evidence {
  return {
    request: { method, url, headers: { authorization: 'Bearer [redacted]', accept: 'application/json' } },
    ...(status === undefined
      ? { error: 'connection refused' }
      : { response: { status, headers: { 'content-type': 'application/json' }, body } }),
    durationMs: 3,
    curl: `curl -i -g -X ${method} '${url}'`,
  };
}

/** A collected check of `ruleId` (its level is taken from the name, `ID LEVEL: title`). */
export function collected(ruleId: string, status: Outcome['status'], extra: Partial<Outcome> = {}): Outcome {
  return { ruleId, name: `${ruleId} MUST: a check`, status, exchanges: [], ...extra };
}

/** The run description used by the tests. */
export const RUN: RunDescription = {
  suiteVersion: '0.1.0',
  target: 'http://127.0.0.1:4010',
  embedded: false,
  startedAt: '2026-11-21T10:00:00.000Z',
  durationMs: 1234,
  readOnly: false,
  strict: false,
};

/** A report built from collected checks. */
export function report(checks: readonly Outcome[], run: Partial<RunDescription> = {}): ConformanceReport {
  return buildReport(
    { ...RUN, ...run },
    checks.map((c) => ({ ruleId: c.ruleId, check: toCheckResult(c) })),
  );
}

/**
 * A report with one failed MUST check whose response body holds `body`, of a run filtered to the two rules it
 * has checks of (so that no other MUST rule leaves it incomplete).
 */
export function failingReport(body: string, run: Partial<RunDescription> = {}): ConformanceReport {
  const bad = exchange('GET', 'http://127.0.0.1:4010/v2/integrations/abc', 200, body);
  return report(
    [
      collected('INT-SELF-LINK', 'failed', {
        message:
          'INT-SELF-LINK MUST §2.2: expected data.links.self to be an absolute URL, got undefined (GET http://127.0.0.1:4010/v2/integrations/abc)',
        exchanges: [exchange('POST', 'http://127.0.0.1:4010/v2/integrations', 201), bad],
        keyExchange: bad,
      }),
      collected('INT-GET', 'passed', { exchanges: [bad] }),
    ],
    { filter: { rules: ['INT-SELF-LINK', 'INT-GET'], areas: [] }, ...run },
  );
}
