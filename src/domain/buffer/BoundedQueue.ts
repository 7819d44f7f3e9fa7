import { DomainError } from '../DomainError.js';

/**
 * A FIFO of at most `capacity` items on a circular array: `push` past capacity evicts and
 * returns the oldest item; every operation is O(1) (an array `shift` is O(n)).
 */
export class BoundedQueue<T> {
  private readonly slots: Array<T | undefined>;
  private head = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new DomainError('invalid_params', `BoundedQueue capacity must be a positive integer, got ${capacity}`);
    }
    this.slots = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Appends; when full, the oldest item is evicted and returned. */
  push(item: T): T | undefined {
    if (this.count < this.capacity) {
      this.slots[(this.head + this.count) % this.capacity] = item;
      this.count++;
      return undefined;
    }
    const evicted = this.slots[this.head] as T;
    this.slots[this.head] = item;
    this.head = (this.head + 1) % this.capacity;
    return evicted;
  }

  /** The oldest item, left in place. */
  peek(): T | undefined {
    return this.count === 0 ? undefined : this.slots[this.head];
  }

  /** Removes and returns the oldest item. */
  shift(): T | undefined {
    if (this.count === 0) return undefined;
    const item = this.slots[this.head] as T;
    this.slots[this.head] = undefined;
    this.head = (this.head + 1) % this.capacity;
    this.count--;
    return item;
  }

  clear(): void {
    this.slots.fill(undefined);
    this.head = 0;
    this.count = 0;
  }
}
