// What a request carries through the Koa middleware (`ctx.state`), typed once: every middleware and
// route of the app is typed with it (Koa's default state is `any`).
import type { Middleware, ParameterizedContext } from 'koa';
import type { ApiKeyRecord } from './auth/key-store.js';

/** Who pays for a call, once its access is granted. */
export type Payer = { kind: 'bearer'; key: ApiKeyRecord } | { kind: 'x402'; payer: string; network: string };

export interface RequestState {
  /** Set first (middleware/request-id.ts): the call's id in its queue job and its audit records. */
  requestId: string;
  /** The parsed JSON body, before validation: what an x402 payment pays for. */
  body?: unknown;
  /** Paid and subscription routes, once access is granted. */
  auth?: Payer;
}

export type AppContext = ParameterizedContext<RequestState>;
export type AppMiddleware = Middleware<RequestState>;
