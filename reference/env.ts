import { BEARER_TOKEN } from './options.ts';
import type { ReferenceServerOptions } from './server.ts';

/**
 * Demo products of `npm run reference` by default: two categories, more than one page at `page[limit]=10`.
 */
export const CLI_DEFAULT_DEMO_PRODUCTS = 12;

/** A variable of the environment has a value the server cannot use. */
export class EnvError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'EnvError';
  }
}

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  // An empty variable (`PORT=`) counts as unset.
  return env[name] || undefined;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new EnvError(name, `must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** The server options from the environment (`PORT`, `HOST`, `REFERENCE_*`). @throws EnvError */
export function optionsFromEnv(
  env: NodeJS.ProcessEnv,
): ReferenceServerOptions & { host: string; port: number } {
  const token = read(env, 'REFERENCE_TOKEN');
  if (token !== undefined && !BEARER_TOKEN.test(token)) {
    throw new EnvError(
      'REFERENCE_TOKEN',
      'must be a bearer token: letters, digits and -._~+/ (then any "=")',
    );
  }
  const host = read(env, 'HOST') ?? '127.0.0.1';
  if (/\s/.test(host)) throw new EnvError('HOST', `must be a host name or IP address, got "${host}"`);
  return {
    host,
    port: integer(env, 'PORT', 4010, 0, 65_535),
    token,
    clientId: read(env, 'REFERENCE_CLIENT_ID'),
    clientSecret: read(env, 'REFERENCE_CLIENT_SECRET'),
    demoProducts: integer(env, 'REFERENCE_DEMO_PRODUCTS', CLI_DEFAULT_DEMO_PRODUCTS, 0, 100_000),
  };
}
