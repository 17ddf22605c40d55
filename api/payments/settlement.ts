// Settling a delivered answer so that a client never pays twice and never pays for nothing.
//
// The client waits on /settle at most X402_FACILITATOR_TIMEOUT_MS. When the facilitator does not
// answer in time or fails with a 5xx, the transfer may still land: the call is answered 502
// `settlement_pending`, the answer is kept (deliveries.ts), and an attempt still running is
// followed in the background (the facilitator client itself waits up to SETTLE_FOLLOW_UP_MS). A
// retry with the same payment gets the kept answer: with the receipt once the attempt is known to
// have landed; after waiting on the attempt while it is still followed; or else after settling
// again with the same payment, which cannot charge twice (the chain takes an EIP-3009
// authorization or a signed Solana transaction once, and a facilitator refusing it as already used
// means the earlier attempt landed).
import type { SettleResponse } from '@x402/core/types';
import type { Logger } from '../../shared/logger.js';
import { within } from '../../shared/within.js';
import type { Delivery, DeliveryStore } from './deliveries.js';
import type { AcceptedPayment, PaymentGateway, SettleAttempt } from './gateway.js';

/** How long a settlement the client stopped waiting for is still followed. */
export const SETTLE_FOLLOW_UP_MS = 120_000;

/**
 * Refusals that mean the payment was already settled: the EIP-3009 nonce is used (@x402/evm), or the
 * facilitator is still settling this very transaction (@x402/svm). Only a retry after an unknown
 * outcome reads them so; on a first settlement they are plain refusals.
 */
const ALREADY_LANDED = new Set(['invalid_exact_evm_nonce_already_used', 'duplicate_settlement']);

export type SettleOutcome =
  /** `fresh`: this call is the first to learn it (false for a kept receipt or a followed attempt, whose follower records it). */
  | { kind: 'settled'; receipt: SettleResponse; fresh: boolean }
  | { kind: 'failed'; receipt: SettleResponse }
  | { kind: 'pending' };

/** The answer to keep: the request and its 200 body. */
export type Answer = Pick<Delivery, 'requestId' | 'body'>;

/** Hears how a followed attempt ended, after its client was answered 502 (for the audit). */
export type OnLate = (late: SettleOutcome) => void;

interface InFlight {
  attempt: Promise<SettleAttempt>;
  startedAt: number;
  /** Started by a retry: an already-landed refusal then means the earlier attempt landed. */
  retry: boolean;
  followed: boolean;
}

export class Settlements {
  private readonly inFlight = new Map<string, InFlight>();

  constructor(
    private readonly gateway: PaymentGateway,
    private readonly deliveries: DeliveryStore,
    /** X402_FACILITATOR_TIMEOUT_MS: how long a client waits on a settlement. */
    private readonly answerWithinMs: number,
    private readonly logger: Logger,
  ) {}

  /** Settles a delivered answer; an unknown outcome keeps the answer for a retry of the same payment. */
  async settle(payment: AcceptedPayment, answer: Answer, onLate: OnLate): Promise<SettleOutcome> {
    const outcome = await this.wait(payment, this.start(payment, false), answer, onLate);
    if (outcome.kind === 'settled' && payment.identifier) await this.keep(payment, answer, outcome.receipt);
    return outcome;
  }

  /** A retry of a payment whose answer was kept. */
  async resume(payment: AcceptedPayment, kept: Delivery, onLate: OnLate): Promise<SettleOutcome> {
    if (kept.state === 'settled' && kept.receipt) return { kind: 'settled', receipt: kept.receipt, fresh: false };
    let flight = this.inFlight.get(payment.id);
    if (!flight) {
      // Another API process still waits on the first attempt: settling again now could race it.
      if (kept.followedUntil !== undefined && Date.now() < kept.followedUntil) return { kind: 'pending' };
      flight = this.start(payment, true);
    }
    const outcome = await this.wait(payment, flight, kept, onLate);
    if (outcome.kind === 'settled' && outcome.fresh) await this.deliveries.update(payment.id, { state: 'settled', receipt: outcome.receipt });
    // It did not land and will not: the answer is withheld, as for any refused settlement.
    if (outcome.kind === 'failed') await this.deliveries.drop(payment.id);
    return outcome;
  }

  /** Keeps a settled answer for a retry of the same payment (a payment identifier, or a client gone meanwhile). */
  async keep(payment: AcceptedPayment, answer: Answer, receipt: SettleResponse): Promise<void> {
    await this.deliveries.put(payment.id, { fingerprint: payment.fingerprint, ...pick(answer), state: 'settled', receipt }, payment.ttlSeconds);
  }

  private start(payment: AcceptedPayment, retry: boolean): InFlight {
    const flight: InFlight = { attempt: this.gateway.settleOnce(payment), startedAt: Date.now(), retry, followed: false };
    this.inFlight.set(payment.id, flight);
    void flight.attempt.finally(() => {
      if (this.inFlight.get(payment.id) === flight) this.inFlight.delete(payment.id);
    });
    return flight;
  }

  /** Waits on an attempt as long as a client may; past that, keeps the answer and follows the attempt. */
  private async wait(payment: AcceptedPayment, flight: InFlight, answer: Answer, onLate: OnLate): Promise<SettleOutcome> {
    const answered = await within(flight.attempt, this.answerWithinMs);
    if (answered.done) {
      const outcome = outcomeOf(answered.value, flight);
      if (outcome.kind === 'pending') await this.keepPending(payment, answer, answered.value.kind === 'unknown' ? answered.value.reason : '');
      // A followed attempt is recorded by its follower.
      return outcome.kind === 'settled' && flight.followed ? { ...outcome, fresh: false } : outcome;
    }
    if (!flight.followed) {
      flight.followed = true;
      await this.keepPending(payment, answer, `no answer within ${this.answerWithinMs} ms`, flight.startedAt + SETTLE_FOLLOW_UP_MS);
      void this.follow(payment, flight, onLate);
    }
    return { kind: 'pending' };
  }

  private async follow(payment: AcceptedPayment, flight: InFlight, onLate: OnLate) {
    try {
      const late = outcomeOf(await flight.attempt, flight);
      // Heard first, so its audit record goes out before a retry can learn the outcome and report it.
      onLate(late);
      await this.deliveries.update(
        payment.id,
        late.kind === 'settled' ? { state: 'settled', receipt: late.receipt, followedUntil: undefined } : { followedUntil: undefined },
      );
    } catch (err) {
      this.logger.error({ err, payment: payment.id }, 'late settlement outcome could not be recorded');
    }
  }

  private async keepPending(payment: AcceptedPayment, answer: Answer, reason: string, followedUntil?: number) {
    this.logger.error({ payment: payment.id, requestId: answer.requestId, reason }, 'x402 settlement outcome unknown; answer kept for a retry of the same payment');
    await this.deliveries.put(payment.id, { fingerprint: payment.fingerprint, ...pick(answer), state: 'pending', followedUntil }, payment.ttlSeconds);
  }
}

const pick = ({ requestId, body }: Answer): Answer => ({ requestId, body });

function outcomeOf(attempt: SettleAttempt, flight: InFlight): SettleOutcome {
  switch (attempt.kind) {
    case 'settled':
      return { kind: 'settled', receipt: attempt.receipt, fresh: true };
    case 'refused':
      if (flight.retry && ALREADY_LANDED.has(attempt.receipt.errorReason ?? '')) {
        // Only that the earlier attempt landed is known here, not its transaction.
        return { kind: 'settled', receipt: { ...attempt.receipt, success: true, errorReason: undefined }, fresh: true };
      }
      return { kind: 'failed', receipt: attempt.receipt };
    case 'unknown':
      return { kind: 'pending' };
  }
}
