/**
 * `traffic FILE.har...`: judges recorded traffic by the exchange rules and writes the usual reports. Only the
 * entries under the base URL (`--base-url`, else the recording's one API) are kept.
 */
import { basename, dirname } from 'node:path';
import { type Environment, parseBaseUrl } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import type { CommandOf } from '../args.ts';
import { outcomeOf, type RunOutcome } from '../run.ts';
import { HarError, namesAuthorization, readHar } from './har.ts';
import { readEntry } from './har-entry.ts';
import { noVerdict, PassiveJudging, passiveSettings } from './passive.ts';
import { apiBase, fromHar } from './recorded.ts';

const UNKNOWN_CREDENTIALS =
  'The recording holds no Authorization header anywhere (a sanitized export leaves them out): what each request carried is unknown, so only HTTP-JSON and HTTP-NO-5XX judge its exchanges.';

/** `onJudged` is called before the reports are written: one line on what was judged. */
export async function runTraffic(
  options: Omit<CommandOf<'traffic'>, 'settings'> & { env: Environment; onJudged?: (line: string) => void },
): Promise<RunOutcome> {
  const files = options.files.join(', ');
  const given = options.env.CONFORMANCE_BASE_URL?.trim() || undefined;
  let base: string | undefined;
  let passive: PassiveJudging | undefined;
  let credentialsKnown = false;
  /** The entries not judged, by reason, for an exit code 2 to name. */
  const notJudgedIn = new Map<string, string[]>();
  try {
    // User information in the base URL names no other API: recordings are matched without it.
    base = parseBaseUrl(given?.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1'));
    for (const file of options.files) credentialsKnown ||= await namesAuthorization(file);
    for (const file of options.files) {
      for await (const { index, entry } of readHar(file)) {
        const name = `${basename(file)} entry ${index}`;
        try {
          const read = readEntry(entry, dirname(file));
          const found = read.kind === 'exchange' ? apiBase(read.exchange.url) : undefined;
          if (base === undefined && found === undefined) continue;
          base ??= found as string;
          if (!given && found !== undefined && found !== base) {
            return noVerdict(
              `The recording holds requests to several APIs (${base}, ${found} in ${name}): give the one to judge with --base-url`,
            );
          }
          passive ??= new PassiveJudging(passiveSettings(base, options.env));
          const started = read.kind === 'exchange' && read.exchange.startedDateTime;
          const source = {
            kind: 'recording' as const,
            name: `${name}${started ? ` (started ${started})` : ''}`,
          };
          const recorded =
            read.kind === 'exchange'
              ? fromHar(read.exchange, base, source, passive.now(), passive.secrets, credentialsKnown)
              : ({ kind: 'not judged', reason: read.reason } as const);
          if (recorded.kind === 'not judged')
            notJudgedIn.set(recorded.reason, [...(notJudgedIn.get(recorded.reason) ?? []), name]);
          passive.add(recorded);
        } catch (error) {
          throw new HarError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
  } catch (error) {
    if (!(error instanceof HarError || error instanceof ConfigError)) throw error;
    return noVerdict(error.message);
  }
  const summary = passive?.summary(options.files);
  if (!passive || !summary?.exchanges)
    return noVerdict(
      `${files}: no exchange of the API${base ? ` under ${base}/v2` : ' (no request to a /v2 path)'}`,
    );
  if (summary.judged === 0) {
    return noVerdict(
      `${files}: no verdict, none of the ${summary.exchanges} exchange(s) with ${base}/v2 could be judged (${[...notJudgedIn].map(([why, names]) => `${names.length} ${why}: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`).join('; ')}). No report written.`,
    );
  }
  if (!credentialsKnown) passive.notes.push(UNKNOWN_CREDENTIALS);
  const notJudged = summary.notJudged.map((n) => `${n.count} ${n.reason}`).join('; ');
  options.onJudged?.(
    `Judged ${summary.judged} of ${summary.exchanges} exchanges with ${base}${notJudged ? ` (not judged: ${notJudged})` : ''}.${credentialsKnown ? '' : ` ${UNKNOWN_CREDENTIALS}`}`,
  );
  const sources = options.files.map((f) => basename(f));
  return outcomeOf(passive.write(sources, options.strict, options.env));
}
