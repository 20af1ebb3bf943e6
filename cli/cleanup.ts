import { join, resolve } from 'node:path';
import { type Environment, loadConfig } from '../helpers/config/config.ts';
import { ConfigError } from '../helpers/config/errors.ts';
import { LEDGER_FILE, Ledger, type LedgerEntry } from '../helpers/provisioning/ledger.ts';
import { sweepLedger } from '../helpers/provisioning/sweep.ts';
import { clientOf } from '../helpers/run/session.ts';
import { connect, PreflightError } from '../helpers/target/preflight.ts';
import type { Output } from './args.ts';

/**
 * `cleanup`: deletes every record of the configured target listed in `<report dir>/ledger.json` (records of
 * embedded reference servers are dropped: those servers are gone). 0: the ledger is empty afterwards; 1: not.
 */
export async function runCleanup(env: Environment, { out, err }: Output): Promise<0 | 1 | 2> {
  let config: ReturnType<typeof loadConfig>;
  let ledger: Ledger | undefined;
  let entries: LedgerEntry[];
  try {
    config = loadConfig(env);
    ledger = new Ledger(join(resolve(config.reportDir), LEDGER_FILE));
    entries = ledger.read();
  } catch (error) {
    if (!ledger && !(error instanceof ConfigError)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    err(ledger ? `cleanup: cannot read ${ledger.file}: ${message}` : message);
    return 2;
  }
  if (entries.length === 0) {
    out(`cleanup: ${ledger.file} lists no record: nothing to do.`);
    return 0;
  }
  const dropped = entries.filter((e) => e.embedded);
  for (const entry of dropped) ledger.remove(entry.kind, entry.id);
  if (dropped.length > 0)
    out(
      `cleanup: ${dropped.length} record(s) of embedded reference servers dropped (those servers are gone).`,
    );
  const remote = entries.filter((e) => !e.embedded);
  if (remote.length === 0) return 0;
  if (config.baseUrl === undefined || config.credentials.kind === 'embedded') {
    err(
      `cleanup: ${remote.length} record(s) of ${remote[0]?.baseUrl} remain: give CONFORMANCE_BASE_URL and CONFORMANCE_TOKEN (or the client credentials) of that target.`,
    );
    return 2;
  }
  const baseUrl = config.baseUrl;
  const connected = await connect({ ...config, baseUrl }, config.credentials).catch((error) => {
    if (!(error instanceof PreflightError)) throw error;
    err(error.message);
  });
  if (!connected) return 2;
  const api = clientOf({ ...config, baseUrl, ...connected });
  const others = remote.filter((e) => e.baseUrl !== baseUrl);
  const result = await sweepLedger(ledger, api, (e) => !e.embedded && e.baseUrl === baseUrl);
  for (const entry of result.removed) out(`deleted ${entry.kind} ${entry.id} (run ${entry.runTag})`);
  for (const { entry, reason } of result.failed) err(`could not delete ${entry.kind} ${entry.id}: ${reason}`);
  if (others.length > 0)
    err(
      `cleanup: ${others.length} record(s) belong to another target (${others[0]?.baseUrl}): left in the ledger.`,
    );
  const left = ledger.read().length;
  out(`cleanup: ${result.removed.length} record(s) deleted from ${baseUrl}; ${left} left in ${ledger.file}.`);
  return left === 0 ? 0 : 1;
}
