import type { BufferStats } from '../../domain/buffer/RingBuffer.js';
import type { PagePerformance } from '../../domain/wire/performance.js';

/** The newest performance record of each page (docs/mcp-tools.md), bounded in pages. */
export interface PerformanceStorePort {
  /**
   * Keeps `record` as its page's newest (a page: the tab and url), replacing the one before; past
   * capacity the page updated longest ago goes, counted in `evicted`.
   */
  put(record: PagePerformance): void;
  /** Every page's newest record, the most recently updated first. */
  list(): readonly PagePerformance[];
  /** Forgets every record; returns how many there were. */
  clear(): number;
  stats(): BufferStats;
}
