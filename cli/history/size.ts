import { type Environment, loadIntegerSetting } from '../../helpers/config/config.ts';

export const MAX_HISTORY_SIZE = 1000;

/**
 * `CONFORMANCE_HISTORY_SIZE` (from `env` over the `.env` file, default 30): how many runs `history.json`
 * keeps. Throws a ConfigError for anything but a whole number from 1 to {@link MAX_HISTORY_SIZE}.
 */
export function loadHistorySize(env: Environment, envFile = '.env'): number {
  return loadIntegerSetting('CONFORMANCE_HISTORY_SIZE', 1, MAX_HISTORY_SIZE, env, { envFile });
}
