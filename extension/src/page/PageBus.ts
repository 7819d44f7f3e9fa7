import type { CaptureBatch, CaptureKind, LogWire } from '../shared/protocol.js';

/** Entries kept while the relay is not listening yet (an error can happen before it is). */
export const MAX_PENDING = 1_000;
/** Entries per message to the relay. */
export const MAX_BATCH = 100;
/** How long an ordinary entry waits for company before it is sent (ms) while entries keep coming; errors go at once. */
export const BATCH_DELAY_MS = 16;
/** The first entry after a quiet spell (no batch for BATCH_DELAY_MS) goes on the next turn (docs/mcp-tools.md: idle entries within 50 ms). */
export const IDLE_DELAY_MS = 0;

type Entry = NonNullable<CaptureBatch[CaptureKind]>[number];

export interface BusClock {
  setTimeout(fn: () => void, ms: number): unknown;
  now(): number;
}

/**
 * Batches what the page hooks capture and hands it to the relay as one JSON string per batch
 * (≤ 100 entries, ≤ 16 ms, errors at once). Until the relay says it listens, entries wait in a
 * bounded buffer: the oldest are dropped past 1 000 and the drop is reported as a log entry.
 */
export class PageBus {
  private pending: Array<[CaptureKind, Entry]> = [];
  private ready = false;
  private scheduled = false;
  private dropped = 0;
  private lastFlushAt = -Infinity;

  constructor(
    private readonly send: (json: string) => void,
    private readonly clock: BusClock,
    private readonly url: () => string,
  ) {}

  add<K extends CaptureKind>(kind: K, entry: NonNullable<CaptureBatch[K]>[number], urgent = false): void {
    this.pending.push([kind, entry]);
    if (this.pending.length > MAX_PENDING) {
      this.pending.shift();
      this.dropped++;
    }
    if (!this.ready) return;
    if (urgent || this.pending.length >= MAX_BATCH) {
      this.flush();
    } else if (!this.scheduled) {
      this.scheduled = true;
      const quiet = this.clock.now() - this.lastFlushAt >= BATCH_DELAY_MS;
      this.clock.setTimeout(() => this.flush(), quiet ? IDLE_DELAY_MS : BATCH_DELAY_MS);
    }
  }

  /** The relay listens: send everything held so far. */
  markReady(): void {
    if (this.ready) return;
    this.ready = true;
    this.flush();
  }

  flush(): void {
    this.scheduled = false;
    if (!this.ready) return;
    if (this.pending.length > 0 || this.dropped > 0) this.lastFlushAt = this.clock.now();
    if (this.dropped > 0) {
      const note: LogWire = {
        level: 'warn',
        message: `browsertap dropped ${this.dropped} captured entries: more than ${MAX_PENDING} waited for the extension`,
        source: 'console',
        url: this.url(),
        ts: this.clock.now(),
      };
      this.pending.unshift(['logs', note]);
      this.dropped = 0;
    }
    while (this.pending.length > 0) {
      const batch: CaptureBatch = {};
      for (const [kind, entry] of this.pending.splice(0, MAX_BATCH)) {
        ((batch[kind] ??= []) as Entry[]).push(entry);
      }
      this.send(JSON.stringify(batch));
    }
  }
}
