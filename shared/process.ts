// The life cycle every entry point shares: load config once (a bad value exits with its message),
// start, and on SIGTERM/SIGINT stop taking work, finish what is in flight, then exit.
import { type Config, ConfigError, loadConfig } from './config.js';
import { createLogger, type Logger } from './logger.js';

interface Closable {
  close(): Promise<void>;
}

/** Runs `step`; a ConfigError ends the process with its message and exit code 78 (EX_CONFIG). */
async function exitOnConfigError<T>(role: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`promptgate ${role}: ${error.message}\n`);
    process.exit(78);
  }
}

export async function runProcess(role: string, start: (config: Config, logger: Logger) => Promise<Closable>): Promise<void> {
  const config = await exitOnConfigError(role, () => loadConfig());
  const logger = createLogger(config, role);
  // Some settings can only be checked while starting (e.g. an x402 recipient address).
  const running = await exitOnConfigError(role, () => start(config, logger));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 30_000).unref();
    try {
      await running.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
