import type { DialogOrder } from '../shared/protocol.js';

/** A layout shift this soon after input is the input's doing, not the page's (Chrome's `hadRecentInput`, ms). */
export const RECENT_INPUT_MS = 500;
/** Input windows remembered (older ones are long past any entry still to come). */
const MAX_WINDOWS = 64;
/** Longest a command is taken to act when it never says `end` (its worker died), ms. */
const MAX_ACTING_MS = 120_000;

/**
 * The events by which a person's input ends LCP or excuses a layout shift, as browsertap's
 * synthetic copies of them arrive: a click (pointerdown, mousedown, click), a key (keydown), a
 * choice a person makes by clicking (change: select, upload), a drop.
 */
export const AGENT_INPUT_EVENTS = ['pointerdown', 'mousedown', 'click', 'keydown', 'change', 'drop'] as const;

/**
 * When browsertap's own input reached the page, so Web Vitals count what a person would see
 * (docs/extension.md). A person's input is trusted: Chrome stops LCP at the first one and marks layout
 * shifts in the next 500 ms `hadRecentInput`, which CLS leaves out. browsertap's clicks and keys
 * are synthetic (untrusted) events, which Chrome ignores for both. This class remembers them —
 * untrusted input events while a command acts in the page (a page's own synthetic events the
 * rest of the time are not input) — and answers the two questions Chrome answers for trusted
 * input. Times are the page's `performance.now()` timeline, as performance entries' `startTime`.
 */
export class AgentInput {
  private acting = 0;
  private actingUntil = 0;
  private firstInput: number | undefined;
  /** Disjoint `[from, to]` windows after the agent's input, oldest first. */
  private readonly windows: Array<[number, number]> = [];

  constructor(private readonly now: () => number) {}

  /** The worker's `browsertap:dialogs` order: a command starts or ends acting in this page. */
  order(order: DialogOrder): void {
    const at = this.now();
    if (order.acting === 'start') {
      if (at > this.actingUntil) this.acting = 0;
      this.acting++;
      const forMs = typeof order.for_ms === 'number' && order.for_ms >= 0 ? Math.min(order.for_ms, MAX_ACTING_MS) : 0;
      this.actingUntil = Math.max(this.actingUntil, at + forMs);
    } else if (order.acting === 'end') {
      this.acting = Math.max(0, this.acting - 1);
    }
  }

  /** An input event reached the page: the agent's when untrusted and a command is acting. */
  seen(event: Pick<Event, 'isTrusted'>): void {
    const at = this.now();
    if (event.isTrusted || this.acting === 0 || at > this.actingUntil) return;
    this.firstInput ??= at;
    const last = this.windows[this.windows.length - 1];
    if (last !== undefined && at <= last[1]) last[1] = at + RECENT_INPUT_MS;
    else this.windows.push([at, at + RECENT_INPUT_MS]);
    if (this.windows.length > MAX_WINDOWS) this.windows.shift();
  }

  /** False for an LCP candidate painted at or after the agent's first input: a person's would have ended LCP. */
  lcpCounts(startTime: number): boolean {
    return this.firstInput === undefined || startTime < this.firstInput;
  }

  /** False for a layout shift within 500 ms after the agent's input: a person's would have excused it. */
  shiftCounts(startTime: number): boolean {
    return !this.windows.some(([from, to]) => startTime >= from && startTime <= to);
  }

  /** Listens for input on `target` (the page's window, capture phase: before the page's own handlers). */
  listen(target: Pick<Window, 'addEventListener'>): void {
    for (const type of AGENT_INPUT_EVENTS) target.addEventListener(type, (event) => this.seen(event), { capture: true });
  }
}
