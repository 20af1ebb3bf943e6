import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { GATE_REQUESTS, isDepth, MAX_SEED } from '../inputs/profile.ts';
import { MAX_PAGE_LENGTH } from '../limits.ts';
import { ConfigError } from './errors.ts';
import { DEFAULTS, type SettingName } from './settings.ts';

/** How the suite authenticates to the target. */
export type Credentials =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'client'; readonly clientId: string; readonly clientSecret: string }
  | { readonly kind: 'embedded' };

/** The validated configuration of one run (the settings are described in `settings.ts`). */
export type ConformanceConfig = ReturnType<typeof loadConfig>;

export type Environment = Readonly<Record<string, string | undefined>>;

/** Reads and validates the configuration from `env` over `envFile` (if it exists); throws a {@link ConfigError}. */
export function loadConfig(env: Environment = process.env, envFile = '.env') {
  const get = reader(env, envFile);
  const int = (name: SettingName, min: number, max: number, v = get(name)) => parseInteger(name, v, min, max);

  const baseUrl = parseBaseUrl(get('CONFORMANCE_BASE_URL'));
  // Unset: against the embedded server the run is CPU-bound (one thread costs least); against a base URL
  // round trips take the time, so every suite file runs at once.
  const workers = get('CONFORMANCE_WORKERS') ?? (baseUrl === undefined ? '1' : '6');
  const [baselineFile, label] = [get('CONFORMANCE_BASELINE'), get('CONFORMANCE_LABEL')];
  const depth = (get('CONFORMANCE_DEPTH') as string).toLowerCase();
  return {
    /** The part before `/v2`, without a trailing slash; undefined: the embedded reference server. */
    baseUrl,
    credentials: parseCredentials(baseUrl, get),
    reportDir: get('CONFORMANCE_REPORT_DIR') as string,
    // Set or absent: the configuration has no undefined fields.
    ...(baselineFile === undefined ? {} : { baselineFile }),
    ...(label === undefined ? {} : { label }),
    timeoutMs: int('CONFORMANCE_TIMEOUT_MS', 1, 600_000),
    concurrency: int('CONFORMANCE_CONCURRENCY', 1, 64),
    workers: int('CONFORMANCE_WORKERS', 1, 16, workers),
    retries: int('CONFORMANCE_RETRIES', 0, 10),
    deadlineMs: int('CONFORMANCE_DEADLINE_MS', 1000, 86_400_000),
    paymentToken: get('CONFORMANCE_PAYMENT_TOKEN') as string,
    defaultPageLimit: int('CONFORMANCE_DEFAULT_PAGE_LIMIT', 1, MAX_PAGE_LENGTH),
    readOnly: parseBoolean('CONFORMANCE_READ_ONLY', get('CONFORMANCE_READ_ONLY')),
    /** Ids of existing records, used in read-only mode. */
    existingIds: {
      categoryWithProducts: get('CONFORMANCE_CATEGORY_ID'),
      categoryWithoutProducts: get('CONFORMANCE_EMPTY_CATEGORY_ID'),
      orderWithTransactions: get('CONFORMANCE_ORDER_ID'),
      integration: get('CONFORMANCE_INTEGRATION_ID'),
    },
    depth: isDepth(depth) ? depth : fail('CONFORMANCE_DEPTH', `must be gate or deep, got "${depth}"`),
    /** Undefined: a random seed is drawn when the run starts. */
    seed: get('CONFORMANCE_SEED') === undefined ? undefined : int('CONFORMANCE_SEED', 0, MAX_SEED),
    requestBudget: atLeastGate(int('CONFORMANCE_REQUEST_BUDGET', 1, 1_000_000)),
  };
}

/** One integer setting validated alone, read before the run's configuration exists. */
export const loadIntegerSetting = (
  name: SettingName,
  min: number,
  max: number,
  env: Environment,
  envFile = '.env',
) => parseInteger(name, reader(env, envFile)(name), min, max);

export const loadConcurrency = (env: Environment = process.env, envFile = '.env'): number =>
  loadIntegerSetting('CONFORMANCE_CONCURRENCY', 1, 64, env, envFile);

/** A setting's value: from `env` (a blank value is unset), else `envFile` (if it exists), else its default. */
function reader(env: Environment, envFile: string) {
  const file = existsSync(resolve(envFile)) ? parseDotenv(readFileSync(resolve(envFile))) : {};
  return (name: SettingName) => env[name]?.trim() || file[name]?.trim() || DEFAULTS[name];
}

/** The value of a JSON file, or why there is none: `no such file`, `not JSON (…)`. */
export function readJsonFile(file: string): { readonly value: unknown } | { readonly problem: string } {
  if (!existsSync(file)) return { problem: 'no such file' };
  try {
    return { value: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
}

/** `CONFORMANCE_BASE_URL` checked and normalised (no trailing slash, the part before `/v2`). */
export function parseBaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const refuse = (reason: string) => fail('CONFORMANCE_BASE_URL', reason);
  if (!URL.canParse(raw)) refuse(`"${raw}" is not an absolute URL (e.g. https://api.example.com)`);
  const url = new URL(raw);
  if (!/^https?:$/.test(url.protocol)) refuse(`must be an http or https URL, got "${url.protocol}"`);
  if (url.username || url.password) refuse('must not carry credentials; use CONFORMANCE_TOKEN');
  if (url.search || url.hash) refuse('must not have a query string or fragment');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v2$/.test(path)) refuse(`must be the part before /v2 (use "${url.origin}${path.slice(0, -3)}")`);
  return `${url.origin}${path}`;
}

function fail(setting: SettingName, reason: string): never {
  throw new ConfigError(setting, reason);
}

function parseCredentials(baseUrl: string | undefined, get: ReturnType<typeof reader>): Credentials {
  const token = get('CONFORMANCE_TOKEN');
  const clientId = get('CONFORMANCE_CLIENT_ID');
  const clientSecret = get('CONFORMANCE_CLIENT_SECRET');
  if (clientId && !clientSecret) fail('CONFORMANCE_CLIENT_SECRET', 'is required with CONFORMANCE_CLIENT_ID');
  if (clientSecret && !clientId) fail('CONFORMANCE_CLIENT_ID', 'is required with CONFORMANCE_CLIENT_SECRET');
  const either = 'give either a token or CONFORMANCE_CLIENT_ID and CONFORMANCE_CLIENT_SECRET, not both';
  if (token && clientId) fail('CONFORMANCE_TOKEN', either);
  if (token && /\s/.test(token))
    fail('CONFORMANCE_TOKEN', 'must be the bare token, without "Bearer " or spaces');
  if (token) return { kind: 'token', token };
  if (clientId && clientSecret) return { kind: 'client', clientId, clientSecret };
  if (baseUrl === undefined) return { kind: 'embedded' };
  return fail(
    'CONFORMANCE_TOKEN',
    'is required when CONFORMANCE_BASE_URL is set (or CONFORMANCE_CLIENT_ID and CONFORMANCE_CLIENT_SECRET)',
  );
}

/** A request budget the gate fits in. */
function atLeastGate(budget: number): number {
  if (budget >= GATE_REQUESTS) return budget;
  const reason = `${budget} is below the ${GATE_REQUESTS} requests the gate needs: give at least ${GATE_REQUESTS}`;
  return fail('CONFORMANCE_REQUEST_BUDGET', reason);
}

function parseInteger(name: SettingName, raw: string | undefined, min: number, max: number): number {
  const value = Number(raw);
  const whole = /^\d+$/.test(raw ?? '') && Number.isSafeInteger(value) && value >= min && value <= max;
  return whole ? value : fail(name, `must be a whole number from ${min} to ${max}, got "${raw ?? ''}"`);
}

function parseBoolean(name: SettingName, raw: string | undefined): boolean {
  const value = (raw ?? '0').toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  return fail(name, `must be 1 or 0 (true or false), got "${raw}"`);
}
