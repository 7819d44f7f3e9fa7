import { clip } from './compact.js';
import type { VitalEntry, VitalName } from '../wire/entries.js';
import type { LongFrame, PagePerformance, ScriptTiming, TimedRequest, VitalAttribution } from '../wire/performance.js';

/** Characters of a url or position shown in a report, and of the page's own url. */
const SHOWN_CHARS = 120;
const PAGE_URL_CHARS = 200;

/** A script as an agent reads it: the function and where it is in source, or the script and offset when no map said. */
export interface ScriptView {
  readonly function?: string;
  readonly at?: string;
  readonly script?: string;
  readonly char?: number;
  readonly invoker?: string;
  readonly ms: number;
  readonly layout_ms?: number;
}

export interface FrameView {
  readonly start_ms: number;
  readonly duration_ms: number;
  readonly blocking_ms: number;
  readonly render_ms?: number;
  readonly scripts: readonly ScriptView[];
}

export interface RequestView {
  readonly url: string;
  readonly type: string;
  readonly duration_ms: number;
  readonly size?: number;
}

export type VitalView = Readonly<Record<string, unknown>> & { readonly value: number; readonly rating?: string };

/** One page in `observe performance` (docs/mcp-tools.md). */
export interface PageReport {
  readonly url: string;
  readonly tab_id?: number;
  readonly vitals: Partial<Record<VitalName, VitalView>>;
  readonly long_frames?: { readonly count: number; readonly blocking_ms: number; readonly longest: readonly FrameView[] };
  readonly requests?: {
    readonly count: number;
    readonly bytes: number;
    readonly by_type: Readonly<Record<string, { readonly count: number; readonly bytes: number }>>;
    readonly slowest: readonly RequestView[];
    readonly render_blocking: readonly RequestView[];
    readonly render_blocking_count?: number;
  };
  readonly hints: readonly string[];
}

/** `scheme://host[:port]` of an http(s) url. */
function originOf(url: string): string | undefined {
  if (!url.startsWith('http://') && !url.startsWith('https://')) return undefined;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash === -1 ? url : url.slice(0, slash);
}

/** A url of the page's own origin as its path (`/slow-theme.css`), others whole; clipped. */
export function shortUrl(url: string, pageUrl: string): string {
  const origin = originOf(pageUrl);
  return clip(origin !== undefined && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url, SHOWN_CHARS);
}

/**
 * A source position as compact entries show one (docs/extension.md): `src/slow.ts:4:17` for a file of the
 * page's origin (its query, a dev server's `?t=…`, left out), other urls whole.
 */
export function shortAt(at: string, pageUrl: string): string {
  const origin = originOf(pageUrl);
  let text = origin !== undefined && at.startsWith(`${origin}/`) ? at.slice(origin.length + 1) : at;
  const query = text.indexOf('?');
  const col = text.lastIndexOf(':');
  const line = text.lastIndexOf(':', col - 1);
  if (query !== -1 && line > query) text = text.slice(0, query) + text.slice(line);
  return clip(text, SHOWN_CHARS);
}

export function scriptView(script: ScriptTiming, pageUrl: string): ScriptView {
  const name = script.function ?? script.fn;
  return {
    ...(name === undefined ? {} : { function: name }),
    ...(script.at !== undefined
      ? { at: shortAt(script.at, pageUrl) }
      : script.url === ''
        ? {}
        : { script: shortUrl(script.url, pageUrl), ...(script.char === undefined ? {} : { char: script.char }) }),
    ...(script.invoker === undefined ? {} : { invoker: clip(script.invoker, SHOWN_CHARS) }),
    ms: script.duration_ms,
    ...(script.layout_ms === undefined ? {} : { layout_ms: script.layout_ms }),
  };
}

function frameView(frame: LongFrame, pageUrl: string): FrameView {
  return {
    start_ms: frame.start_ms,
    duration_ms: frame.duration_ms,
    blocking_ms: frame.blocking_ms,
    ...(frame.render_ms === undefined ? {} : { render_ms: frame.render_ms }),
    scripts: frame.scripts.map((script) => scriptView(script, pageUrl)),
  };
}

function requestView(request: TimedRequest, pageUrl: string): RequestView {
  return {
    url: shortUrl(request.url, pageUrl),
    type: request.type,
    duration_ms: request.duration_ms,
    ...(request.size === undefined ? {} : { size: request.size }),
  };
}

/** A vital with its attribution laid out for reading: what it is about, then its parts. */
export function vitalView(entry: VitalEntry, pageUrl: string): VitalView {
  const a: VitalAttribution = entry.attribution ?? {};
  const base = {
    value: entry.value,
    ...(entry.rating === undefined ? {} : { rating: entry.rating }),
    ...(entry.target === undefined ? {} : { target: clip(entry.target, SHOWN_CHARS) }),
  };
  switch (entry.name) {
    case 'LCP':
      return {
        ...base,
        ...(a.resource_url === undefined ? {} : { url: shortUrl(a.resource_url, pageUrl) }),
        ...(a.lazy === true ? { lazy: true } : {}),
        ...pick(a, ['ttfb_ms', 'load_delay_ms', 'load_ms', 'render_delay_ms']),
      };
    case 'INP':
      return {
        ...base,
        ...(a.locator === undefined ? {} : { locator: a.locator }),
        ...pick(a, ['interaction', 'input_delay_ms', 'processing_ms', 'presentation_ms']),
        ...(a.scripts === undefined || a.scripts.length === 0
          ? {}
          : { scripts: a.scripts.map((script) => scriptView(script, pageUrl)) }),
      };
    case 'CLS':
      return {
        ...base,
        ...(a.sources === undefined ? {} : { moved: a.sources.map((source) => clip(source, SHOWN_CHARS)) }),
        ...pick(a, ['shift_value', 'shift_ms']),
      };
    default:
      return base;
  }
}

function pick(from: VitalAttribution, keys: ReadonlyArray<keyof VitalAttribution>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

/**
 * One page's report: its latest vitals broken down, its longest frames with their scripts, its
 * requests summed up, and the hints that cross a threshold (`performanceHints`). Either source may
 * be missing (no vitals yet, or no record from the page): the report says what is known.
 */
export function pageReport(
  url: string,
  tabId: number | undefined,
  vitals: Partial<Record<VitalName, VitalEntry>>,
  record: PagePerformance | undefined,
): PageReport {
  const views: Partial<Record<VitalName, VitalView>> = {};
  for (const name of ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const) {
    const entry = vitals[name];
    if (entry !== undefined) views[name] = vitalView(entry, url);
  }
  return {
    url: clip(url, PAGE_URL_CHARS),
    ...(tabId === undefined ? {} : { tab_id: tabId }),
    vitals: views,
    ...(record === undefined
      ? {}
      : {
          long_frames: {
            count: record.frame_count,
            blocking_ms: record.blocking_ms,
            longest: record.frames.map((frame) => frameView(frame, url)),
          },
          requests: {
            count: record.request_count,
            bytes: record.bytes,
            by_type: record.by_type as Record<string, { count: number; bytes: number }>,
            slowest: record.slowest.map((request) => requestView(request, url)),
            render_blocking: record.blocking.map((request) => requestView(request, url)),
            ...(record.blocking_count > record.blocking.length ? { render_blocking_count: record.blocking_count } : {}),
          },
        }),
    hints: performanceHints(url, vitals, record),
  };
}

/** The thresholds past which a fact becomes a hint (ms unless said). */
export const HINT_THRESHOLDS = Object.freeze({
  /** An LCP resource asked for this late after the first byte, lazy-loaded. */
  lazyLoadDelay: 100,
  /** An LCP resource asked for this late, and for at least a quarter of LCP, without being lazy. */
  lateDiscovery: 500,
  renderDelay: 500,
  ttfb: 800,
  renderBlocking: 300,
  /** A script of an interaction, and the interaction's parts. */
  interactionScript: 50,
  inputDelay: 100,
  processing: 100,
  presentation: 200,
  /** The INP value from which the interaction is explained (web-vitals' "needs improvement"). */
  inp: 200,
  cls: 0.1,
  longFrame: 200,
  /** JavaScript transferred (bytes). */
  scriptBytes: 1_000_000,
  /** Hints per page, at most. */
  count: 6,
});

const T = HINT_THRESHOLDS;

/** `handleAdd at src/Cart.tsx:42:7`, or the script and offset when it is not in source. */
function named(script: ScriptView): string {
  const where =
    script.at ??
    (script.script === undefined ? undefined : `${script.script}${script.char === undefined ? '' : `@${script.char}`}`);
  const name = script.function ?? 'anonymous';
  return where === undefined ? name : `${name} at ${where}`;
}

/** What an interaction was, for a sentence: `click`, `key press`. */
function inputWord(attribution: VitalAttribution): string {
  return attribution.interaction === 'keyboard' ? 'key press' : 'click';
}

/**
 * The cause of a vital in one line, when its attribution names one past a threshold: the lazy or
 * late LCP image, the slow handler of an interaction, what moved. Undefined otherwise.
 */
export function vitalCause(entry: VitalEntry, pageUrl = entry.url): string | undefined {
  const a = entry.attribution;
  if (a === undefined) return undefined;
  switch (entry.name) {
    case 'LCP': {
      const delay = a.load_delay_ms ?? 0;
      if (a.lazy === true && delay >= T.lazyLoadDelay)
        return `LCP image waited ${delay} ms before loading: it is lazy-loaded (loading="lazy")`;
      if (a.resource_url !== undefined && delay >= T.lateDiscovery && delay * 4 >= entry.value)
        return `LCP image waited ${delay} ms before loading: it is found late (preload it or give it fetchpriority="high")`;
      if ((a.render_delay_ms ?? 0) >= T.renderDelay)
        return `LCP element painted ${a.render_delay_ms} ms after it could have (render-blocking requests or a busy main thread)`;
      if ((a.ttfb_ms ?? 0) >= T.ttfb) return `the document's first byte took ${a.ttfb_ms} ms (the server's response)`;
      return undefined;
    }
    case 'INP': {
      if (entry.value < T.inp) return undefined;
      const word = inputWord(a);
      const top = a.scripts?.[0];
      if (top !== undefined && top.duration_ms >= T.interactionScript) {
        const kind = top.invoker_type === 'event-listener' ? `${word} handler` : 'script';
        return `a ${top.duration_ms} ms ${kind}: ${named(scriptView(top, pageUrl))}`;
      }
      const on = entry.target === undefined ? '' : ` on ${clip(entry.target, SHOWN_CHARS)}`;
      if ((a.input_delay_ms ?? 0) >= T.inputDelay) return `the ${word}${on} waited ${a.input_delay_ms} ms for a busy main thread`;
      if ((a.processing_ms ?? 0) >= T.processing) return `the ${word}${on} spent ${a.processing_ms} ms in its handlers`;
      if ((a.presentation_ms ?? 0) >= T.presentation)
        return `the ${word}${on} took ${a.presentation_ms} ms to paint after its handlers`;
      return undefined;
    }
    case 'CLS': {
      if (entry.value < T.cls) return undefined;
      const moved = a.sources?.[0] ?? entry.target;
      return `layout shift ${a.shift_value ?? entry.value}${a.shift_ms === undefined ? '' : ` at ${a.shift_ms} ms`}${moved === undefined ? '' : `: ${clip(moved, SHOWN_CHARS)} moved`}`;
    }
    default:
      return undefined;
  }
}

/** The few facts of a page that cross a threshold, one line each (none when nothing does). */
export function performanceHints(
  pageUrl: string,
  vitals: Partial<Record<VitalName, VitalEntry>>,
  record: PagePerformance | undefined,
): string[] {
  const hints: string[] = [];
  for (const name of ['LCP', 'INP', 'CLS'] as const) {
    const entry = vitals[name];
    const cause = entry === undefined ? undefined : vitalCause(entry, pageUrl);
    if (cause !== undefined) hints.push(cause);
  }
  if ((vitals.TTFB?.value ?? 0) >= T.ttfb && !hints.some((hint) => hint.startsWith("the document's first byte")))
    hints.push(`the document's first byte took ${vitals.TTFB?.value} ms (the server's response)`);
  if (record !== undefined) {
    for (const request of record.blocking.filter((r) => r.duration_ms >= T.renderBlocking).slice(0, 2)) {
      hints.push(`render-blocking ${request.type} ${shortUrl(request.url, pageUrl)} took ${request.duration_ms} ms`);
    }
    const inpScript = vitals.INP?.attribution?.scripts?.[0];
    const frame = record.frames.find((f) => f.duration_ms >= T.longFrame && f.scripts.length > 0);
    const top = frame?.scripts[0];
    if (frame !== undefined && top !== undefined && !(inpScript !== undefined && sameScript(top, inpScript))) {
      const via = top.invoker === undefined ? '' : ` (${clip(top.invoker, SHOWN_CHARS)})`;
      hints.push(`a ${frame.duration_ms} ms frame at ${frame.start_ms} ms: ${named(scriptView(top, pageUrl))}${via}`);
    }
    const js = record.by_type.script?.bytes ?? 0;
    if (js >= T.scriptBytes) hints.push(`${(js / 1_000_000).toFixed(1)} MB of JavaScript transferred`);
  }
  return hints.slice(0, T.count);
}

function sameScript(a: ScriptTiming, b: ScriptTiming): boolean {
  return a.url === b.url && a.char === b.char && a.fn === b.fn;
}
