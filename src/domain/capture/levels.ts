import { LOG_LEVELS, type LogEntry, type LogLevel, type NetworkEntry, type RequestType } from '../wire/entries.js';

/** True when `level` is at least `threshold` (debug < log < info < warn < error). */
export function atLeast(level: LogLevel, threshold: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

/** `observe errors`: console errors, uncaught exceptions and unhandled rejections. */
export function isError(entry: LogEntry): boolean {
  return entry.level === 'error' || entry.source === 'exception' || entry.source === 'unhandledrejection';
}

/** A request that failed: a network error (status 0 or an error text) or an HTTP status ≥ 400. */
export function isFailedRequest(entry: Pick<NetworkEntry, 'status' | 'error'>): boolean {
  return entry.status === 0 || entry.status >= 400 || entry.error !== undefined;
}

/** A request's type; one sent without a type says it through `initiator` (fetch, xhr), else other. */
export function requestType(entry: { readonly type?: RequestType; readonly initiator?: string }): RequestType {
  if (entry.type !== undefined) return entry.type;
  return entry.initiator === 'fetch' || entry.initiator === 'xhr' ? entry.initiator : 'other';
}
