/**
 * Chrome's limit on `captureVisibleTab` (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND) as its quota
 * service keeps it, measured in Chromium 156: a capture asked after the last window closed opens a
 * window of `windowMs`; it takes `perWindow` captures, and one more is refused until it closes.
 * So two screenshots in a row both go at once, and only a third within the second waits. Chrome
 * counts from when it receives the call, a little after the worker makes it: a capture is never
 * sent within `marginMs` either side of a window's end, where the two clocks could disagree.
 * `now` is given, never read (ms).
 */
export class CaptureQuota {
  private opened = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly marginMs: number,
  ) {}

  /** How long from `now` the next capture waits for its turn (ms); 0: it may be asked now. */
  waitMs(now: number): number {
    const closes = this.opened + this.windowMs;
    if (now > closes + this.marginMs) return 0;
    if (this.used < this.perWindow && now <= closes - this.marginMs) return 0;
    return closes + this.marginMs + 1 - now;
  }

  /**
   * A capture is asked of Chrome at `now` (after `waitMs` said 0). `afterRefusal`: Chrome refused
   * this capture before and now took it, so its window opened now.
   */
  took(now: number, afterRefusal = false): void {
    if (afterRefusal || now > this.opened + this.windowMs + this.marginMs) {
      this.opened = now;
      this.used = 1;
    } else this.used++;
  }

  /** Chrome refused a capture at `now` (another caller, or a window opened before this worker started): nothing more until `now` + `windowMs`. */
  refused(now: number): void {
    this.opened = now;
    this.used = this.perWindow;
  }
}
