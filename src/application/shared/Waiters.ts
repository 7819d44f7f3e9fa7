import type { ClockPort } from '../ports/ClockPort.js';

export type WaitOutcome = 'notified' | 'timeout' | 'aborted' | 'closed';

interface Waiter {
  readonly finish: (outcome: WaitOutcome) => void;
}

/**
 * Lets callers wait, with a clock-driven timeout, until something happens to a key (a buffer
 * got entries, a command was queued, a command finished). Bounded by the callers: every wait
 * ends by notification, timeout, abort or `closeAll`, and leaves nothing behind.
 */
export class Waiters {
  private readonly byKey = new Map<string, Set<Waiter>>();
  private closed = false;

  constructor(private readonly clock: ClockPort) {}

  /** Waits at most `timeoutMs` for `notify(key)`. */
  wait(key: string, timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    if (this.closed) return Promise.resolve('closed');
    if (signal?.aborted === true) return Promise.resolve('aborted');
    return new Promise<WaitOutcome>((resolve) => {
      let set = this.byKey.get(key);
      if (set === undefined) {
        set = new Set();
        this.byKey.set(key, set);
      }
      const waiters = set;
      const onAbort = (): void => waiter.finish('aborted');
      const cancelTimer = this.clock.schedule(timeoutMs, () => waiter.finish('timeout'));
      const waiter: Waiter = {
        finish: (outcome) => {
          cancelTimer();
          signal?.removeEventListener('abort', onAbort);
          waiters.delete(waiter);
          if (waiters.size === 0 && this.byKey.get(key) === waiters) this.byKey.delete(key);
          resolve(outcome);
        },
      };
      waiters.add(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Wakes everyone waiting on `key`. */
  notify(key: string): void {
    const set = this.byKey.get(key);
    if (set === undefined) return;
    for (const waiter of [...set]) waiter.finish('notified');
  }

  /** Ends every wait (shutdown); later waits end at once. */
  closeAll(): void {
    this.closed = true;
    for (const set of [...this.byKey.values()]) for (const waiter of [...set]) waiter.finish('closed');
  }

  /** Number of waits in progress (for tests and health). */
  get size(): number {
    let total = 0;
    for (const set of this.byKey.values()) total += set.size;
    return total;
  }
}
