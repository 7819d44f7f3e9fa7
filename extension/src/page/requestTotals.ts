import type { RequestType } from '../../../src/domain/wire/entries.js';
import { PERFORMANCE_LIMITS, type TimedRequest, type TypeTotal } from '../../../src/domain/wire/performance.js';
import { scrubbedUrl } from './scrubbedUrl.js';
import { resourceType } from './resources.js';

/** The parts of a `PerformanceResourceTiming` (or the navigation's) read here. */
export interface RequestEntry {
  readonly name: string;
  readonly entryType: string;
  readonly initiatorType: string;
  readonly startTime: number;
  readonly duration: number;
  readonly transferSize?: number;
  readonly renderBlockingStatus?: string;
}

const round = (ms: number) => Math.max(0, Math.round(ms));

/** A request kept as the browser timed it; its wire shape (and redacted url) is made when sent. */
interface Kept {
  readonly url: string;
  readonly type: RequestType;
  readonly start: number;
  readonly duration: number;
  readonly size: number;
  readonly blocking: boolean;
}

/** Keeps the `max` slowest of `list` after adding `item` (list stays sorted, slowest first). */
function keepTop(list: Kept[], item: Kept, max: number): void {
  if (list.length === max && item.duration <= (list[max - 1] as Kept).duration) return;
  if (list.length === max) list.pop();
  list.push(item);
  list.sort((a, b) => b.duration - a.duration);
}

const wire = (kept: Kept): TimedRequest => ({
  url: scrubbedUrl(kept.url, PERFORMANCE_LIMITS.url),
  type: kept.type,
  start_ms: round(kept.start),
  duration_ms: round(kept.duration),
  ...(kept.size > 0 ? { size: kept.size } : {}),
  ...(kept.blocking ? { blocking: true } : {}),
});

/**
 * The page's requests summed up (docs/mcp-tools.md), from Resource Timing: count and bytes transferred by
 * type, the slowest few, and those that held the first render (`renderBlockingStatus`). Bounded
 * whatever the page loads: a few numbers per type and ≤ 15 requests kept.
 */
export class RequestTotals {
  count = 0;
  bytes = 0;
  blockingCount = 0;
  readonly byType: Partial<Record<RequestType, { count: number; bytes: number }>> = {};
  private readonly slow: Kept[] = [];
  private readonly blockers: Kept[] = [];
  /** The wire shapes, made at the first send after a request came (a page sends the same often). */
  private wire: { slowest?: TimedRequest[]; blocking?: TimedRequest[]; totals?: Partial<Record<RequestType, TypeTotal>> } = {};

  add(entry: RequestEntry): void {
    if (!/^https?:/i.test(entry.name)) return;
    const type: RequestType =
      entry.entryType === 'navigation'
        ? 'document'
        : entry.initiatorType === 'fetch'
          ? 'fetch'
          : entry.initiatorType === 'xmlhttprequest'
            ? 'xhr'
            : resourceType(entry.initiatorType, entry.name);
    const size = Math.max(0, entry.transferSize ?? 0);
    this.wire = {};
    this.count++;
    this.bytes += size;
    const total = (this.byType[type] ??= { count: 0, bytes: 0 });
    total.count++;
    total.bytes += size;
    const blocking = entry.renderBlockingStatus === 'blocking';
    const kept: Kept = { url: entry.name, type, start: entry.startTime, duration: entry.duration, size, blocking };
    keepTop(this.slow, kept, PERFORMANCE_LIMITS.slowest);
    if (blocking) {
      this.blockingCount++;
      keepTop(this.blockers, kept, PERFORMANCE_LIMITS.blocking);
    }
  }

  // Each the same object until the next request: do not change what they return.
  slowest(): TimedRequest[] {
    return (this.wire.slowest ??= this.slow.map(wire));
  }

  blocking(): TimedRequest[] {
    return (this.wire.blocking ??= this.blockers.map(wire));
  }

  totals(): Partial<Record<RequestType, TypeTotal>> {
    return (this.wire.totals ??= Object.fromEntries(Object.entries(this.byType).map(([type, total]) => [type, { ...total }])));
  }
}
