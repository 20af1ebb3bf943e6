import { inject } from 'vitest';
import { useRunLedger } from '../fixtures/cleanup.ts';
import { Ledger } from '../fixtures/ledger.ts';
import { ApiClient } from '../http/client.ts';
import { DEFAULT_RETRY_POLICY } from '../http/retry.ts';
import type { RunInfo } from './run-info.ts';
import { sentJournal } from './sent.ts';

let cached: { info: RunInfo; api: ApiClient } | undefined;

/**
 * The run's settings and a client for the target (inside a conformance suite worker). Also points every
 * `Cleanup` of the thread at the run's ledger.
 */
export function currentRun(): { info: RunInfo; api: ApiClient } {
  if (!cached) {
    const info = inject('run');
    if (!info) {
      throw new Error('No run information: conformance suites run through the "conformance" vitest project');
    }
    cached = {
      info,
      api: new ApiClient({
        baseUrl: info.baseUrl,
        token: info.token,
        timeoutMs: info.timeoutMs,
        secrets: info.secrets,
        retry: { ...DEFAULT_RETRY_POLICY, retries: info.retries },
        onSent: (sent) => sentJournal.note(sent),
      }),
    };
    useRunLedger({
      ledger: new Ledger(info.ledgerFile),
      baseUrl: info.baseUrl,
      embedded: info.embedded,
      runTag: info.runTag,
    });
  }
  return cached;
}
