import type { RequestType } from '../../../src/domain/capture/entries.js';
import { PERFORMANCE_LIMITS, type TimedRequest, type TypeTotal } from '../../../src/domain/capture/performance.js';
import { scrub } from './networkCommon.js';
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

/** Keeps the `max` largest of `list` by `key` after adding `item` (list stays sorted, largest first). */
function keepTop<T>(list: T[], item: T, key: (item: T) => number, max: number): boolean {
  if (list.length === max && key(item) <= key(list[max - 1] as T)) return false;
  if (list.length === max) list.pop();
  list.push(item);
  list.sort((a, b) => key(b) - key(a));
  return true;
}

/**
 * The page's requests summed up (SPEC 13), from Resource Timing: count and bytes transferred by
 * type, the slowest few, and those that held the first render (`renderBlockingStatus`). Bounded
 * whatever the page loads: a few numbers per type and ≤ 15 requests kept.
 */
export class RequestTotals {
  count = 0;
  bytes = 0;
  blockingCount = 0;
  readonly byType: Partial<Record<RequestType, { count: number; bytes: number }>> = {};
  private readonly slow: TimedRequest[] = [];
  private readonly blockers: TimedRequest[] = [];

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
    this.count++;
    this.bytes += size;
    const total = (this.byType[type] ??= { count: 0, bytes: 0 });
    total.count++;
    total.bytes += size;
    const blocking = entry.renderBlockingStatus === 'blocking';
    const request = (): TimedRequest => ({
      url: scrub.url(entry.name).slice(0, PERFORMANCE_LIMITS.url),
      type,
      start_ms: round(entry.startTime),
      duration_ms: round(entry.duration),
      ...(size > 0 ? { size } : {}),
      ...(blocking ? { blocking: true } : {}),
    });
    const duration = (item: TimedRequest) => item.duration_ms;
    if (this.slow.length < PERFORMANCE_LIMITS.slowest || entry.duration > duration(this.slow.at(-1) as TimedRequest)) {
      keepTop(this.slow, request(), duration, PERFORMANCE_LIMITS.slowest);
    }
    if (blocking) {
      this.blockingCount++;
      keepTop(this.blockers, request(), duration, PERFORMANCE_LIMITS.blocking);
    }
  }

  slowest(): TimedRequest[] {
    return [...this.slow];
  }

  blocking(): TimedRequest[] {
    return [...this.blockers];
  }

  totals(): Partial<Record<RequestType, TypeTotal>> {
    return Object.fromEntries(Object.entries(this.byType).map(([type, total]) => [type, { ...total }]));
  }
}
