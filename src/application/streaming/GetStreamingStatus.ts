import { inject, injectable } from 'inversify';
import type { OutletState, StreamOutletPort } from '../ports/StreamOutletPort.js';
import { TYPES } from '../tokens.js';
import { StreamDispatcher } from './StreamDispatcher.js';

export interface StreamingStatusPayload {
  readonly streaming_enabled: boolean;
  readonly subscription: {
    readonly subscribe: readonly string[];
    readonly filters: Readonly<Record<string, unknown>>;
  } | null;
  readonly counters: { readonly matched: number; readonly sent: number; readonly throttled: number; readonly dropped: number };
  /** Events waiting for the rate-limit window. */
  readonly queue_depth: number;
  /** Matched events not yet returned in a tool result. */
  readonly unseen_alerts: number;
  readonly stream: OutletState;
}

/** `configure {action:"streaming_status"}`: the client's subscription, counters and queue depth. */
@injectable()
export class GetStreamingStatus {
  constructor(
    @inject(StreamDispatcher) private readonly dispatcher: StreamDispatcher,
    @inject(TYPES.StreamOutletPort) private readonly outlet: StreamOutletPort,
  ) {}

  execute(input: { readonly clientId: string }): StreamingStatusPayload {
    const stream = this.dispatcher.stream(input.clientId);
    const outlet = this.outlet.state(input.clientId);
    if (stream === undefined) {
      return {
        streaming_enabled: false,
        subscription: null,
        counters: { matched: 0, sent: 0, throttled: 0, dropped: 0 },
        queue_depth: 0,
        unseen_alerts: 0,
        stream: outlet,
      };
    }
    const s = stream.subscription;
    const { queued, ...counters } = s.counters();
    return {
      streaming_enabled: true,
      subscription: {
        subscribe: s.eventTypes,
        filters: {
          severity: s.severity,
          ...(s.urlPattern === undefined ? {} : { url_pattern: s.urlPattern }),
          ...(s.excludePattern === undefined ? {} : { exclude_pattern: s.excludePattern }),
          rate_limit: s.rateLimit,
          overflow: s.overflow,
          slow_ms: s.slowMs,
        },
      },
      counters,
      queue_depth: queued,
      unseen_alerts: stream.unseenCount,
      stream: outlet,
    };
  }
}
