import type { SettleLook } from '../shared/commands.js';
import { BUS } from '../shared/protocol.js';

/** A watch nobody has looked at for this long ends at the next change of the DOM (ms). */
const WATCH_IDLE_MS = 2_000;

interface Watch {
  readonly since: number;
  readonly observer: MutationObserver;
  /** When the DOM last changed, or the watch began (performance.now() ms). */
  changed: number;
  looked: number;
}

/** The settle under way in this document: its action's `since` and its DOM observer. */
let watch: Watch | undefined;
/** The `since` of the last action this document ran: timers count only in the document acted in. */
let actedSince: number | undefined;

/** This document runs the action that began at `since` (ms since the epoch, the worker's clock). */
export function acted(since: number): void {
  actedSince = since;
}

/**
 * One look at this document for the settle of the action that began at `since` (docs/mcp-tools.md): how long
 * its DOM has been quiet (counted from this settle's first look), its open fetch/XHR and the
 * action's pending short timers (both counted by the page's MAIN-world capture, asked with
 * synchronous DOM events). The worker does the waiting between looks, with its own timers: a
 * hidden tab's are throttled to one wake-up a second. A document the action did not run in (the
 * new one after a navigation) has no timers of the action: its own, a clock's or an animation's,
 * are not waited for.
 */
export function look(since: number): SettleLook {
  const at = performance.now();
  if (watch === undefined || watch.since !== since) {
    watch?.observer.disconnect();
    watch = begin(since, at);
  }
  if (watch.observer.takeRecords().length > 0) watch.changed = at;
  watch.looked = at;
  const timers = actedSince === since ? actionTimers(since) : { pending: 0, waited: 0 };
  return {
    quiet_ms: Math.round(at - watch.changed),
    requests: openRequests(since),
    timers: timers.pending,
    waited_timers: timers.waited,
  };
}

function begin(since: number, at: number): Watch {
  const observer = new MutationObserver(() => {
    own.changed = performance.now();
    if (own.changed - own.looked <= WATCH_IDLE_MS) return;
    observer.disconnect();
    if (watch === own) watch = undefined;
  });
  const own: Watch = { since, observer, changed: at, looked: at };
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return own;
}

/** The page's capture answers at once (a DOM event is dispatched synchronously); none answering is 0. */
function openRequests(since: number): number {
  const [open] = ask(BUS.inflight, BUS.inflightCount, since);
  return open ?? 0;
}

function actionTimers(since: number): { pending: number; waited: number } {
  const [pending, waited] = ask(BUS.timers, BUS.timersCount, since);
  return { pending: pending ?? 0, waited: waited ?? pending ?? 0 };
}

/** The numbers the page's capture answers `question` with (a page without capture answers none). */
function ask(question: string, answer: string, since: number): number[] {
  let numbers: number[] = [];
  const hear = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    numbers = detail
      .slice(0, 40)
      .split(' ', 2)
      .map((n) => Math.max(0, Number(n) || 0));
  };
  document.addEventListener(answer, hear);
  document.dispatchEvent(new CustomEvent(question, { detail: String(since) }));
  document.removeEventListener(answer, hear);
  return numbers;
}
