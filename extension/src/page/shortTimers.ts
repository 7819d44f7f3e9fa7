/**
 * Timers an action's settle waits for are set for less than this (ms, docs/mcp-tools.md): a debounce, a
 * short transition. A clock or a poll "every second" is not waited for.
 */
export const SHORT_TIMER_MS = 1_000;
/** Pending timers remembered at most (a page that sets thousands and never lets them run stays bounded). */
export const MAX_PENDING = 1_000;
/** Timers a settle saw pending that have run since, remembered at most. */
const MAX_RAN = 256;

/** What a settle's look finds (docs/mcp-tools.md). */
export interface TimersLook {
  /** Short timers of chains begun at or after the look's time that have not run. */
  readonly pending: number;
  /** Such timers any look saw pending: those still pending and those that ran since (not the cleared ones). */
  readonly waited: number;
}

/**
 * The page's short `setTimeout`s that have not run or been cleared, each with when its chain
 * began (its root, ms since the epoch): a timer set in another timer's callback continues that
 * timer's chain, so a chain the page began before an action (a clock re-arming itself) never
 * counts as the action's.
 */
export class ShortTimers {
  private readonly pending = new Map<number, number>();
  private readonly seen = new Set<number>();
  private readonly ran = new Float64Array(MAX_RAN).fill(-Infinity);
  private next = 0;

  /** A short timer `id` was set; `root`: when its chain began. */
  set(id: number, root: number): void {
    this.pending.set(id, root);
    if (this.pending.size > MAX_PENDING) {
      const oldest = this.pending.keys().next().value as number;
      this.pending.delete(oldest);
      this.seen.delete(oldest);
    }
  }

  /** Timer `id` ran (`ran`), or was cleared. */
  end(id: number, ran: boolean): void {
    const root = this.pending.get(id);
    if (root === undefined) return;
    this.pending.delete(id);
    if (this.seen.delete(id) && ran) {
      this.ran[this.next] = root;
      this.next = (this.next + 1) % MAX_RAN;
    }
  }

  /** A settle's look for the action that began at `since` (ms since the epoch). */
  look(since: number): TimersLook {
    let pending = 0;
    for (const [id, root] of this.pending) {
      if (root < since) continue;
      pending++;
      this.seen.add(id);
    }
    let waited = pending;
    for (const root of this.ran) if (root >= since) waited++;
    return { pending, waited };
  }
}
