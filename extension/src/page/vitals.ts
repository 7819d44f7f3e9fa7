import { type MetricWithAttribution, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals/attribution';
import type { VitalWire } from '../shared/protocol.js';
import type { PageBus } from './PageBus.js';

/** Longest element selector kept for a vital's target (characters). */
const MAX_TARGET = 300;

/** The element a vital is about (web-vitals' attribution): the LCP element, the INP target, the largest CLS source. */
export function vitalTarget(metric: MetricWithAttribution): string | undefined {
  const attribution = metric.attribution as { target?: string; interactionTarget?: string; largestShiftTarget?: string };
  const target =
    metric.name === 'LCP'
      ? attribution.target
      : metric.name === 'INP'
        ? attribution.interactionTarget
        : metric.name === 'CLS'
          ? attribution.largestShiftTarget
          : undefined;
  return target === undefined || target === '' ? undefined : target.slice(0, MAX_TARGET);
}

/**
 * LCP, CLS, INP, FCP and TTFB with the semantics of Google's `web-vitals` library (SPEC 8), its
 * attribution build: each value with its rating and the element it is about. Every change is
 * reported (`reportAllChanges`: LCP as candidates paint, CLS as it grows, INP as a slower
 * interaction comes), so an agent reading while the page is open sees them; the library's final
 * values on hide and page exit come the same way. A value reported again unchanged is not re-sent.
 * The library sees the page as a person acting where browsertap did would have (PersonObserver):
 * the agent's clicks and keys end LCP and excuse the shifts after them, as a person's do.
 */
export function observeVitals(bus: PageBus, now: () => number): void {
  const sent = new Map<string, string>();
  const report = (metric: MetricWithAttribution) => {
    const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
    const target = vitalTarget(metric);
    const key = `${value} ${target ?? ''}`;
    if (sent.get(metric.name) === key) return;
    sent.set(metric.name, key);
    const entry: VitalWire = {
      name: metric.name,
      value,
      rating: metric.rating,
      url: location.href,
      ts: now(),
      ...(target === undefined ? {} : { target }),
    };
    bus.add('vitals', entry);
  };
  const options = { reportAllChanges: true };
  const starts: Array<() => void> = [
    () => onTTFB(report, options),
    () => onFCP(report, options),
    () => onLCP(report, options),
    () => onCLS(report, options),
    () => onINP(report, options),
  ];
  for (const start of starts) {
    try {
      start();
    } catch {
      // a metric this browser cannot measure
    }
  }
}
