import {
  INVOKER_TYPES,
  type InvokerType,
  type LongFrame,
  PERFORMANCE_LIMITS,
  type ScriptTiming,
} from '../../../src/domain/wire/performance.js';
import { scrubbedUrl } from './scrubbedUrl.js';

/** The parts of a `PerformanceScriptTiming` (Long Animation Frames API) read here. */
export interface ScriptEntry {
  readonly duration: number;
  readonly sourceURL?: string;
  readonly sourceFunctionName?: string;
  readonly sourceCharPosition?: number;
  readonly invoker?: string;
  readonly invokerType?: string;
  readonly forcedStyleAndLayoutDuration?: number;
}

/** The parts of a `PerformanceLongAnimationFrameTiming` read here. */
export interface FrameEntry {
  readonly startTime: number;
  readonly duration: number;
  readonly blockingDuration?: number;
  readonly renderStart?: number;
  readonly scripts?: readonly ScriptEntry[];
}

const round = (ms: number) => Math.max(0, Math.round(ms));
const text = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : value.slice(0, PERFORMANCE_LIMITS.text);

/** A LoAF script in the wire shape (its source position is the worker's to find). */
function scriptOf(entry: ScriptEntry): ScriptTiming {
  const layout = round(entry.forcedStyleAndLayoutDuration ?? 0);
  const char = entry.sourceCharPosition;
  const fn = text(entry.sourceFunctionName);
  const invoker = text(entry.invoker);
  return {
    url: entry.sourceURL ? scrubbedUrl(entry.sourceURL, PERFORMANCE_LIMITS.url) : '',
    ...(fn === undefined ? {} : { fn }),
    ...(char !== undefined && Number.isSafeInteger(char) && char >= 0 ? { char } : {}),
    ...(invoker === undefined ? {} : { invoker }),
    ...(INVOKER_TYPES.includes(entry.invokerType as InvokerType) ? { invoker_type: entry.invokerType as InvokerType } : {}),
    duration_ms: round(entry.duration),
    ...(layout > 0 ? { layout_ms: layout } : {}),
  };
}

/** The longest scripts of some long frames (≤ PERFORMANCE_LIMITS.scripts), longest first. */
export function scriptsOf(scripts: readonly ScriptEntry[]): ScriptTiming[] {
  return longestScripts(scripts).map(scriptOf);
}

function longestScripts(scripts: readonly ScriptEntry[]): ScriptEntry[] {
  const top: ScriptEntry[] = [];
  for (const script of scripts.slice(0, 200)) {
    if (top.length < PERFORMANCE_LIMITS.scripts) top.push(script);
    else if (script.duration > (top.at(-1) as ScriptEntry).duration) top[top.length - 1] = script;
    else continue;
    top.sort((a, b) => b.duration - a.duration);
  }
  return top;
}

/**
 * The longest animation frames since the load (≤ PERFORMANCE_LIMITS.frames), longest first, with
 * their top scripts; every frame counted and its blocking time summed. A frame no longer than the
 * shortest kept one costs a comparison: a page full of long frames pays next to nothing. Kept
 * frames hold the browser's numbers; the wire shape (with its redacted urls) is made when sent.
 */
export class LongFrames {
  count = 0;
  blockingMs = 0;
  private readonly kept: Array<{ readonly duration: number; readonly entry: FrameEntry; readonly scripts: ScriptEntry[] }> = [];
  /** The kept frames' wire shape, made at the first send after they changed (a page sends the same often). */
  private wire: LongFrame[] | undefined;

  /**
   * Counts `entry` and keeps it if it is among the longest; how much longer it is than the frame
   * it pushed out (ms: Infinity while fewer than 5 are kept, 0 when it was not kept).
   */
  add(entry: FrameEntry): number {
    this.count++;
    this.blockingMs += entry.blockingDuration ?? 0;
    const max = PERFORMANCE_LIMITS.frames;
    const shortest = this.kept.length === max ? (this.kept[max - 1] as { duration: number }).duration : -Infinity;
    if (entry.duration <= shortest) return 0;
    const { startTime, duration, blockingDuration, renderStart } = entry;
    if (this.kept.length === max) this.kept.pop();
    this.kept.push({
      duration,
      entry: { startTime, duration, blockingDuration, renderStart },
      scripts: longestScripts(entry.scripts ?? []),
    });
    this.kept.sort((a, b) => b.duration - a.duration);
    this.wire = undefined;
    return entry.duration - shortest;
  }

  /** The kept frames in wire shape (the same array until a frame is kept: do not change it). */
  frames(): LongFrame[] {
    this.wire ??= this.kept.map(({ entry, scripts }) => {
      const render = entry.renderStart ? entry.startTime + entry.duration - entry.renderStart : 0;
      return {
        start_ms: round(entry.startTime),
        duration_ms: round(entry.duration),
        blocking_ms: round(entry.blockingDuration ?? 0),
        ...(render > 0 ? { render_ms: round(render) } : {}),
        scripts: scripts.map(scriptOf),
      };
    });
    return this.wire;
  }
}
