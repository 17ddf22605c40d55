import { defineConfig } from 'vitest/config';
import { CLUSTER_PROJECT } from './test/helpers/global-setup.js';

/**
 * The tests that run a second time against a Redis Cluster: every test of the real service (its
 * HTTP API, worker pools, stores, payments, faults, processes, CLIs, discovery documents and paying
 * clients), and test/cluster/, which checks what only a cluster has (its key layout). Left out: the
 * tests that never touch Redis, and the page's tests in Chromium (the same API, run once).
 */
const CLUSTER_RUN = ['integration', 'payments', 'reliability', 'client', 'mcp', 'discovery', 'cluster'].map((dir) => `test/${dir}/**/*.test.ts`);

export default defineConfig({
  // Tests import the typed client by its package name, from source (package.json "exports" names dist/).
  resolve: { alias: { 'promptgate/client': new URL('./client/index.ts', import.meta.url).pathname } },
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start an API and workers; two at a time suits a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
    // Most harnesses point x402 at an address where no facilitator listens, on purpose; @x402/core
    // warns about that on every start. Tests that pay start a real facilitator.
    // The Bazaar validator of @x402/extensions (ajv without its format plug-in) warns about every
    // `format` it skips (uri, uuid), which our schemas use on purpose.
    onConsoleLog: (log) => !log.includes('Failed to fetch supported kinds from facilitator') && !log.startsWith('unknown format'),
    projects: [
      { extends: true, test: { name: 'redis', include: ['test/**/*.test.ts'], exclude: ['test/cluster/**'] } },
      { extends: true, test: { name: CLUSTER_PROJECT, include: CLUSTER_RUN } },
    ],
  },
});
