import { injectable } from 'inversify';
import type { ErrorKind } from './replayErrors.js';

/** What the daemon keeps of a replay until its result comes: what it compares the replay's errors with. */
export interface ReplayPlan {
  /** The errors the replayed range caused, by kind. */
  readonly errors: readonly ErrorKind[];
  /** The newest log sequence number when the replay was queued: its own errors come after. */
  readonly logsCursor: number;
}

/** Replays whose result is awaited, at most (the oldest plan goes first: its result then lacks `reproduced`). */
export const MAX_PLANS = 64;
/** Replays remembered as such, at most: a range without `to` leaves out the actions they recorded. */
export const MAX_REPLAYS = 256;

/**
 * The replays in flight (docs/mcp-tools.md) by correlation id, and the recent replays' ids. Bounded both:
 * a replay whose result never comes (its command expired) is pushed out by newer ones.
 */
@injectable()
export class ReplayPlans {
  private readonly plans = new Map<string, ReplayPlan>();
  private readonly replays = new Set<string>();

  add(correlationId: string, plan: ReplayPlan): void {
    this.plans.set(correlationId, plan);
    if (this.plans.size > MAX_PLANS) this.plans.delete(this.plans.keys().next().value as string);
    this.replays.add(correlationId);
    if (this.replays.size > MAX_REPLAYS) this.replays.delete(this.replays.keys().next().value as string);
  }

  /** The plan of this replay, once: its result is annotated a single time. */
  take(correlationId: string): ReplayPlan | undefined {
    const plan = this.plans.get(correlationId);
    this.plans.delete(correlationId);
    return plan;
  }

  /** Whether this command was a replay (its recorded steps carry its correlation id). */
  isReplay(correlationId: string | undefined): boolean {
    return correlationId !== undefined && this.replays.has(correlationId);
  }
}
