interface Slot {
  readonly at: number;
  readonly key: string;
  readonly order: number; // ties on `at` pop in the order they were set
}

const earlier = (a: Slot, b: Slot): boolean => a.at < b.at || (a.at === b.at && a.order < b.order);

/**
 * One deadline per key, earliest first (ties in the order they were set): a binary min-heap with lazy deletion. Re-setting or
 * deleting a key leaves a stale slot that is skipped when it surfaces; the heap is rebuilt when
 * stale slots outnumber live ones, so its size stays within twice the live keys.
 */
export class DeadlineQueue {
  private readonly live = new Map<string, number>();
  private heap: Slot[] = [];
  private sets = 0;

  get size(): number {
    return this.live.size;
  }

  set(key: string, at: number): void {
    this.live.set(key, at);
    this.insert({ at, key, order: this.sets++ });
    if (this.heap.length > 2 * this.live.size + 32) this.rebuild();
  }

  delete(key: string): void {
    this.live.delete(key);
  }

  /** The earliest live deadline, or undefined when there is none. */
  next(): number | undefined {
    this.dropStaleTop();
    return this.heap[0]?.at;
  }

  /** Removes and returns the key of the earliest deadline that is `<= now`, if any. */
  popDue(now: number): string | undefined {
    this.dropStaleTop();
    const top = this.heap[0];
    if (top === undefined || top.at > now) return undefined;
    this.extractTop();
    this.live.delete(top.key);
    return top.key;
  }

  private dropStaleTop(): void {
    for (let top = this.heap[0]; top !== undefined && this.live.get(top.key) !== top.at; top = this.heap[0]) {
      this.extractTop();
    }
  }

  private rebuild(): void {
    const newest = new Map<string, Slot>();
    for (const slot of this.heap) {
      const kept = newest.get(slot.key);
      if (this.live.get(slot.key) === slot.at && (kept === undefined || kept.order < slot.order)) newest.set(slot.key, slot);
    }
    this.heap = [];
    for (const slot of newest.values()) this.insert(slot);
  }

  private insert(slot: Slot): void {
    const heap = this.heap;
    heap.push(slot);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!earlier(slot, heap[parent] as Slot)) break;
      heap[i] = heap[parent] as Slot;
      i = parent;
    }
    heap[i] = slot;
  }

  private extractTop(): void {
    const heap = this.heap;
    const last = heap.pop() as Slot;
    if (heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && earlier(heap[right] as Slot, heap[left] as Slot) ? right : left;
      if (!earlier(heap[child] as Slot, last)) break;
      heap[i] = heap[child] as Slot;
      i = child;
    }
    heap[i] = last;
  }
}
