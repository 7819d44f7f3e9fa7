import type { PerformanceStorePort } from '../../../application/ports/PerformanceStorePort.js';
import type { BufferStats } from '../../../domain/buffer/RingBuffer.js';
import type { PagePerformance } from '../../../domain/wire/performance.js';

/** Pages whose performance record is kept (each a few KB at most). */
export const PERFORMANCE_PAGES = 50;

/** The newest record per page in process memory: a Map in update order, the oldest evicted first. */
export class InMemoryPerformanceStore implements PerformanceStorePort {
  private readonly pages = new Map<string, PagePerformance>();
  private evicted = 0;

  constructor(private readonly capacity = PERFORMANCE_PAGES) {}

  put(record: PagePerformance): void {
    const key = `${record.tab_id ?? ''} ${record.url}`;
    this.pages.delete(key);
    this.pages.set(key, record);
    while (this.pages.size > this.capacity) {
      this.pages.delete(this.pages.keys().next().value as string);
      this.evicted++;
    }
  }

  list(): readonly PagePerformance[] {
    return [...this.pages.values()].reverse();
  }

  clear(): number {
    const size = this.pages.size;
    this.pages.clear();
    return size;
  }

  stats(): BufferStats {
    return { size: this.pages.size, capacity: this.capacity, evicted: this.evicted };
  }
}
