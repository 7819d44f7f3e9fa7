import type { MetaNotice } from '../../domain/streaming/Subscription.js';
import { details, type CapturedEvent } from '../../domain/streaming/classify.js';
import type { StreamLevel, StreamMessage } from '../ports/StreamOutletPort.js';

const LEVEL: Readonly<Record<CapturedEvent['severity'], StreamLevel>> = {
  critical: 'critical',
  high: 'error',
  medium: 'warning',
  low: 'info',
};

/** The `data` of an event's notification, which is also what `alerts` lists: small, with the entry's `id` for the rest. */
export function eventData(event: CapturedEvent): Readonly<Record<string, unknown>> {
  return {
    ...(event.id === undefined ? {} : { id: event.id }),
    event_type: event.type,
    severity: event.severity,
    timestamp: new Date(event.ts).toISOString(),
    message: event.message ?? '',
    url: event.url ?? '',
    ...(event.tabId === undefined ? {} : { tab_id: event.tabId }),
    ...details(event),
  };
}

/** docs/streaming.md level mapping: critical→critical, high→error, medium→warning, low→info. */
export function eventMessage(event: CapturedEvent): StreamMessage {
  return { level: LEVEL[event.severity], data: eventData(event) };
}

/** `rate_limit_exceeded` / `buffer_full` / `streaming_paused`: level warning, not counted against the limit. */
export function metaMessage(notice: MetaNotice | { type: 'streaming_paused'; held: number }, now: number): StreamMessage {
  const { type, ...counts } = notice;
  return { level: 'warning', data: { event_type: type, ...counts, timestamp: new Date(now).toISOString() } };
}
