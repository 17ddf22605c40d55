// The real service paid through a real test facilitator: what the tests of the paying clients (the
// typed client, the MCP transports) run against.
import { afterAll, beforeAll } from 'vitest';
import { startTestFacilitator, type TestFacilitator } from './facilitator.js';
import { type Harness, type HarnessOptions, startHarness } from './harness.js';

export interface PaidService {
  h: Harness;
  facilitator: TestFacilitator;
  close(): Promise<void>;
}

export async function startPaidService(options: HarnessOptions = {}): Promise<PaidService> {
  const facilitator = await startTestFacilitator();
  const h = await startHarness({ ...options, env: { X402_FACILITATOR_URL: facilitator.url, ...options.env } });
  return {
    h,
    facilitator,
    async close() {
      await h.close();
      await facilitator.close();
    },
  };
}

/** The service for a describe block: started before its tests, stopped after them. */
export function usePaidService(options: HarnessOptions = {}): { readonly h: Harness; readonly facilitator: TestFacilitator } {
  let service: PaidService | undefined;
  beforeAll(async () => {
    service = await startPaidService(options);
  });
  afterAll(() => service?.close());
  const started = () => {
    if (!service) throw new Error('the paid service is not started yet (use it inside a test)');
    return service;
  };
  return {
    get h() {
      return started().h;
    },
    get facilitator() {
      return started().facilitator;
    },
  };
}
