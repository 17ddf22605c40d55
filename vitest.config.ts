import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Tests import the typed client by its package name, from source (package.json "exports" names dist/).
  resolve: { alias: { 'promptgate/client': new URL('./client/index.ts', import.meta.url).pathname } },
  test: {
    include: ['test/**/*.test.ts'],
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
  },
});
