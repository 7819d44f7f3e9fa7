import type { ScriptTiming } from './attribution.js';
import type { RequestType } from './entries.js';

export { INVOKER_TYPES, type InvokerType, PERFORMANCE_LIMITS, type ScriptTiming, type VitalAttribution } from './attribution.js';

/**
 * Where the time of a page goes (docs/mcp-tools.md), in the wire shape the extension posts and the daemon
 * keeps: snake_case, durations in ms (rounded), offsets in ms since the document began.
 */

/** One long animation frame (`long-animation-frame`, ≥ 50 ms). */
export interface LongFrame {
  readonly start_ms: number;
  readonly duration_ms: number;
  /** The part of it that kept input waiting (`blockingDuration`). */
  readonly blocking_ms: number;
  /** Style, layout and paint at its end (ms from `renderStart`). */
  readonly render_ms?: number;
  /** Its longest scripts, longest first. */
  readonly scripts: readonly ScriptTiming[];
}

/** A request of the page (Resource Timing). */
export interface TimedRequest {
  readonly url: string;
  readonly type: RequestType;
  readonly start_ms: number;
  readonly duration_ms: number;
  /** Bytes transferred (0 from the cache, or hidden by another origin). */
  readonly size?: number;
  /** The browser held the first render for it (`renderBlockingStatus: "blocking"`). */
  readonly blocking?: boolean;
}

export interface TypeTotal {
  readonly count: number;
  readonly bytes: number;
}

/**
 * One page's record (`POST /performance`): the longest frames since it loaded with their top
 * scripts, and its requests summed up. The page sends it again as it changes; the newest one of
 * a page (tab and url) replaces the one before.
 */
export interface PagePerformance {
  readonly url: string;
  readonly ts: number;
  readonly tab_id?: number;
  readonly frame_url?: string;
  /** Long animation frames since the load, and the sum of their blocking time (ms). */
  readonly frame_count: number;
  readonly blocking_ms: number;
  readonly frames: readonly LongFrame[];
  readonly request_count: number;
  /** Bytes transferred in all. */
  readonly bytes: number;
  readonly by_type: Readonly<Partial<Record<RequestType, TypeTotal>>>;
  readonly slowest: readonly TimedRequest[];
  /** Requests that held the first render, and how many there were (more than kept, sometimes). */
  readonly blocking: readonly TimedRequest[];
  readonly blocking_count: number;
}
