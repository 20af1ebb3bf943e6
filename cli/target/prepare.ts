import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ConformanceConfig, loadConfig } from '../../helpers/config/config.ts';
import type { Journal } from '../../helpers/http/journal.ts';
import { randomSeed } from '../../helpers/inputs/profile.ts';
import { runGate } from '../../helpers/listing/gate.ts';
import { LEDGER_FILE, Ledger } from '../../helpers/provisioning/ledger.ts';
import { sweepLedger } from '../../helpers/provisioning/sweep.ts';
import { clientOf } from '../../helpers/run/session.ts';
import type { Settings } from '../../helpers/run/settings.ts';
import { connect, preflight } from '../../helpers/target/preflight.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { RULES, type RuleId } from '../../rules/catalogue.ts';

/**
 * Resolves the target of a run (the configured one, or a fresh embedded reference server) and runs the
 * preflight, its requests recorded in `journal`; returns the run information and what releases the target.
 */
export async function prepareTarget(
  config: ConformanceConfig,
  rules: readonly RuleId[] = RULES.map((r) => r.id),
  journal?: Journal,
): Promise<{ info: Settings; release: () => Promise<void> }> {
  const access = (baseUrl: string) => ({ ...config, baseUrl, journal });
  let target: { baseUrl: string; token: string; secrets: string[]; release: () => Promise<void> };
  if (config.baseUrl === undefined) {
    const server = await startReferenceServer({ port: 0, defaultPageLimit: config.defaultPageLimit });
    target = { baseUrl: server.url, token: server.token, secrets: [], release: () => server.close() };
    await preflight(access(server.url), server.token).catch(async (error) => {
      await server.close();
      throw error;
    });
  } else {
    const connected = await connect(access(config.baseUrl), config.credentials);
    target = { baseUrl: config.baseUrl, ...connected, release: async () => {} };
  }
  const { baseUrl, token, secrets, release } = target;
  // A short tag that marks every record of this run (names, slugs), e.g. `cc-k3x9q2ab`.
  const runTag = `cc-${randomBytes(5).toString('hex').slice(0, 8)}`;
  const { credentials: _credentials, seed, ...configured } = config;
  return {
    info: {
      ...configured,
      baseUrl,
      token,
      secrets,
      embedded: config.baseUrl === undefined,
      ledgerFile: join(resolve(config.reportDir), LEDGER_FILE),
      runTag,
      seed: seed ?? randomSeed(),
      rules,
    },
    // The suites' threads ordered their writes to a listing through the run's gate: its folder goes too.
    release: async () => {
      rmSync(runGate(runTag).folder, { recursive: true, force: true });
      await release();
    },
  };
}

/** The target of a run started by vitest itself, and a teardown that sweeps the ledger and releases it. */
export async function prepareStandaloneTarget(): Promise<{ info: Settings; teardown: () => Promise<void> }> {
  const { info, release } = await prepareTarget(loadConfig());
  const teardown = async () => {
    if (!info.readOnly)
      await sweepLedger(new Ledger(info.ledgerFile), clientOf(info), (entry) => entry.runTag === info.runTag);
    await release();
  };
  return { info, teardown };
}
