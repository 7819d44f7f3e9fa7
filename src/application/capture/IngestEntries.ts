import { inject, injectable } from 'inversify';
import type { BufferContents, BufferName, NetworkBody, PickEntry } from '../../domain/wire/entries.js';
import type { NoiseRules } from '../../domain/capture/NoiseRules.js';
import type {
  RawAction,
  RawLog,
  RawNetwork,
  RawPick,
  RawVital,
  RawWebSocketEvent,
  Sanitizer,
} from '../../domain/capture/sanitize.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { LoggerPort } from '../ports/LoggerPort.js';
import type { Waiters } from '../shared/Waiters.js';
import { StreamDispatcher } from '../streaming/StreamDispatcher.js';
import { TYPES } from '../tokens.js';
import { PickImages, type PickImage } from './PickImages.js';
import { CollectWhenQuiet } from './CollectWhenQuiet.js';
import { bufferKey } from './ReadEntries.js';
import { recentTrouble } from './recentTrouble.js';
import { RecordingSwitch } from './RecordingSwitch.js';

/** A batch the extension posted, already validated entry by entry at the edge. */
export type IngestBatch =
  | { readonly kind: 'logs'; readonly entries: readonly RawLog[] }
  | { readonly kind: 'network'; readonly entries: readonly RawNetwork[] }
  | { readonly kind: 'websocket'; readonly entries: readonly RawWebSocketEvent[] }
  | { readonly kind: 'vitals'; readonly entries: readonly RawVital[] }
  | { readonly kind: 'actions'; readonly entries: readonly RawAction[] }
  | { readonly kind: 'picks'; readonly entries: ReadonlyArray<RawPick & { readonly image?: PickImage }> };

export interface IngestOutcome {
  /** Entries stored. */
  readonly stored: number;
  /** Valid entries dropped by a noise rule (or, for actions, because recording them is off). */
  readonly filtered: number;
  /** Values redacted across the stored entries. */
  readonly redacted: number;
  /** Entries stored without noise matching because the request's matching budget ran out. */
  readonly noiseSkipped: number;
  /** Entries that could not be processed (never stored, in part or whole), by position in the batch. */
  readonly failed: ReadonlyArray<{ readonly at: number; readonly message: string }>;
}

/**
 * Milliseconds of noise-rule matching one ingest request may spend (docs/security.md: pattern work per
 * request is bounded). Entries past it are stored unfiltered and counted in `noiseSkipped`.
 */
export const NOISE_BUDGET_MS = 20;

type Sanitized = { readonly stored: object; readonly body?: NetworkBody };

/**
 * Stores captured entries: noise rules first, then size caps and redaction (nothing is stored
 * unredacted), then the bounded buffers; readers waiting on the buffer are woken and the stored
 * entries are handed to the stream dispatcher (which matches them later, off this path); once a
 * burst of them ends, the heap is collected (`CollectWhenQuiet`).
 * Entries of an answered batch are visible to the next read. An entry that cannot be
 * processed is reported as failed; it never takes the rest of the batch with it.
 */
@injectable()
export class IngestEntries {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.Sanitizer) private readonly sanitizer: Sanitizer,
    @inject(TYPES.NoiseRules) private readonly noise: NoiseRules,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(StreamDispatcher) private readonly stream: StreamDispatcher,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.LoggerPort) private readonly logger: LoggerPort,
    @inject(RecordingSwitch) private readonly recording: RecordingSwitch,
    @inject(PickImages) private readonly images: PickImages,
    @inject(CollectWhenQuiet) private readonly collector: CollectWhenQuiet,
  ) {}

  execute(batch: IngestBatch): IngestOutcome {
    switch (batch.kind) {
      case 'logs':
        return this.ingest(
          'logs',
          batch.entries,
          (e) => [e.message, e.url],
          (e) => ({ stored: this.sanitizer.log(e) }),
        );
      case 'network':
        return this.ingest(
          'network',
          batch.entries,
          (e) => [e.url, e.error],
          (e) => {
            const { entry, body } = this.sanitizer.network(e);
            return body === undefined ? { stored: entry } : { stored: entry, body };
          },
        );
      case 'websocket':
        return this.ingest(
          'websocket',
          batch.entries,
          (e) => [e.url, e.data],
          (e) => ({ stored: this.sanitizer.webSocket(e) }),
        );
      case 'vitals':
        return this.ingest('vitals', batch.entries, undefined, (e) => ({ stored: this.sanitizer.vital(e) }));
      case 'actions':
        return this.ingestActions(batch.entries);
      case 'picks':
        return this.ingestPicks(batch.entries);
    }
  }

  /**
   * Picks: each stored with the tab's errors and failed requests of the 10 s before it
   * (recentTrouble.ts) and its element screenshot kept apart (PickImages), then handed to the
   * stream (event type `pick`). A person's pick is their own word: no noise rule drops it.
   */
  private ingestPicks(entries: ReadonlyArray<RawPick & { readonly image?: PickImage }>): IngestOutcome {
    const now = this.clock.now();
    const stored: PickEntry[] = [];
    const images: Array<PickImage | undefined> = [];
    const failed: Array<{ at: number; message: string }> = [];
    entries.forEach((entry, at) => {
      try {
        const { image, ...raw } = entry;
        const pick = this.sanitizer.pick(raw);
        const trouble = recentTrouble(this.store, pick.tab_id, pick.ts, now);
        const info = image === undefined ? {} : { image: imageInfo(image) };
        stored.push({ ...pick, ...trouble, ...info });
        images.push(image);
      } catch (error) {
        failed.push({ at, message: `could not be stored: ${(error as Error).message}`.slice(0, 300) });
        this.logger.error('an ingest entry failed', { kind: 'picks', error: String((error as Error)?.stack ?? error) });
      }
    });
    const firstSeq = this.commit('picks', stored);
    if (firstSeq !== undefined) {
      images.forEach((image, i) => image !== undefined && this.images.keep(firstSeq + i, image));
      this.stream.publish({ kind: 'picks', entries: stored, firstSeq });
    }
    return { stored: stored.length, filtered: 0, redacted: sumRedacted(stored), noiseSkipped: 0, failed };
  }

  /**
   * Actions (docs/mcp-tools.md), under the recording settings as a second line behind the extension's:
   * with `actions` off a person's actions are not stored (counted as filtered; the agent's own
   * still are), with `values` off no typed or chosen value is.
   */
  private ingestActions(entries: readonly RawAction[]): IngestOutcome {
    const { actions, values } = this.recording.current();
    const kept = actions ? entries : entries.filter((e) => e.by !== 'human');
    const outcome = this.ingest('actions', values ? kept : kept.map(withoutValues), undefined, (e) => ({
      stored: this.sanitizer.action(e),
    }));
    return { ...outcome, filtered: entries.length - kept.length };
  }

  private ingest<R>(
    kind: Exclude<IngestBatch['kind'], 'picks'>,
    entries: readonly R[],
    noiseTexts: ((entry: R) => Array<string | undefined>) | undefined,
    sanitize: (entry: R) => Sanitized,
  ): IngestOutcome {
    const matching = kind !== 'vitals' && kind !== 'actions' && noiseTexts !== undefined && this.noise.has(kind);
    const deadline = this.clock.monotonic() + NOISE_BUDGET_MS;
    const stored: object[] = [];
    const bodies: NetworkBody[] = [];
    const failed: Array<{ at: number; message: string }> = [];
    let filtered = 0;
    let noiseSkipped = 0;
    entries.forEach((entry, at) => {
      try {
        if (matching) {
          if (this.clock.monotonic() > deadline) noiseSkipped++;
          else if (this.noise.drops(kind, noiseTexts(entry))) return void filtered++;
        }
        const { stored: kept, body } = sanitize(entry);
        stored.push(kept);
        if (body !== undefined) bodies.push(body);
      } catch (error) {
        failed.push({ at, message: `could not be stored: ${(error as Error).message}`.slice(0, 300) });
        this.logger.error('an ingest entry failed', { kind, error: String((error as Error)?.stack ?? error) });
      }
    });
    if (noiseSkipped > 0) {
      this.logger.warn('noise matching ran out of its per-request budget; entries stored unfiltered', {
        kind,
        skipped: noiseSkipped,
        budget_ms: NOISE_BUDGET_MS,
      });
    }
    const firstSeq = this.commit(kind, stored as Array<BufferContents[typeof kind]>);
    if (bodies.length > 0) this.commit('bodies', bodies);
    if (kind !== 'actions')
      this.stream.publish({ kind, entries: stored, firstSeq } as Parameters<StreamDispatcher['publish']>[0]);
    return {
      stored: stored.length,
      filtered,
      redacted: sumRedacted(stored as Array<{ redacted?: number }>) + sumRedacted(bodies),
      noiseSkipped,
      failed,
    };
  }

  /** Stores entries and wakes readers; returns the first one's sequence number. */
  private commit<B extends BufferName>(buffer: B, entries: ReadonlyArray<BufferContents[B]>): number | undefined {
    if (entries.length === 0) return undefined;
    const first = this.store.append(buffer, entries);
    this.waiters.notify(bufferKey(buffer));
    this.collector.noteStored(entries.length);
    return first;
  }
}

/** An action without what the person typed or chose (and the field name that only served a redacted value). */
function withoutValues(action: RawAction): RawAction {
  const { value: _value, values: _values, value_name: _name, ...rest } = action;
  return rest;
}

/** What a pick entry says of its image: the bytes it decodes to, not the bytes themselves. */
function imageInfo(image: PickImage): NonNullable<PickEntry['image']> {
  const padding = image.base64.endsWith('==') ? 2 : image.base64.endsWith('=') ? 1 : 0;
  return {
    mime_type: image.mime_type,
    width: image.width,
    height: image.height,
    bytes: Math.floor((image.base64.length * 3) / 4) - padding,
  };
}

function sumRedacted(entries: ReadonlyArray<{ redacted?: number }>): number {
  return entries.reduce((sum, e) => sum + (e.redacted ?? 0), 0);
}
