// The llm pool under measurement: the production pool code (startWorkers) in a process of its own,
// run with --expose-gc. It answers `heap` messages from bench/llm-heap.ts with the heap after GC.
import { loadConfig } from '../shared/config.js';
import { createLogger } from '../shared/logger.js';
import { startWorkers } from '../workers/runtime.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const config = loadConfig();
const workers = await startWorkers(config, ['llm'], createLogger(config, 'bench-llm'));

process.on('message', (message) => {
  if (message !== 'heap') return;
  // Twice: the first pass may only promote what the second collects.
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsed, rss });
});
process.on('disconnect', () => void workers.close().then(() => process.exit(0)));
process.send?.('ready');
