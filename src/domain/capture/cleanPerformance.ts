import type { LongFrame, PagePerformance, ScriptTiming, TimedRequest, VitalAttribution } from '../wire/performance.js';

/** How texts from a page are made safe to keep: urls and other texts redacted and capped. */
export interface Cleaner {
  url(url: string): string;
  text(text: string): string;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Copies the named fields of `from` that are present (nothing else of a page's object is kept). */
function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Writable<Pick<T, K>>;
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

export function cleanScript(script: ScriptTiming, clean: Cleaner): ScriptTiming {
  return {
    ...pick(script, ['char', 'invoker_type', 'duration_ms', 'layout_ms']),
    url: clean.url(script.url),
    ...(script.fn === undefined ? {} : { fn: clean.text(script.fn) }),
    ...(script.invoker === undefined ? {} : { invoker: clean.text(script.invoker) }),
    ...(script.at === undefined ? {} : { at: clean.text(script.at) }),
    ...(script.function === undefined ? {} : { function: clean.text(script.function) }),
  };
}

function cleanFrame(frame: LongFrame, clean: Cleaner): LongFrame {
  return {
    ...pick(frame, ['start_ms', 'duration_ms', 'blocking_ms', 'render_ms']),
    scripts: frame.scripts.map((script) => cleanScript(script, clean)),
  };
}

function cleanRequest(request: TimedRequest, clean: Cleaner): TimedRequest {
  return { ...pick(request, ['type', 'start_ms', 'duration_ms', 'size', 'blocking']), url: clean.url(request.url) };
}

/** A vital's attribution as stored: only its known fields, texts redacted and capped. */
export function cleanAttribution(raw: VitalAttribution, clean: Cleaner): VitalAttribution {
  return {
    ...pick(raw, [
      'ttfb_ms',
      'load_delay_ms',
      'load_ms',
      'render_delay_ms',
      'lazy',
      'interaction',
      'input_delay_ms',
      'processing_ms',
      'presentation_ms',
      'shift_ms',
      'shift_value',
    ]),
    ...(raw.resource_url === undefined ? {} : { resource_url: clean.url(raw.resource_url) }),
    ...(raw.locator === undefined ? {} : { locator: clean.text(raw.locator) }),
    ...(raw.scripts === undefined ? {} : { scripts: raw.scripts.map((script) => cleanScript(script, clean)) }),
    ...(raw.sources === undefined ? {} : { sources: raw.sources.map((source) => clean.text(source)) }),
  };
}

/** A page's performance record as stored: only its known fields, urls and texts redacted and capped. */
export function cleanPerformance(raw: PagePerformance, clean: Cleaner): PagePerformance {
  return {
    ...pick(raw, ['ts', 'tab_id', 'frame_count', 'blocking_ms', 'request_count', 'bytes', 'blocking_count']),
    url: clean.url(raw.url),
    ...(raw.frame_url === undefined ? {} : { frame_url: clean.url(raw.frame_url) }),
    frames: raw.frames.map((frame) => cleanFrame(frame, clean)),
    by_type: Object.fromEntries(
      Object.entries(raw.by_type).map(([type, total]) => [type, { count: total.count, bytes: total.bytes }]),
    ),
    slowest: raw.slowest.map((request) => cleanRequest(request, clean)),
    blocking: raw.blocking.map((request) => cleanRequest(request, clean)),
  };
}
