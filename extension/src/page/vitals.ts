import {
  type CLSAttribution,
  type INPAttribution,
  type LCPAttribution,
  type MetricWithAttribution,
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
} from 'web-vitals/attribution';
import { PERFORMANCE_LIMITS, type VitalAttribution } from '../../../src/domain/wire/performance.js';
import type { VitalWire } from '../shared/protocol.js';
import { locatorOf, selectorOf } from './elementNames.js';
import { scrub } from './networkCommon.js';
import type { PageBus } from './PageBus.js';
import { scriptsOf } from './longFrames.js';

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

const ms = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? undefined : Math.max(0, Math.round(value));

/** Drops undefined fields (an attribution says only what is known). */
function known<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/**
 * Why a vital has its value (docs/mcp-tools.md), from web-vitals' attribution: LCP's resource and its four
 * parts (and whether the image was lazy-loaded), INP's input kind, three parts, target locator and
 * the longest scripts of its long animation frames, CLS's largest shift and the elements it moved.
 * Bounded: ≤ 3 scripts, ≤ 5 elements, capped texts.
 */
export function vitalAttribution(metric: MetricWithAttribution): VitalAttribution | undefined {
  switch (metric.name) {
    case 'LCP': {
      const a = metric.attribution as LCPAttribution;
      const element = a.lcpEntry?.element;
      return known({
        resource_url: a.url === undefined || a.url === '' ? undefined : scrub.url(a.url).slice(0, PERFORMANCE_LIMITS.url),
        ttfb_ms: ms(a.timeToFirstByte),
        load_delay_ms: ms(a.resourceLoadDelay),
        load_ms: ms(a.resourceLoadDuration),
        render_delay_ms: ms(a.elementRenderDelay),
        lazy: element instanceof HTMLImageElement && element.loading === 'lazy' ? true : undefined,
      });
    }
    case 'INP': {
      const a = metric.attribution as INPAttribution;
      const target = metric.entries.find((entry) => entry.target != null)?.target;
      const scripts = scriptsOf(a.longAnimationFrameEntries.flatMap((frame) => [...frame.scripts]));
      return known({
        interaction: a.interactionType,
        locator: target instanceof Element ? locatorOf(target) : undefined,
        input_delay_ms: ms(a.inputDelay),
        processing_ms: ms(a.processingDuration),
        presentation_ms: ms(a.presentationDelay),
        scripts: scripts.length === 0 ? undefined : scripts,
      });
    }
    case 'CLS': {
      const a = metric.attribution as CLSAttribution;
      const sources = (a.largestShiftEntry?.sources ?? [])
        .slice(0, PERFORMANCE_LIMITS.sources)
        .map((source) => selectorOf(source.node))
        .filter((selector): selector is string => selector !== undefined);
      return known({
        shift_ms: ms(a.largestShiftTime),
        shift_value: a.largestShiftValue === undefined ? undefined : Math.round(a.largestShiftValue * 10_000) / 10_000,
        sources: sources.length === 0 ? undefined : sources,
      });
    }
    default:
      return undefined;
  }
}

/**
 * LCP, CLS, INP, FCP and TTFB with the semantics of Google's `web-vitals` library (docs/extension.md), its
 * attribution build: each value with its rating and the element it is about. Every change is
 * reported (`reportAllChanges`: LCP as candidates paint, CLS as it grows, INP as a slower
 * interaction comes), so an agent reading while the page is open sees them; the library's final
 * values on hide and page exit come the same way. A value reported again unchanged is not re-sent.
 * Each carries why it has its value (`vitalAttribution`).
 * The library sees the page as a person acting where browsertap did would have (PersonObserver):
 * the agent's clicks and keys end LCP and excuse the shifts after them, as a person's do.
 */
export function observeVitals(bus: PageBus, now: () => number): void {
  const sent = new Map<string, string>();
  const report = (metric: MetricWithAttribution) => {
    const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
    const target = vitalTarget(metric);
    let attribution: VitalAttribution | undefined;
    try {
      attribution = vitalAttribution(metric);
    } catch {
      // an attribution this browser cannot give: the value still goes
    }
    const key = `${value} ${target ?? ''} ${attribution?.scripts?.[0]?.duration_ms ?? ''}`;
    if (sent.get(metric.name) === key) return;
    sent.set(metric.name, key);
    const entry: VitalWire = {
      name: metric.name,
      value,
      rating: metric.rating,
      url: location.href,
      ts: now(),
      ...(target === undefined ? {} : { target }),
      ...(attribution === undefined || Object.keys(attribution).length === 0 ? {} : { attribution }),
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
