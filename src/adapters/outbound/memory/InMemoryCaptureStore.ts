import type { CaptureStorePort } from '../../../application/ports/CaptureStorePort.js';
import { RingBuffer, type BufferStats, type Page, type ReadOptions } from '../../../domain/buffer/RingBuffer.js';
import { BUFFER_NAMES, type BufferContents, type BufferName } from '../../../domain/wire/entries.js';

/** docs/extension-protocol.md default capacities (entries); actions: docs/mcp-tools.md's ≥ 2 000; picks: a person points tens of times, not thousands. */
export const DEFAULT_CAPACITIES: Readonly<Record<BufferName, number>> = Object.freeze({
  logs: 1_000,
  network: 1_000,
  bodies: 100,
  websocket: 500,
  vitals: 200,
  actions: 2_000,
  picks: 200,
});

type Buffers = { [B in BufferName]: RingBuffer<BufferContents[B]> };

/** The capture buffers in process memory: one `RingBuffer` each, FIFO eviction, counted. */
export class InMemoryCaptureStore implements CaptureStorePort {
  private readonly buffers: Buffers;

  constructor(capacities: Readonly<Record<BufferName, number>> = DEFAULT_CAPACITIES) {
    this.buffers = {
      logs: new RingBuffer(capacities.logs),
      network: new RingBuffer(capacities.network),
      bodies: new RingBuffer(capacities.bodies),
      websocket: new RingBuffer(capacities.websocket),
      vitals: new RingBuffer(capacities.vitals),
      actions: new RingBuffer(capacities.actions),
      picks: new RingBuffer(capacities.picks),
    };
  }

  append<B extends BufferName>(buffer: B, entries: ReadonlyArray<BufferContents[B]>): number {
    const ring = this.buffers[buffer] as RingBuffer<BufferContents[B]>;
    const first = ring.newestSeq + 1;
    for (const entry of entries) ring.push(entry);
    return first;
  }

  get<B extends BufferName>(buffer: B, seq: number): BufferContents[B] | 'evicted' | undefined {
    const ring = this.buffers[buffer] as RingBuffer<BufferContents[B]>;
    return ring.get(seq) ?? (ring.wasEvicted(seq) ? 'evicted' : undefined);
  }

  read<B extends BufferName>(buffer: B, options: ReadOptions<BufferContents[B]>): Page<BufferContents[B]> {
    return (this.buffers[buffer] as RingBuffer<BufferContents[B]>).read(options);
  }

  clear(buffer: BufferName): number {
    return this.buffers[buffer].clear();
  }

  stats(): Readonly<Record<BufferName, BufferStats>> {
    return Object.fromEntries(BUFFER_NAMES.map((name) => [name, this.buffers[name].stats()])) as Record<BufferName, BufferStats>;
  }
}
