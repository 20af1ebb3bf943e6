/**
 * `traffic FILE.har [FILE.har ...]`: judges recorded traffic by the exchange rules and writes the usual
 * reports. It sends no request. The entries kept are those under the base URL (`--base-url`, else the one
 * base of the recording's `/v2` requests); every other entry is ignored.
 */
import { basename } from 'node:path';
import { type Environment, parseBaseUrl } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import type { RunOutcome } from '../run.ts';
import { HarError, readHar } from './har.ts';
import { PassiveJudging, passiveSettings } from './passive.ts';
import { apiBase, fromHar } from './recorded.ts';

export interface TrafficOptions {
  readonly files: readonly string[];
  readonly strict: boolean;
  /** The settings, flags applied: CONFORMANCE_BASE_URL, _REPORT_DIR, _LABEL, _DEFAULT_PAGE_LIMIT. */
  readonly env: Environment;
  /** Called once the judging is done, before the reports are written: one line on what was judged. */
  readonly onJudged?: (line: string) => void;
}

/** Several bases in a recording without `--base-url`. */
class SeveralBases extends Error {}

export async function runTraffic(options: TrafficOptions): Promise<RunOutcome> {
  let base: string | undefined;
  try {
    base = parseBaseUrl(options.env.CONFORMANCE_BASE_URL?.trim() || undefined);
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: 2, message: error.message };
    throw error;
  }
  let passive: PassiveJudging | undefined;
  try {
    for (const file of options.files) {
      for await (const { index, entry } of readHar(file)) {
        if (base === undefined) {
          const found = apiBase(entry.request.url);
          if (found === undefined) continue;
          base = found;
        } else if (!options.env.CONFORMANCE_BASE_URL?.trim()) {
          const found = apiBase(entry.request.url);
          if (found !== undefined && found !== base) throw new SeveralBases(`${base}, ${found}`);
        }
        passive ??= new PassiveJudging(passiveSettings(base, options.env));
        const source = {
          kind: 'recording' as const,
          name: `${basename(file)} entry ${index}${entry.startedDateTime ? ` (started ${entry.startedDateTime})` : ''}`,
        };
        passive.add(fromHar(entry, base, source, passive.now(), passive.secrets));
      }
    }
  } catch (error) {
    if (error instanceof HarError || error instanceof ConfigError)
      return { exitCode: 2, message: error.message };
    if (error instanceof SeveralBases) {
      return {
        exitCode: 2,
        message: `The recording holds requests to several APIs (${error.message}): give the one to judge with --base-url`,
      };
    }
    throw error;
  }
  const summary = passive?.summary(options.files);
  if (!passive || !summary || summary.exchanges === 0) {
    return {
      exitCode: 2,
      message: `${options.files.join(', ')}: no exchange of the API${base ? ` under ${base}/v2` : ' (no request to a /v2 path)'}`,
    };
  }
  const notJudged = summary.notJudged.map((n) => `${n.count} ${n.reason}`).join('; ');
  options.onJudged?.(
    `Judged ${summary.judged} of ${summary.exchanges} exchanges with ${base}${notJudged ? ` (not judged: ${notJudged})` : ''}.`,
  );
  const written = passive.write(options.env.CONFORMANCE_REPORT_DIR?.trim() || 'reports', {
    sources: options.files.map((f) => basename(f)),
    strict: options.strict,
    env: options.env,
  });
  return {
    exitCode: written.report.errors.length > 0 ? 2 : written.report.verdict.exitCode,
    report: written.report,
    files: written.files,
    notes: [written.previousProblem, written.historyProblem].filter((n): n is string => !!n),
  };
}
