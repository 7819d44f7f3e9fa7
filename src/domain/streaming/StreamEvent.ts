import type { EventType } from './EventType.js';
import type { Severity } from './Severity.js';

/** What the matching engine needs of an event; the payload sent to the agent may carry more. */
export interface StreamEvent {
  readonly type: Exclude<EventType, 'all'>;
  readonly severity: Severity;
  readonly url?: string;
  readonly message?: string;
  /** For `network_slow`: how long the request took (ms). */
  readonly durationMs?: number;
}
