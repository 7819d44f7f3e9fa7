import { createClock } from '@sinonjs/fake-timers';
import type { Cancel, ClockPort } from '../../../application/ports/ClockPort.js';

/**
 * A clock that only moves when told to, built on `@sinonjs/fake-timers` `createClock()` (never
 * the global timers, so sockets keep working). Every deadline in browsertap can be driven
 * exactly with `tickAsync(ms)`.
 */
export class FakeClock implements ClockPort {
  private readonly clock: ReturnType<typeof createClock>;

  /** @param startAt epoch ms the clock reads before any tick. */
  constructor(startAt = Date.UTC(2026, 0, 1)) {
    this.clock = createClock(startAt);
  }

  now(): number {
    return this.clock.now;
  }

  /** The fake time: work takes no time unless a test ticks the clock while it runs. */
  monotonic(): number {
    return this.clock.now;
  }

  schedule(delayMs: number, task: () => void): Cancel {
    const id = this.clock.setTimeout(task, Math.max(0, delayMs));
    return () => this.clock.clearTimeout(id);
  }

  /** Advances time by `ms`, running due tasks in order and letting promises settle between them. */
  async tickAsync(ms: number): Promise<void> {
    await this.clock.tickAsync(ms);
  }

  /** Advances time by `ms`, running due tasks synchronously. */
  tick(ms: number): void {
    this.clock.tick(ms);
  }

  /** Tasks scheduled and not yet run or cancelled. */
  pendingTasks(): number {
    return this.clock.countTimers();
  }
}
