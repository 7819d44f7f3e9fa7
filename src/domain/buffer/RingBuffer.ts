import { DomainError } from '../DomainError.js';

/** An entry and its sequence number (1, 2, 3, … for the life of the buffer; never reused). */
export interface Sequenced<T> {
  readonly seq: number;
  readonly value: T;
}

export interface ReadOptions<T> {
  /** Only entries with a larger sequence number, oldest first. Absent: the newest `limit` entries. */
  readonly afterCursor?: number;
  /** At most this many entries (≥ 1). */
  readonly limit: number;
  /** Only entries for which this is true. */
  readonly filter?: (value: T) => boolean;
}

export interface Page<T> {
  /** Oldest first. */
  readonly entries: ReadonlyArray<Sequenced<T>>;
  /**
   * With a cursor: newer matching entries exist beyond this page. Without one: older matching
   * entries exist than the ones returned.
   */
  readonly hasMore: boolean;
  /** Pass back as `afterCursor` to read only what comes after this page. */
  readonly cursor: number;
  /** The cursor pointed at entries already evicted (or at a sequence this buffer never issued). */
  readonly cursorRestarted: boolean;
}

export interface BufferStats {
  readonly size: number;
  readonly capacity: number;
  /** Entries pushed out by newer ones since the buffer was created. */
  readonly evicted: number;
}

/**
 * A bounded FIFO with monotonic sequence numbers and cursor pagination. Eviction is never
 * silent: it is counted, the evicted value is handed back by `push`, and a cursor that points
 * into evicted entries is reported as restarted.
 *
 * The slots hold the values themselves: the entries held always carry contiguous sequence
 * numbers (the newest is `newestSeq`), so a value's number is its place, and `{seq, value}` is
 * made only for the entries a read returns. Held per entry, it was one more object for every
 * entry stored, each outliving a few young-generation collections (so copied, then promoted)
 * under sustained ingest.
 */
export class RingBuffer<T> {
  private readonly slots: Array<T | undefined>;
  private head = 0; // index of the oldest entry
  private count = 0;
  private lastSeq = 0;
  private evictedThrough = 0; // seq of the most recently evicted entry
  private evictions = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new DomainError('invalid_params', `RingBuffer capacity must be a positive integer, got ${capacity}`);
    }
    this.slots = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Sequence number of the newest entry ever pushed (0 before the first push). */
  get newestSeq(): number {
    return this.lastSeq;
  }

  stats(): BufferStats {
    return { size: this.count, capacity: this.capacity, evicted: this.evictions };
  }

  /** Appends `value`; when full, the oldest entry is evicted and returned. */
  push(value: T): { seq: number; evicted?: T } {
    const seq = ++this.lastSeq;
    if (this.count === this.capacity) {
      const evicted = this.slots[this.head] as T;
      this.evictedThrough = seq - this.capacity;
      this.evictions++;
      this.slots[this.head] = value;
      this.head = (this.head + 1) % this.capacity;
      return { seq, evicted };
    }
    this.slots[(this.head + this.count) % this.capacity] = value;
    this.count++;
    return { seq };
  }

  /** Removes every entry (not counted as eviction); sequence numbers keep counting. */
  clear(): number {
    const removed = this.count;
    this.slots.fill(undefined);
    this.head = 0;
    this.count = 0;
    return removed;
  }

  /** Entries oldest first. */
  *values(): IterableIterator<T> {
    for (let i = 0; i < this.count; i++) yield this.valueAt(i);
  }

  /** The entry with this sequence number, if it is still held (sequence numbers are contiguous in the buffer). */
  get(seq: number): T | undefined {
    if (this.count === 0 || !Number.isInteger(seq)) return undefined;
    const i = seq - this.oldestSeq();
    return i >= 0 && i < this.count ? this.valueAt(i) : undefined;
  }

  /** Whether an entry with this sequence number was pushed and then evicted (not cleared). */
  wasEvicted(seq: number): boolean {
    return seq >= 1 && seq <= this.evictedThrough;
  }

  read(options: ReadOptions<T>): Page<T> {
    const { afterCursor, limit } = options;
    if (!Number.isInteger(limit) || limit < 1) {
      throw new DomainError('invalid_params', `limit must be a positive integer, got ${limit}`);
    }
    if (afterCursor === undefined) return this.readNewest(limit, options.filter);
    if (!Number.isInteger(afterCursor) || afterCursor < 0) {
      throw new DomainError('invalid_cursor', `cursor must be a non-negative integer, got ${afterCursor}`);
    }
    return this.readAfter(afterCursor, limit, options.filter);
  }

  private readNewest(limit: number, filter?: (value: T) => boolean): Page<T> {
    const picked: Array<Sequenced<T>> = [];
    let hasMore = false;
    const oldest = this.oldestSeq();
    for (let i = this.count - 1; i >= 0; i--) {
      const value = this.valueAt(i);
      if (filter && !filter(value)) continue;
      if (picked.length === limit) {
        hasMore = true;
        break;
      }
      picked.push({ seq: oldest + i, value });
    }
    return { entries: picked.reverse(), hasMore, cursor: this.lastSeq, cursorRestarted: false };
  }

  private readAfter(afterCursor: number, limit: number, filter?: (value: T) => boolean): Page<T> {
    const fromFuture = afterCursor > this.lastSeq;
    const cursorRestarted = fromFuture || afterCursor < this.evictedThrough;
    const floor = fromFuture ? 0 : afterCursor;
    const picked: Array<Sequenced<T>> = [];
    const oldest = this.oldestSeq();
    for (let i = this.firstIndexAfter(floor); i < this.count; i++) {
      const value = this.valueAt(i);
      if (filter && !filter(value)) continue;
      if (picked.length === limit) {
        return { entries: picked, hasMore: true, cursor: (picked.at(-1) as Sequenced<T>).seq, cursorRestarted };
      }
      picked.push({ seq: oldest + i, value });
    }
    return { entries: picked, hasMore: false, cursor: this.lastSeq, cursorRestarted };
  }

  /** Index (0 = oldest) of the first entry with `seq > floor`; sequence numbers are contiguous in the buffer. */
  private firstIndexAfter(floor: number): number {
    if (this.count === 0) return 0;
    return Math.min(this.count, Math.max(0, floor - this.oldestSeq() + 1));
  }

  /** Sequence number of the oldest entry held (meaningful when one is). */
  private oldestSeq(): number {
    return this.lastSeq - this.count + 1;
  }

  private valueAt(i: number): T {
    return this.slots[(this.head + i) % this.capacity] as T;
  }
}
