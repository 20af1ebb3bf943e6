/** A setting that is missing, malformed or inconsistent. The message names the setting. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`${setting}: ${reason}`);
  }
}
