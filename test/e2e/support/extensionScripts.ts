/** Trace categories that show each script's evaluation with its url (Chromium's own trace). */
export const SCRIPT_TRACE_CATEGORIES = ['v8', 'devtools.timeline', 'disabled-by-default-v8.compile'];

/** One event of Chromium's trace (the fields read here). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** The thread's own clock (CPU time on it), where the event has one. */
  readonly tts?: number;
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { data?: { url?: string; fileName?: string }; fileName?: string };
}

/** The extension's scripts: its files, and the capture bundles by their sourceURL name. */
const EXTENSION_SCRIPT = /^(chrome-extension:\/\/|browsertap-)/;

const urlOf = (event: TraceEvent) => event.args?.data?.url ?? event.args?.data?.fileName ?? event.args?.fileName ?? '';

/**
 * The trace's `EvaluateScript`, `v8.compile` and `v8.run` events of the extension's scripts in
 * pages (the service worker's own are not a page's cost: left out).
 */
export function extensionScriptEvents(events: readonly TraceEvent[]): TraceEvent[] {
  return events.filter((event) => {
    if (event.ph !== 'X' || event.dur === undefined) return false;
    if (event.name !== 'EvaluateScript' && event.name !== 'v8.compile' && event.name !== 'v8.run') return false;
    const url = urlOf(event);
    return EXTENSION_SCRIPT.test(url) && !url.endsWith('/worker.js');
  });
}

/**
 * ms the pages spent evaluating the extension's scripts: the union of those events' intervals, per
 * thread. `thread`: on each thread's own clock (its CPU time: 20 frames in 20 renderers on 2 cores
 * wait for a core, and the wall clock would count the wait); `wall`: on the trace's clock.
 */
export function extensionScriptMs(events: readonly TraceEvent[], clock: 'thread' | 'wall' = 'thread'): number {
  const byThread = new Map<string, Array<[number, number]>>();
  for (const event of extensionScriptEvents(events)) {
    const [from, length] = clock === 'wall' ? [event.ts, event.dur] : [event.tts, event.tdur];
    if (from === undefined || length === undefined) continue;
    const key = `${event.pid}:${event.tid}`;
    const list = byThread.get(key) ?? [];
    list.push([from, from + length]);
    byThread.set(key, list);
  }
  let total = 0;
  for (const list of byThread.values()) {
    list.sort((a, b) => a[0] - b[0]);
    let [start, end] = list[0] as [number, number];
    for (const [from, to] of list.slice(1)) {
      if (from > end) {
        total += end - start;
        [start, end] = [from, to];
      } else end = Math.max(end, to);
    }
    total += end - start;
  }
  return total / 1_000;
}
