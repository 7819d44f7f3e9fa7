/** One of Chrome's quota windows: when it opened (ms) and how many captures it took. */
interface Window {
  readonly opened: number;
  readonly used: number;
}

/** Hypotheses kept at most; past it they are merged into one that waits at least as long as each. */
const MAX_POSSIBLE = 4;

/**
 * Chrome's limit on `captureVisibleTab` (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND) as its quota
 * service keeps it, measured in Chromium 150: a capture asked after the last window closed opens a
 * window of `windowMs`; it takes `perWindow` captures, and one more is refused until it closes.
 * So two screenshots in a row both go at once, and only a third within the second waits.
 * Chrome counts from when it receives the call, a little after the worker makes it: a capture
 * within `marginMs` of a window's end may be counted in that window or open the next, so both
 * are kept possible, and a capture waits only when one of them would refuse it (a screenshot
 * once a second never waits). `now` is given, never read (ms).
 */
export class CaptureQuota {
  /** Every window Chrome may be counting in now; none known: the next capture opens one. */
  private possible: Window[] = [];

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly marginMs: number,
  ) {}

  /** How long from `now` the next capture waits for its turn (ms); 0: it may be asked now. */
  waitMs(now: number): number {
    let until = now;
    for (const window of this.possible)
      if (window.used >= this.perWindow) until = Math.max(until, window.opened + this.windowMs + this.marginMs + 1);
    return until - now;
  }

  /**
   * A capture is asked of Chrome at `now` (after `waitMs` said 0). `afterRefusal`: Chrome refused
   * this capture before and now took it, so its window opened now.
   */
  took(now: number, afterRefusal = false): void {
    if (afterRefusal || this.possible.length === 0) {
      this.possible = [{ opened: now, used: 1 }];
      return;
    }
    const next: Window[] = [];
    const add = (window: Window) => {
      if (!next.some((known) => known.opened === window.opened && known.used === window.used)) next.push(window);
    };
    for (const window of this.possible) {
      const closes = window.opened + this.windowMs;
      // Chrome took it, so a window it would have refused it in is not the one it counts in.
      if (now <= closes + this.marginMs && window.used < this.perWindow) add({ opened: window.opened, used: window.used + 1 });
      if (now > closes - this.marginMs) add({ opened: now, used: 1 });
    }
    this.possible =
      next.length <= MAX_POSSIBLE
        ? next
        : [{ opened: Math.max(...next.map((w) => w.opened)), used: Math.max(...next.map((w) => w.used)) }];
  }

  /** Chrome refused a capture at `now` (another caller, or a window opened before this worker started): nothing more until `now` + `windowMs`. */
  refused(now: number): void {
    this.possible = [{ opened: now, used: this.perWindow }];
  }
}
