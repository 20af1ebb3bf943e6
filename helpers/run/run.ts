import { inject } from 'vitest';
import { ApiClient } from '../http/client.ts';
import type { RunInfo } from './run-info.ts';

let cached: { info: RunInfo; api: ApiClient } | undefined;

/** The run's settings and a client for the target (inside a conformance suite worker). */
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
      }),
    };
  }
  return cached;
}
