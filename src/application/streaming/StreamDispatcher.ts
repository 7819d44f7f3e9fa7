import { inject, injectable } from 'inversify';
import type { BufferContents } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import {
  eventsFromLog,
  eventsFromNetwork,
  eventsFromPick,
  eventsFromVital,
  eventsFromWebSocket,
  type CapturedEvent,
} from '../../domain/streaming/classify.js';
import type { EventType } from '../../domain/streaming/EventType.js';
import type { Dispatch, Subscription } from '../../domain/streaming/Subscription.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { LoggerPort } from '../ports/LoggerPort.js';
import type { StreamOutletPort } from '../ports/StreamOutletPort.js';
import { TYPES } from '../tokens.js';
import { ClientStream, type AlertsPayload } from './ClientStream.js';
import { eventMessage, metaMessage } from './streamMessages.js';

/** What ingest hands over: stored entries of one kind. */
export type StreamBatch =
  | { readonly kind: 'logs'; readonly entries: ReadonlyArray<BufferContents['logs']>; readonly firstSeq?: number }
  | { readonly kind: 'network'; readonly entries: ReadonlyArray<BufferContents['network']>; readonly firstSeq?: number }
  | { readonly kind: 'websocket'; readonly entries: ReadonlyArray<BufferContents['websocket']>; readonly firstSeq?: number }
  | { readonly kind: 'vitals'; readonly entries: ReadonlyArray<BufferContents['vitals']>; readonly firstSeq?: number }
  | { readonly kind: 'picks'; readonly entries: ReadonlyArray<BufferContents['picks']>; readonly firstSeq?: number };

/** The event types each kind of captured entry can become (domain/streaming/classify.ts). */
const TYPES_OF: Readonly<Record<StreamBatch['kind'], readonly EventType[]>> = {
  logs: ['error', 'security_violation', 'accessibility_violation'],
  network: ['network_failure', 'network_slow'],
  websocket: ['websocket_close'],
  vitals: ['performance_degradation'],
  picks: ['pick'],
};

/** Entries waiting to be matched; past this, new batches are dropped and every subscriber is told. */
export const MAX_INTAKE_ENTRIES = 10_000;
/** Longest one drain runs before it yields to the event loop and continues in a new task (ms). */
export const DRAIN_SLICE_MS = 20;

/**
 * Matches captured entries against each subscribed client's `Subscription`, off the ingest
 * path: `publish` only queues (and does nothing without subscribers); matching, rate limiting
 * and sending happen in a task scheduled right after. Each client gets its notifications
 * through the outlet port, its unseen alerts for tool results, and one release timer for its
 * rate-limit queue. Everything is bounded and dropped when the client goes.
 */
@injectable()
export class StreamDispatcher {
  private readonly streams = new Map<string, ClientStream>();
  private intake: StreamBatch[] = [];
  private intakeEntries = 0;
  private intakeDropped = 0;
  private cancelDrain: (() => void) | undefined;

  constructor(
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.StreamOutletPort) private readonly outlet: StreamOutletPort,
    @inject(TYPES.LoggerPort) private readonly logger: LoggerPort,
  ) {}

  get subscribers(): number {
    return this.streams.size;
  }

  /** Sets (or replaces) a client's subscription; unseen alerts are kept across re-configuring. */
  subscribe(clientId: string, subscription: Subscription<CapturedEvent>): void {
    const existing = this.streams.get(clientId);
    if (existing === undefined) {
      this.streams.set(clientId, new ClientStream(subscription));
      return;
    }
    existing.stopTimer();
    existing.subscription = subscription;
  }

  /** Ends a client's subscription: its alerts, queue, timer and held notifications are dropped. */
  unsubscribe(clientId: string): boolean {
    const stream = this.streams.get(clientId);
    if (stream === undefined) return false;
    stream.stopTimer();
    this.streams.delete(clientId);
    this.outlet.discard(clientId);
    return true;
  }

  stream(clientId: string): ClientStream | undefined {
    return this.streams.get(clientId);
  }

  /** Unseen matched events for a tool result of this client (marks them seen). */
  takeAlerts(clientId: string, maxBytes?: number): AlertsPayload | undefined {
    return this.streams.get(clientId)?.takeAlerts(maxBytes);
  }

  /** Called by ingest with what it stored. Never matches or sends here. */
  publish(batch: StreamBatch): void {
    if (this.streams.size === 0 || batch.entries.length === 0 || !this.wanted(batch.kind)) return;
    if (this.intakeEntries + batch.entries.length > MAX_INTAKE_ENTRIES) {
      this.intakeDropped += batch.entries.length;
    } else {
      this.intake.push(batch);
      this.intakeEntries += batch.entries.length;
    }
    this.cancelDrain ??= this.clock.schedule(0, () => this.drain());
  }

  /** True when some subscriber takes an event type this kind of entry can produce. */
  private wanted(kind: StreamBatch['kind']): boolean {
    const types = TYPES_OF[kind];
    for (const stream of this.streams.values()) {
      const subscribed = stream.subscription.eventTypes;
      if (subscribed.includes('all') || types.some((type) => subscribed.includes(type))) return true;
    }
    return false;
  }

  /** Stops every timer (shutdown). */
  stop(): void {
    this.cancelDrain?.();
    this.cancelDrain = undefined;
    for (const stream of this.streams.values()) stream.stopTimer();
  }

  private drain(): void {
    this.cancelDrain = undefined;
    const batches = this.intake;
    this.intake = [];
    this.intakeEntries = 0;
    const now = this.clock.now();
    const until = this.clock.monotonic() + DRAIN_SLICE_MS;
    if (this.intakeDropped > 0) {
      this.logger.warn('stream intake overflowed; entries were not matched', { dropped: this.intakeDropped });
      for (const clientId of this.streams.keys())
        this.outlet.deliver(clientId, metaMessage({ type: 'buffer_full', dropped: this.intakeDropped }, now));
      this.intakeDropped = 0;
    }
    for (let b = 0; b < batches.length; b++) {
      const batch = batches[b] as StreamBatch;
      for (let e = 0; e < batch.entries.length; e++) {
        for (const event of classify(batch, e)) {
          for (const [clientId, stream] of this.streams)
            this.send(clientId, stream, stream.subscription.offer(event, now), event);
        }
        if (this.clock.monotonic() > until && (e + 1 < batch.entries.length || b + 1 < batches.length)) {
          this.resumeLater([{ ...batch, entries: batch.entries.slice(e + 1) } as StreamBatch, ...batches.slice(b + 1)]);
          return;
        }
      }
    }
    for (const [clientId, stream] of this.streams) this.armRelease(clientId, stream);
  }

  /** Puts what a drain did not reach back in front of the intake and continues in a new task. */
  private resumeLater(rest: StreamBatch[]): void {
    const pending = rest.filter((batch) => batch.entries.length > 0);
    this.intake = [...pending, ...this.intake];
    this.intakeEntries += pending.reduce((sum, batch) => sum + batch.entries.length, 0);
    this.cancelDrain ??= this.clock.schedule(0, () => this.drain());
  }

  private send(clientId: string, stream: ClientStream, dispatch: Dispatch<CapturedEvent>, offered?: CapturedEvent): void {
    if (dispatch.matched === true && offered !== undefined) stream.remember(offered);
    const now = this.clock.now();
    for (const notice of dispatch.meta) this.outlet.deliver(clientId, metaMessage(notice, now));
    for (const event of dispatch.send) this.outlet.deliver(clientId, eventMessage(event));
  }

  /** One timer per client, at the moment its queued events may go. */
  private armRelease(clientId: string, stream: ClientStream): void {
    const at = stream.subscription.nextReleaseAt();
    if (at === stream.releaseAt) return;
    stream.stopTimer();
    if (at === undefined) return;
    stream.releaseAt = at;
    stream.cancelRelease = this.clock.schedule(Math.max(0, at - this.clock.now()), () => {
      stream.cancelRelease = undefined;
      stream.releaseAt = undefined;
      if (this.streams.get(clientId) !== stream) return;
      this.send(clientId, stream, stream.subscription.release(this.clock.now()));
      this.armRelease(clientId, stream);
    });
  }
}

/** The stream events of entry `at` of a batch. */
function classify(batch: StreamBatch, at: number): CapturedEvent[] {
  const events = classifyEntry(batch, at);
  if (batch.firstSeq === undefined || events.length === 0) return events;
  const id = entryId(batch.kind, batch.firstSeq + at);
  return events.map((event) => ({ ...event, id }));
}

function classifyEntry(batch: StreamBatch, at: number): CapturedEvent[] {
  switch (batch.kind) {
    case 'logs':
      return eventsFromLog(batch.entries[at] as BufferContents['logs']);
    case 'network':
      return eventsFromNetwork(batch.entries[at] as BufferContents['network']);
    case 'websocket':
      return eventsFromWebSocket(batch.entries[at] as BufferContents['websocket']);
    case 'vitals':
      return eventsFromVital(batch.entries[at] as BufferContents['vitals']);
    case 'picks':
      return eventsFromPick(batch.entries[at] as BufferContents['picks']);
  }
}
