// How a route's access wraps its work. The work returns the 200 body with the charge decision of
// the job declaration (shared/jobs.ts): undefined when the call is charged, else why not; it
// touches nothing of the request, so an access may start it before it has decided (a bearer key
// whose record is being read, see paid-access.ts) and drop it. The access (a key, a payment, a
// subscription) decides who pays, puts a delivery on the context, and charges only when the work
// delivered, its decision says so, and the client is still there.
import type { ExpectedError } from './errors.js';
import type { NotChargedReason } from '../../shared/jobs.js';
import type { AppContext } from '../state.js';

/** What a call's work hands to its access: the 200 body, and why it is not charged when it is not. */
export interface Delivery {
  body: unknown;
  notCharged?: NotChargedReason | undefined;
}

export type Work = () => Promise<Delivery>;

/** Puts a delivery on the context as the 200 answer; returns why it is not charged, if it is not. */
export function deliver(ctx: AppContext, delivery: Delivery): NotChargedReason | undefined {
  ctx.body = delivery.body;
  ctx.status = 200;
  return delivery.notCharged;
}

export interface Call {
  work: Work;
  /**
   * Why the body would be refused, for a caller of a paid operation with neither key nor payment:
   * named in its challenge (the work is never run for it).
   */
  refused?: ExpectedError | undefined;
}

export type Guard = (ctx: AppContext, call: Call) => Promise<void>;

/** Free and public routes: the work alone, nothing to charge. */
export const openAccess: Guard = async (ctx, { work }) => void deliver(ctx, await work());
