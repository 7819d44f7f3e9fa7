import type { PageBus } from './PageBus.js';
import type { VitalWire } from '../shared/protocol.js';

/** Web Vitals thresholds (good ≤ first, poor > second), as web.dev defines them. */
const THRESHOLDS: Record<VitalWire['name'], readonly [number, number]> = {
  LCP: [2_500, 4_000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
  FCP: [1_800, 3_000],
  TTFB: [800, 1_800],
};

export function rate(name: VitalWire['name'], value: number): VitalWire['rating'] {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? 'good' : value > poor ? 'poor' : 'needs-improvement';
}

/** After load, how long LCP and CLS keep settling before they are first reported (ms). */
const SETTLE_MS = 1_000;

/**
 * LCP, CLS, INP, FCP and TTFB of the page, from PerformanceObserver. TTFB and FCP are reported
 * once; LCP and CLS shortly after load, and again when the page is hidden or left if they
 * changed; INP when the page is hidden or left, if there was an interaction.
 */
export function observeVitals(bus: PageBus, now: () => number, setTimer: (fn: () => void, ms: number) => void): void {
  const reported = new Map<string, number>();
  const report = (name: VitalWire['name'], value: number) => {
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    if (reported.get(name) === rounded) return;
    reported.set(name, rounded);
    bus.add('vitals', { name, value: rounded, rating: rate(name, rounded), url: location.href, ts: now() });
  };
  let lcp = 0;
  let cls = 0;
  let clsSession = 0;
  let clsSessionStart = 0;
  let clsLast = 0;
  let inp = 0;
  /** Entries queued for an observer but not yet delivered are taken before a final report. */
  const pending: Array<() => void> = [];
  const observe = (type: string, handle: (entries: PerformanceEntryList) => void, extra: Record<string, unknown> = {}) => {
    try {
      const observer = new PerformanceObserver((list) => handle(list.getEntries()));
      observer.observe({ type, buffered: true, ...extra } as PerformanceObserverInit);
      pending.push(() => handle(observer.takeRecords()));
    } catch {
      // an entry type this browser does not support
    }
  };
  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') report('FCP', entry.startTime);
  });
  observe('navigation', (entries) => {
    const nav = entries[0] as PerformanceNavigationTiming | undefined;
    if (nav !== undefined && nav.responseStart > 0) report('TTFB', nav.responseStart);
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last !== undefined) lcp = last.startTime;
  });
  observe('layout-shift', (entries) => {
    for (const entry of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
      if (entry.hadRecentInput) continue;
      // session windows: shifts less than 1 s apart, at most 5 s long
      if (clsSession > 0 && (entry.startTime - clsLast > 1_000 || entry.startTime - clsSessionStart > 5_000)) clsSession = 0;
      if (clsSession === 0) clsSessionStart = entry.startTime;
      clsSession += entry.value;
      clsLast = entry.startTime;
      cls = Math.max(cls, clsSession);
    }
  });
  observe(
    'event',
    (entries) => {
      for (const entry of entries as Array<PerformanceEntry & { interactionId?: number }>) {
        if ((entry.interactionId ?? 0) > 0) inp = Math.max(inp, entry.duration);
      }
    },
    { durationThreshold: 16 },
  );
  const settled = () => {
    if (lcp > 0) report('LCP', lcp);
    report('CLS', cls);
  };
  const onLoad = () => setTimer(settled, SETTLE_MS);
  if (document.readyState === 'complete') onLoad();
  else addEventListener('load', onLoad, { once: true });
  const final = () => {
    for (const take of pending) take(); // an interaction just before leaving is not lost
    settled();
    if (inp > 0) report('INP', inp);
  };
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') final();
  });
  addEventListener('pagehide', final); // before install's pagehide flush, which sends these
}
