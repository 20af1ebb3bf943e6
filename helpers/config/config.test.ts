import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderEnvExample } from '../../test-support/config/env-example.ts';
import { loadConfig } from './config.ts';
import { ConfigError } from './errors.ts';
import { SETTINGS } from './settings.ts';

const noFile = '/nonexistent/.env';

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to the embedded reference server with documented defaults', () => {
    const config = loadConfig({}, noFile);
    expect(config).toEqual({
      baseUrl: undefined,
      credentials: { kind: 'embedded' },
      reportDir: 'reports',
      timeoutMs: 10000,
      concurrency: 16,
      workers: 1,
      retries: 3,
      deadlineMs: 600000,
      paymentToken: 'pm_card_visa',
      defaultPageLimit: 100,
      readOnly: false,
      existingIds: {
        categoryWithProducts: undefined,
        categoryWithoutProducts: undefined,
        orderWithTransactions: undefined,
        integration: undefined,
      },
      depth: 'gate',
      seed: undefined,
      requestBudget: 2000,
    });
  });

  it('reads the depth profile, the seed and the request budget', () => {
    const config = loadConfig(
      { CONFORMANCE_DEPTH: 'Deep', CONFORMANCE_SEED: '42', CONFORMANCE_REQUEST_BUDGET: '450' },
      noFile,
    );
    expect([config.depth, config.seed, config.requestBudget]).toEqual(['deep', 42, 450]);
  });

  it('normalises the base URL and takes a token', () => {
    const config = loadConfig(
      { CONFORMANCE_BASE_URL: 'https://api.example.com/base/', CONFORMANCE_TOKEN: 't0k' },
      noFile,
    );
    expect(config.baseUrl).toBe('https://api.example.com/base');
    expect(config.credentials).toEqual({ kind: 'token', token: 't0k' });
  });

  it('runs one suite file at a time against the embedded reference server, all six against a base URL, unless told', () => {
    const remote = { CONFORMANCE_BASE_URL: 'https://api.example.com', CONFORMANCE_TOKEN: 't0k' };
    expect(loadConfig({}, noFile).workers).toBe(1);
    expect(loadConfig(remote, noFile).workers).toBe(6);
    expect(loadConfig({ CONFORMANCE_WORKERS: '3' }, noFile).workers).toBe(3);
    expect(loadConfig({ ...remote, CONFORMANCE_WORKERS: '2' }, noFile).workers).toBe(2);
  });

  it('takes client credentials instead of a token', () => {
    const config = loadConfig(
      {
        CONFORMANCE_BASE_URL: 'http://127.0.0.1:9',
        CONFORMANCE_CLIENT_ID: 'id',
        CONFORMANCE_CLIENT_SECRET: 's',
      },
      noFile,
    );
    expect(config.credentials).toEqual({ kind: 'client', clientId: 'id', clientSecret: 's' });
  });

  it.each([
    [{ CONFORMANCE_BASE_URL: 'not a url' }, 'CONFORMANCE_BASE_URL', /not an absolute URL/],
    [{ CONFORMANCE_BASE_URL: 'ftp://x.example' }, 'CONFORMANCE_BASE_URL', /http or https/],
    [
      { CONFORMANCE_BASE_URL: 'https://x.example/v2', CONFORMANCE_TOKEN: 't' },
      'CONFORMANCE_BASE_URL',
      /before \/v2/,
    ],
    [{ CONFORMANCE_BASE_URL: 'https://x.example' }, 'CONFORMANCE_TOKEN', /is required/],
    [{ CONFORMANCE_CLIENT_ID: 'id' }, 'CONFORMANCE_CLIENT_SECRET', /is required/],
    [{ CONFORMANCE_CLIENT_SECRET: 's' }, 'CONFORMANCE_CLIENT_ID', /is required/],
    [{ CONFORMANCE_TOKEN: 'Bearer abc' }, 'CONFORMANCE_TOKEN', /bare token/],
    [
      { CONFORMANCE_TOKEN: 't', CONFORMANCE_CLIENT_ID: 'i', CONFORMANCE_CLIENT_SECRET: 's' },
      'CONFORMANCE_TOKEN',
      /not both/,
    ],
    [{ CONFORMANCE_TIMEOUT_MS: 'soon' }, 'CONFORMANCE_TIMEOUT_MS', /whole number/],
    [{ CONFORMANCE_TIMEOUT_MS: '0' }, 'CONFORMANCE_TIMEOUT_MS', /from 1/],
    [{ CONFORMANCE_DEFAULT_PAGE_LIMIT: '101' }, 'CONFORMANCE_DEFAULT_PAGE_LIMIT', /to 100/],
    [{ CONFORMANCE_DEFAULT_PAGE_LIMIT: '2.5' }, 'CONFORMANCE_DEFAULT_PAGE_LIMIT', /whole number/],
    [{ CONFORMANCE_READ_ONLY: 'maybe' }, 'CONFORMANCE_READ_ONLY', /1 or 0/],
    [{ CONFORMANCE_DEPTH: 'shallow' }, 'CONFORMANCE_DEPTH', /gate or deep/],
    [{ CONFORMANCE_SEED: '-1' }, 'CONFORMANCE_SEED', /whole number/],
    [{ CONFORMANCE_REQUEST_BUDGET: '0' }, 'CONFORMANCE_REQUEST_BUDGET', /whole number/],
    [
      { CONFORMANCE_REQUEST_BUDGET: '299' },
      'CONFORMANCE_REQUEST_BUDGET',
      /299 is below the 300 requests the gate needs: give at least 300/,
    ],
  ])('rejects %j naming %s', (env, setting, reason) => {
    const error = errorOf(() => loadConfig(env, noFile));
    expect(error.setting).toBe(setting);
    expect(error.message).toMatch(new RegExp(`^${setting}: `));
    expect(error.message).toMatch(reason);
  });

  it('never echoes a token in an error message', () => {
    const error = errorOf(() => loadConfig({ CONFORMANCE_TOKEN: 'Bearer s3cr3t' }, noFile));
    expect(error.message).not.toContain('s3cr3t');
  });

  it('reads a .env file, and the environment wins over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-env-'));
    const envFile = join(dir, '.env');
    writeFileSync(
      envFile,
      'CONFORMANCE_READ_ONLY=1\nCONFORMANCE_ORDER_ID=from-file\nCONFORMANCE_TIMEOUT_MS=5\n',
    );
    const config = loadConfig({ CONFORMANCE_TIMEOUT_MS: '7', CONFORMANCE_ORDER_ID: '' }, envFile);
    expect(config.readOnly).toBe(true);
    expect(config.timeoutMs).toBe(7);
    expect(config.existingIds.orderWithTransactions).toBe('from-file');
  });
});

describe('.env.example', () => {
  it('is in step with the settings table', () => {
    const file = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    expect(file).toBe(renderEnvExample());
    for (const s of SETTINGS) expect(file).toContain(`# ${s.name}=`);
  });
});
