import { defineConfig } from 'vitest/config';
import { CLUSTER_PROJECT } from './test/helpers/global-setup.js';

/**
 * The tests that run a second time against a Redis Cluster: every test of the real service (its
 * HTTP API, worker pools, stores, payments, faults, processes and CLIs), and test/cluster/, which
 * checks what only a cluster has (its key layout). Left out: the tests that never touch Redis.
 */
const CLUSTER_RUN = ['test/integration/**/*.test.ts', 'test/payments/**/*.test.ts', 'test/reliability/**/*.test.ts', 'test/cluster/**/*.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration files each start an API and workers; two at a time suits a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
    // Most harnesses point x402 at an address where no facilitator listens, on purpose; @x402/core
    // warns about that on every start. Tests that pay start a real facilitator.
    onConsoleLog: (log) => !log.includes('Failed to fetch supported kinds from facilitator'),
    projects: [
      { extends: true, test: { name: 'redis', include: ['test/**/*.test.ts'], exclude: ['test/cluster/**'] } },
      { extends: true, test: { name: CLUSTER_PROJECT, include: CLUSTER_RUN } },
    ],
  },
});
