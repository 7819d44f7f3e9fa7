import { BoundedQueue } from '../buffer/BoundedQueue.js';
import { DomainError } from '../DomainError.js';
import type { TextPattern } from '../text/TextPattern.js';
import { isEventType, type EventType } from './EventType.js';
import { isSeverity, meets, type Severity } from './Severity.js';
import type { StreamEvent } from './StreamEvent.js';

export type Overflow = 'queue' | 'drop';

export interface SubscriptionSpec {
  readonly eventTypes: readonly string[];
  readonly severity?: string;
  /** Compiled by the application's `PatternCompiler` (linear-time engine). */
  readonly urlPattern?: TextPattern;
  readonly excludePattern?: TextPattern;
  /** Notifications per sliding second. Default 5, or 10 when subscribed to `all`. */
  readonly rateLimit?: number;
  readonly overflow?: string;
  /** A request at least this long (ms) is `network_slow`. Default 1000. */
  readonly slowMs?: number;
}

/** A notification about the stream itself; not counted against the rate limit. */
export type MetaNotice =
  | { readonly type: 'rate_limit_exceeded'; readonly throttled: number }
  | { readonly type: 'buffer_full'; readonly dropped: number };

export interface Dispatch<E> {
  /** Events to send now, oldest first. */
  readonly send: readonly E[];
  readonly meta: readonly MetaNotice[];
  /** The offered event passed the filters (whether or not it can be sent now). */
  readonly matched?: boolean;
}

export interface SubscriptionCounters {
  readonly matched: number;
  readonly sent: number;
  readonly throttled: number;
  readonly dropped: number;
  readonly queued: number;
}

export const MAX_EVENT_TYPES = 10;
/** The smallest `slow_ms`; requests shorter than this are never `network_slow` candidates. */
export const MIN_SLOW_MS = 50;
export const QUEUE_CAPACITY = 100;
export const MAX_RATE_LIMIT = 1000;
/** Longest piece of a url or message a pattern is run against (characters). */
export const MATCH_INPUT_CAP = 2048;
const WINDOW_MS = 1000;
const NOTHING: Dispatch<never> = Object.freeze({ send: [], meta: [] });
const UNMATCHED: Dispatch<never> = Object.freeze({ send: [], meta: [], matched: false });

/**
 * One client's stream subscription (seed 003, docs/streaming.md): which events match, and a sliding
 * one-second rate limit whose excess is queued (bounded, oldest dropped) or dropped.
 */
export class Subscription<E extends StreamEvent = StreamEvent> {
  readonly eventTypes: readonly EventType[];
  readonly severity: Severity;
  readonly urlPattern: string | undefined;
  readonly excludePattern: string | undefined;
  readonly rateLimit: number;
  readonly overflow: Overflow;
  readonly slowMs: number;

  private readonly urlRegex: TextPattern | undefined;
  private readonly excludeRegex: TextPattern | undefined;
  private readonly sentAt: number[] = []; // sends inside the current window, oldest first
  private readonly waiting = new BoundedQueue<E>(QUEUE_CAPACITY);
  private counts = { matched: 0, sent: 0, throttled: 0, dropped: 0 };
  private unreportedThrottled = 0;
  private unreportedDropped = 0;
  private rateNoticeAt: number | undefined;
  private fullNoticeAt: number | undefined;

  /** @throws DomainError `invalid_params` with the specific problem. */
  constructor(spec: SubscriptionSpec) {
    this.eventTypes = checkEventTypes(spec.eventTypes);
    this.severity = checkSeverity(spec.severity);
    this.urlPattern = spec.urlPattern?.source;
    this.excludePattern = spec.excludePattern?.source;
    this.urlRegex = spec.urlPattern;
    this.excludeRegex = spec.excludePattern;
    this.rateLimit = checkRateLimit(spec.rateLimit, this.eventTypes.includes('all') ? 10 : 5);
    this.overflow = checkOverflow(spec.overflow);
    this.slowMs = checkSlowMs(spec.slowMs);
  }

  /** True when the event passes type, severity, url and exclude filters (rate limit aside). */
  matches(event: StreamEvent): boolean {
    if (!this.eventTypes.includes('all') && !this.eventTypes.includes(event.type)) return false;
    if (!meets(event.severity, this.severity)) return false;
    if (event.type === 'network_slow' && (event.durationMs ?? 0) < this.slowMs) return false;
    if (this.urlRegex === undefined && this.excludeRegex === undefined) return true;
    const url = (event.url ?? '').slice(0, MATCH_INPUT_CAP);
    if (this.urlRegex !== undefined && !this.urlRegex.test(url)) return false;
    if (this.excludeRegex !== undefined) {
      const message = (event.message ?? '').slice(0, MATCH_INPUT_CAP);
      if (this.excludeRegex.test(url) || this.excludeRegex.test(message)) return false;
    }
    return true;
  }

  /** Offers a new event at `now`: what to send now (queued events first) and any meta-notice. */
  offer(event: E, now: number): Dispatch<E> {
    const released = this.waiting.size > 0 ? this.release(now) : NOTHING;
    if (!this.matches(event)) return released === NOTHING ? UNMATCHED : { ...released, matched: false };
    this.counts.matched++;
    if (this.waiting.size === 0 && this.hasRoom(now)) {
      this.record(now);
      return { send: [...released.send, event], meta: released.meta, matched: true };
    }
    const meta = [...released.meta];
    this.counts.throttled++;
    this.unreportedThrottled++;
    if (this.overflow === 'drop') {
      this.counts.dropped++;
    } else {
      if (this.waiting.push(event) !== undefined) {
        this.counts.dropped++;
        this.unreportedDropped++;
        this.noteFull(now, meta);
      }
    }
    this.noteThrottled(now, meta);
    return { send: released.send, meta, matched: true };
  }

  /** Sends queued events the window now has room for. */
  release(now: number): Dispatch<E> {
    const send: E[] = [];
    while (this.waiting.size > 0 && this.hasRoom(now)) {
      send.push(this.waiting.shift() as E);
      this.record(now);
    }
    return { send, meta: [] };
  }

  /** When queued events can next be released (the oldest send leaves the window), if any wait. */
  nextReleaseAt(): number | undefined {
    if (this.waiting.size === 0) return undefined;
    const oldest = this.sentAt[0];
    return oldest === undefined ? undefined : oldest + WINDOW_MS;
  }

  counters(): SubscriptionCounters {
    return { ...this.counts, queued: this.waiting.size };
  }

  private hasRoom(now: number): boolean {
    while (this.sentAt.length > 0 && (this.sentAt[0] as number) <= now - WINDOW_MS) this.sentAt.shift();
    return this.sentAt.length < this.rateLimit;
  }

  private record(now: number): void {
    this.sentAt.push(now);
    this.counts.sent++;
  }

  /** At most one `rate_limit_exceeded` per window, carrying every throttle not yet reported. */
  private noteThrottled(now: number, meta: MetaNotice[]): void {
    if (this.rateNoticeAt !== undefined && now - this.rateNoticeAt < WINDOW_MS) return;
    this.rateNoticeAt = now;
    meta.push({ type: 'rate_limit_exceeded', throttled: this.unreportedThrottled });
    this.unreportedThrottled = 0;
  }

  private noteFull(now: number, meta: MetaNotice[]): void {
    if (this.fullNoticeAt !== undefined && now - this.fullNoticeAt < WINDOW_MS) return;
    this.fullNoticeAt = now;
    meta.push({ type: 'buffer_full', dropped: this.unreportedDropped });
    this.unreportedDropped = 0;
  }
}

function checkEventTypes(types: readonly string[]): EventType[] {
  if (types.length === 0) throw new DomainError('invalid_params', 'subscribe needs at least one event type');
  if (types.length > MAX_EVENT_TYPES) {
    throw new DomainError('invalid_params', `subscribe takes at most ${MAX_EVENT_TYPES} event types, got ${types.length}`);
  }
  const unknown = types.filter((t) => !isEventType(t));
  if (unknown.length > 0) throw new DomainError('invalid_params', `unknown event type(s): ${unknown.join(', ')}`);
  return [...new Set(types as EventType[])];
}

function checkSeverity(severity: string | undefined): Severity {
  if (severity === undefined) return 'low';
  if (!isSeverity(severity)) {
    throw new DomainError('invalid_params', `severity must be one of low, medium, high, critical; got '${severity}'`);
  }
  return severity;
}

function checkRateLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined) return fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RATE_LIMIT) {
    throw new DomainError('invalid_params', `rate_limit must be an integer from 1 to ${MAX_RATE_LIMIT}, got ${limit}`);
  }
  return limit;
}

export const DEFAULT_SLOW_MS = 1_000;

function checkSlowMs(slowMs: number | undefined): number {
  if (slowMs === undefined) return DEFAULT_SLOW_MS;
  if (!Number.isInteger(slowMs) || slowMs < MIN_SLOW_MS || slowMs > 60_000) {
    throw new DomainError('invalid_params', `slow_ms must be an integer from ${MIN_SLOW_MS} to 60000, got ${slowMs}`);
  }
  return slowMs;
}

function checkOverflow(overflow: string | undefined): Overflow {
  if (overflow === undefined) return 'queue';
  if (overflow !== 'queue' && overflow !== 'drop') {
    throw new DomainError('invalid_params', `overflow must be 'queue' or 'drop', got '${overflow}'`);
  }
  return overflow;
}
