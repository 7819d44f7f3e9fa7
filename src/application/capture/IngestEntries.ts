import { inject, injectable } from 'inversify';
import type { BufferContents, BufferName, NetworkBody, NetworkEntry } from '../../domain/capture/entries.js';
import type { NoiseRules } from '../../domain/capture/NoiseRules.js';
import type { RawLog, RawNetwork, RawVital, RawWebSocketEvent, Sanitizer } from '../../domain/capture/sanitize.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { Waiters } from '../shared/Waiters.js';
import { StreamDispatcher } from '../streaming/StreamDispatcher.js';
import { TYPES } from '../tokens.js';
import { bufferKey } from './ReadEntries.js';

/** A batch the extension posted, already validated entry by entry at the edge. */
export type IngestBatch =
  | { readonly kind: 'logs'; readonly entries: readonly RawLog[] }
  | { readonly kind: 'network'; readonly entries: readonly RawNetwork[] }
  | { readonly kind: 'websocket'; readonly entries: readonly RawWebSocketEvent[] }
  | { readonly kind: 'vitals'; readonly entries: readonly RawVital[] };

export interface IngestOutcome {
  /** Entries stored. */
  readonly stored: number;
  /** Valid entries dropped by a noise rule. */
  readonly filtered: number;
  /** Values redacted across the stored entries. */
  readonly redacted: number;
}

/**
 * Stores captured entries: noise rules first, then size caps and redaction (nothing is stored
 * unredacted), then the bounded buffers; readers waiting on the buffer are woken and the stored
 * entries are handed to the stream dispatcher (which matches them later, off this path).
 * Entries of an answered batch are visible to the next read.
 */
@injectable()
export class IngestEntries {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.Sanitizer) private readonly sanitizer: Sanitizer,
    @inject(TYPES.NoiseRules) private readonly noise: NoiseRules,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(StreamDispatcher) private readonly stream: StreamDispatcher,
  ) {}

  execute(batch: IngestBatch): IngestOutcome {
    switch (batch.kind) {
      case 'logs': {
        const kept = batch.entries.filter((e) => !this.noise.drops('logs', [e.message, e.url]));
        const stored = kept.map((e) => this.sanitizer.log(e));
        this.commit('logs', stored);
        this.stream.publish({ kind: 'logs', entries: stored });
        return outcome(stored, batch.entries.length);
      }
      case 'network': {
        const kept = batch.entries.filter((e) => !this.noise.drops('network', [e.url, e.error]));
        const entries: NetworkEntry[] = [];
        const bodies: NetworkBody[] = [];
        for (const raw of kept) {
          const { entry, body } = this.sanitizer.network(raw);
          entries.push(entry);
          if (body !== undefined) bodies.push(body);
        }
        this.commit('network', entries);
        if (bodies.length > 0) this.commit('bodies', bodies);
        this.stream.publish({ kind: 'network', entries });
        return { ...outcome(entries, batch.entries.length), redacted: sumRedacted([...entries, ...bodies]) };
      }
      case 'websocket': {
        const kept = batch.entries.filter((e) => !this.noise.drops('websocket', [e.url, e.data]));
        const stored = kept.map((e) => this.sanitizer.webSocket(e));
        this.commit('websocket', stored);
        this.stream.publish({ kind: 'websocket', entries: stored });
        return outcome(stored, batch.entries.length);
      }
      case 'vitals': {
        const stored = batch.entries.map((e) => this.sanitizer.vital(e));
        this.commit('vitals', stored);
        this.stream.publish({ kind: 'vitals', entries: stored });
        return outcome(stored, batch.entries.length);
      }
    }
  }

  private commit<B extends BufferName>(buffer: B, entries: ReadonlyArray<BufferContents[B]>): void {
    if (entries.length === 0) return;
    this.store.append(buffer, entries);
    this.waiters.notify(bufferKey(buffer));
  }
}

function sumRedacted(entries: ReadonlyArray<{ redacted?: number }>): number {
  return entries.reduce((sum, e) => sum + (e.redacted ?? 0), 0);
}

function outcome(stored: ReadonlyArray<{ redacted?: number }>, total: number): IngestOutcome {
  return { stored: stored.length, filtered: total - stored.length, redacted: sumRedacted(stored) };
}
