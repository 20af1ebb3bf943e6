/**
 * The proxy in this process, for tests and the benchmark: started on a free loopback port in front of
 * `target`, with its lines kept; `stop()` stops it and gives its outcome (the reports written).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunOutcome } from '../../cli/run.ts';
import { runProxy } from '../../cli/traffic/proxy.ts';

export interface StartedProxy {
  /** Where it listens: `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Everything it printed (`listening …`, `FAIL …`). */
  readonly lines: readonly string[];
  readonly stop: () => Promise<RunOutcome>;
}

export async function startProxy(
  target: string,
  options: { readonly maxBody?: number } = {},
): Promise<StartedProxy> {
  const controller = new AbortController();
  const lines: string[] = [];
  let ready: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    ready = resolve;
  });
  const outcome = runProxy({
    target,
    host: '127.0.0.1',
    port: 0,
    strict: false,
    env: { CONFORMANCE_REPORT_DIR: mkdtempSync(join(tmpdir(), 'proxy-')) },
    ...(options.maxBody !== undefined ? { maxBody: options.maxBody } : {}),
    out: (line) => {
      lines.push(line);
      if (line.startsWith('listening ')) ready(line.slice('listening '.length));
    },
    err: (line) => lines.push(line),
    signal: controller.signal,
  });
  const url = await Promise.race([
    listening,
    outcome.then((o): never => {
      throw new Error(`the proxy did not start: ${o.message ?? `exit code ${o.exitCode}`}`);
    }),
  ]);
  return {
    url,
    lines,
    stop: () => {
      controller.abort();
      return outcome;
    },
  };
}
