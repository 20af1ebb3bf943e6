import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startReferenceServer } from '../../reference/server.ts';
import { type ConformanceConfig, loadConfig } from '../config/config.ts';
import { randomSeed } from '../depth/profile.ts';
import { LEDGER_FILE, Ledger } from '../fixtures/ledger.ts';
import { sweepLedger } from '../fixtures/sweep.ts';
import { ApiClient } from '../http/client.ts';
import { DEFAULT_RETRY_POLICY } from '../http/retry.ts';
import type { RunInfo } from '../run/run-info.ts';
import { exchangeClientCredentials, preflight } from './preflight.ts';

/** A short tag that marks every record of this run (names, slugs), e.g. `cc-k3x9q2ab`. */
export function newRunTag(): string {
  return `cc-${randomBytes(5).toString('hex').slice(0, 8)}`;
}

/**
 * Resolves the target of a run: the configured base URL and token (exchanging client credentials when
 * given), or a freshly started embedded reference server. Runs the preflight. Returns the run information
 * and a function that releases what was started.
 */
export async function prepareTarget(
  config: ConformanceConfig,
): Promise<{ info: RunInfo; release: () => Promise<void> }> {
  let baseUrl: string;
  let token: string;
  let release = async (): Promise<void> => {};
  const secrets: string[] = [];
  if (config.baseUrl === undefined) {
    const server = await startReferenceServer({ port: 0, defaultPageLimit: config.defaultPageLimit });
    baseUrl = server.url;
    token = server.token;
    release = () => server.close();
  } else {
    baseUrl = config.baseUrl;
    const access = { baseUrl, timeoutMs: config.timeoutMs, retries: config.retries };
    if (config.credentials.kind === 'client') {
      secrets.push(config.credentials.clientSecret);
      token = await exchangeClientCredentials(
        access,
        config.credentials.clientId,
        config.credentials.clientSecret,
      );
    } else if (config.credentials.kind === 'token') {
      token = config.credentials.token;
    } else {
      throw new Error('unreachable: a base URL without credentials is refused by loadConfig');
    }
  }
  try {
    await preflight({ baseUrl, timeoutMs: config.timeoutMs, retries: config.retries }, token);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    info: {
      baseUrl,
      token,
      secrets,
      embedded: config.baseUrl === undefined,
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      ledgerFile: join(resolve(config.reportDir), LEDGER_FILE),
      paymentToken: config.paymentToken,
      defaultPageLimit: config.defaultPageLimit,
      readOnly: config.readOnly,
      existingIds: config.existingIds,
      runTag: newRunTag(),
      depth: config.depth,
      seed: config.seed ?? randomSeed(),
      requestBudget: config.requestBudget,
    },
    release,
  };
}

/**
 * vitest global setup of the `conformance` project (runs once, in the main process). Does nothing when the
 * run information was provided already: the command line prepares (and releases) the target itself.
 * Otherwise prepares the target, and at the end deletes what the ledger still lists of the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.getProvidedContext().run) return async () => {};
  const config = loadConfig();
  const { info, release } = await prepareTarget(config);
  project.provide('run', info);
  return async () => {
    // Whatever the suites' own cleanup left of this run (a failed delete) is deleted from the ledger.
    if (!info.readOnly) {
      const api = new ApiClient({
        baseUrl: info.baseUrl,
        token: info.token,
        secrets: info.secrets,
        timeoutMs: info.timeoutMs,
        retry: { ...DEFAULT_RETRY_POLICY, retries: info.retries },
      });
      await sweepLedger(new Ledger(info.ledgerFile), api, (entry) => entry.runTag === info.runTag);
    }
    await release();
  };
}
