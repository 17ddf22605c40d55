// The startup configuration error. A leaf module, so every config section (providers, trust, x402)
// can throw it without importing shared/config.ts.
export class ConfigError extends Error {
  override name = 'ConfigError';

  /** One problem per line under a common heading, e.g. "  PORT: must be a number". */
  static of(problems: string[]): ConfigError {
    return new ConfigError(`invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}
