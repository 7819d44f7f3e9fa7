import { BUS, type PerformanceWire } from '../shared/protocol.js';
import { type FrameEntry, LongFrames } from './longFrames.js';
import type { PageBus } from './PageBus.js';
import { type RequestEntry, RequestTotals } from './requestTotals.js';

export interface PerformanceClock {
  setTimeout(fn: () => void, ms: number): unknown;
  now(): number;
}

export const PERFORMANCE_SEND = Object.freeze({
  /** A new one among the longest frames is sent this long after it (ms), with what followed it. */
  frameMs: 50,
  /** Requests come in bursts as a page loads: their totals go at most this often (ms). */
  requestMs: 250,
  /**
   * A frame that only adds to the count, or is longer than the shortest kept one by less than
   * `gainMs`, waits this long (ms): a page full of similar long frames sends rarely.
   */
  countedMs: 30_000,
  gainMs: 10,
});

/**
 * Where the page's time goes (docs/mcp-tools.md), in the top document: a buffered Long Animation Frames
 * observer keeps the 5 longest frames since the load with their top scripts, and Resource Timing
 * sums the requests up (`RequestTotals`). The page's record goes to the bus as one entry, again
 * when it changes (50 ms after a new longest frame, 250 ms after requests, 30 s when only the
 * count of frames moved: a page full of long frames pays for a send rarely), at once when the relay asks for everything (read after act) and when
 * the page is hidden.
 */
export function observePerformance(bus: PageBus, clock: PerformanceClock): void {
  if (window !== window.top) return; // a frame's time is its page's: Chrome reports its scripts there
  const frames = new LongFrames();
  const requests = new RequestTotals();
  let due = Infinity;
  let dirty = false;

  const send = (urgent: boolean) => {
    due = Infinity;
    if (!dirty) return;
    dirty = false;
    const entry: PerformanceWire = {
      url: location.href,
      ts: clock.now(),
      frame_count: frames.count,
      blocking_ms: Math.round(frames.blockingMs),
      frames: frames.frames(),
      request_count: requests.count,
      bytes: requests.bytes,
      by_type: requests.totals(),
      slowest: requests.slowest(),
      blocking: requests.blocking(),
      blocking_count: requests.blockingCount,
    };
    bus.add('performance', entry, urgent);
  };
  const changed = (ms: number) => {
    dirty = true;
    if (ms === PERFORMANCE_SEND.countedMs && due !== Infinity) return; // a send is already due, as soon or sooner
    const at = clock.now() + ms;
    if (at >= due) return;
    due = at;
    clock.setTimeout(() => {
      if (clock.now() >= due) send(false);
    }, ms);
  };

  observe('long-animation-frame', (entry) =>
    changed(
      frames.add(entry as unknown as FrameEntry) >= PERFORMANCE_SEND.gainMs
        ? PERFORMANCE_SEND.frameMs
        : PERFORMANCE_SEND.countedMs,
    ),
  );
  const request = (entry: PerformanceEntry) => {
    requests.add(entry as unknown as RequestEntry);
    changed(PERFORMANCE_SEND.requestMs);
  };
  observe('navigation', request);
  observe('resource', request);
  document.addEventListener(BUS.flush, () => send(true));
  addEventListener('pagehide', () => send(true));
}

function observe(type: string, each: (entry: PerformanceEntry) => void): void {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) each(entry);
    }).observe({ type, buffered: true });
  } catch {
    // an entry type this browser does not support (Long Animation Frames: Chrome 123+)
  }
}
