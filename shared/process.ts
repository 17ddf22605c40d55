// The life cycle every entry point shares: load config once (a bad value exits with its message),
// start, and on SIGTERM/SIGINT stop taking work, finish what is in flight within the grace period
// (SHUTDOWN_GRACE_MS), then exit 0.
import { type Config, ConfigError, loadConfig } from './config.js';
import { createLogger, type Logger } from './logger.js';

/** Past the grace period, closing may still flush answers and close connections; past this too, exit 1. */
const FORCE_EXIT_MARGIN_MS = 10_000;

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
    const force = setTimeout(() => {
      logger.error('shutdown did not finish; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + FORCE_EXIT_MARGIN_MS).unref();
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
