// How a route's access wraps its work. The work puts the 200 body on the context and returns the
// charge decision of the job declaration (shared/jobs.ts): undefined when the call is charged,
// else why not. The access (a key, a payment, a subscription) decides who pays, runs the work, and
// charges only when the work delivered, its decision says so, and the client is still there.
import type { ExpectedError } from './errors.js';
import type { NotChargedReason } from '../../shared/jobs.js';
import type { AppContext } from '../state.js';

export type Work = () => Promise<NotChargedReason | undefined>;

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
export const openAccess: Guard = async (_ctx, { work }) => void (await work());
