import { type Environment, loadIntegerSetting } from '../../helpers/config/config.ts';

/** `CONFORMANCE_HISTORY_SIZE`: how many runs `history.json` keeps; throws a ConfigError. */
export function loadHistorySize(env: Environment, envFile = '.env'): number {
  return loadIntegerSetting('CONFORMANCE_HISTORY_SIZE', 1, 1000, env, { envFile });
}
