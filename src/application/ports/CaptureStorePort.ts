import type { BufferStats, Page, ReadOptions } from '../../domain/buffer/RingBuffer.js';
import type { BufferContents, BufferName } from '../../domain/wire/entries.js';

/** The bounded buffers captured entries live in (docs/extension-protocol.md capacities, FIFO eviction). */
export interface CaptureStorePort {
  /**
   * Appends entries in order; the oldest entries are evicted when a buffer is full. Returns the
   * sequence number of the first one (the rest follow, one apart).
   */
  append<B extends BufferName>(buffer: B, entries: ReadonlyArray<BufferContents[B]>): number;
  /** One entry by sequence number: the entry, or why it is not held (`evicted`: pushed out by newer ones). */
  get<B extends BufferName>(buffer: B, seq: number): BufferContents[B] | 'evicted' | undefined;
  /** Cursor-paginated read (sequence numbers are per buffer). */
  read<B extends BufferName>(buffer: B, options: ReadOptions<BufferContents[B]>): Page<BufferContents[B]>;
  /** Empties a buffer; returns how many entries were removed. Sequence numbers keep counting. */
  clear(buffer: BufferName): number;
  /** Size, capacity and eviction count of every buffer. */
  stats(): Readonly<Record<BufferName, BufferStats>>;
}
