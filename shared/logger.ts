// Structured logging with pino; one root logger per process, children carry request ids.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

/** `toStderr` for processes whose stdout is a protocol (the MCP stdio server). */
export function createLogger(config: Pick<Config, 'logLevel'>, role: string, toStderr = false): Logger {
  const options = { level: config.logLevel, base: { role } };
  return toStderr ? pino(options, pino.destination(2)) : pino(options);
}
