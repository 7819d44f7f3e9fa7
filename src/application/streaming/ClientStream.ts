import { BoundedQueue } from '../../domain/buffer/BoundedQueue.js';
import type { Subscription } from '../../domain/streaming/Subscription.js';
import type { CapturedEvent } from '../../domain/streaming/classify.js';
import type { Cancel } from '../ports/ClockPort.js';
import { eventData } from './streamMessages.js';
import { utf8Length } from '../../domain/text/utf8.js';

/** Matched events not yet returned in a tool result, kept per client. */
export const MAX_UNSEEN = 100;
/** Alerts attached to one tool result. */
export const ALERTS_PER_RESULT = 5;

export interface AlertsPayload {
  readonly entries: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** Unseen alerts still waiting after these. */
  readonly more: number;
  /** Unseen alerts dropped (oldest first) because more than 100 waited. */
  readonly dropped?: number;
}

/** One client's subscription, its unseen alerts and its release timer. */
export class ClientStream {
  private readonly unseen = new BoundedQueue<CapturedEvent>(MAX_UNSEEN);
  private droppedUnseen = 0;
  releaseAt: number | undefined;
  cancelRelease: Cancel | undefined;

  constructor(public subscription: Subscription<CapturedEvent>) {}

  /** Remembers a matched event for the next tool results (bounded; the oldest go first). */
  remember(event: CapturedEvent): void {
    if (this.unseen.push(event) !== undefined) this.droppedUnseen++;
  }

  get unseenCount(): number {
    return this.unseen.size;
  }

  /** Up to 5 unseen alerts that fit in `maxBytes` of JSON, now seen; undefined when there are none. */
  takeAlerts(maxBytes = Number.POSITIVE_INFINITY): AlertsPayload | undefined {
    if (this.unseen.size === 0 && this.droppedUnseen === 0) return undefined;
    const entries: Array<Readonly<Record<string, unknown>>> = [];
    // Room for the envelope ({"alerts":{"entries":[],"more":N,"dropped":N}}) first.
    let used = 64;
    for (let event = this.unseen.peek(); event !== undefined && entries.length < ALERTS_PER_RESULT; event = this.unseen.peek()) {
      const data = eventData(event);
      const size = utf8Length(JSON.stringify(data)) + 1;
      if (used + size > maxBytes) break; // left unseen for the next result
      used += size;
      entries.push(data);
      this.unseen.shift();
    }
    const dropped = this.droppedUnseen;
    this.droppedUnseen = 0;
    return { entries, more: this.unseen.size, ...(dropped > 0 ? { dropped } : {}) };
  }

  stopTimer(): void {
    this.cancelRelease?.();
    this.cancelRelease = undefined;
    this.releaseAt = undefined;
  }
}
