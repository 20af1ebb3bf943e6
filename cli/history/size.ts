import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import type { Environment } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import { SETTINGS } from '../../helpers/config/settings.ts';

/** The largest `CONFORMANCE_HISTORY_SIZE`. */
export const MAX_HISTORY_SIZE = 1000;

/**
 * `CONFORMANCE_HISTORY_SIZE` (from `env` over the `.env` file, default 30): how many runs `history.json`
 * keeps. Throws a {@link ConfigError} for anything but a whole number from 1 to {@link MAX_HISTORY_SIZE}.
 */
export function loadHistorySize(env: Environment, envFile = '.env'): number {
  const file = resolve(envFile);
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  const raw =
    env.CONFORMANCE_HISTORY_SIZE?.trim() ||
    fromFile.CONFORMANCE_HISTORY_SIZE?.trim() ||
    SETTINGS.find((s) => s.name === 'CONFORMANCE_HISTORY_SIZE')?.default;
  const value = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || value < 1 || value > MAX_HISTORY_SIZE) {
    throw new ConfigError(
      'CONFORMANCE_HISTORY_SIZE',
      `must be a whole number from 1 to ${MAX_HISTORY_SIZE}, got "${raw ?? ''}"`,
    );
  }
  return value;
}
