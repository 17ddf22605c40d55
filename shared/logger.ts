// Structured logging with pino; one root logger per process, children carry request ids.
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, role: string): Logger {
  return pino({ level: config.logLevel, base: { role } });
}
