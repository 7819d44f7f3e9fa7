import { inject, injectable } from 'inversify';
import type { Cancel, ClockPort } from '../ports/ClockPort.js';
import type { HeapPort } from '../ports/HeapPort.js';
import { TYPES } from '../tokens.js';

/** How long ingest must have been quiet before the heap is collected (ms). */
export const QUIET_MS = 250;
/** Entries stored since the last collection that make one worth its pause. */
export const COLLECT_AFTER_ENTRIES = 5_000;

/**
 * Collects the heap once a burst of ingest has ended: every entry stored outlives a few
 * young-generation collections and is promoted, so under sustained ingest the old generation
 * fills with entries the buffers have since evicted, and the runtime collects it only when it
 * next grows past its limit, or seconds after it went idle (docs/benchmarks.md: RSS after
 * 500 000 entries). One full collection when `QUIET_MS` pass with no ingest after at least
 * `COLLECT_AFTER_ENTRIES` stored gives that memory back then: a pause of a few milliseconds
 * while nothing is being sent, never during a burst (a steady stream never goes quiet, and the
 * runtime's own limits hold there).
 */
@injectable()
export class CollectWhenQuiet {
  private stored = 0;
  private lastAt = 0;
  private pending: Cancel | undefined;

  constructor(
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.HeapPort) private readonly heap: HeapPort,
  ) {}

  /** `entries` were stored just now. */
  noteStored(entries: number): void {
    if (entries <= 0) return;
    this.stored += entries;
    this.lastAt = this.clock.monotonic();
    if (this.pending === undefined && this.stored >= COLLECT_AFTER_ENTRIES) this.wait(QUIET_MS);
  }

  /** Stops any collection still to come (the daemon is stopping). */
  stop(): void {
    this.pending?.();
    this.pending = undefined;
  }

  private wait(ms: number): void {
    this.pending = this.clock.schedule(ms, () => {
      this.pending = undefined;
      const quietFor = this.clock.monotonic() - this.lastAt;
      if (quietFor < QUIET_MS) return this.wait(QUIET_MS - quietFor);
      this.stored = 0;
      this.heap.collect();
    });
  }
}
