import { inject, injectable } from 'inversify';
import { cleanPerformance } from '../../domain/capture/cleanPerformance.js';
import type { PagePerformance } from '../../domain/wire/performance.js';
import type { Sanitizer } from '../../domain/capture/sanitize.js';
import type { PerformanceStorePort } from '../ports/PerformanceStorePort.js';
import { TYPES } from '../tokens.js';

/**
 * Keeps the performance records pages send (`POST /performance`, docs/mcp-tools.md), already validated at
 * the edge: urls and texts redacted and capped like every captured text, each the newest of its
 * page. Returns how many were stored.
 */
@injectable()
export class RecordPerformance {
  constructor(
    @inject(TYPES.PerformanceStorePort) private readonly records: PerformanceStorePort,
    @inject(TYPES.Sanitizer) private readonly sanitizer: Sanitizer,
  ) {}

  execute(records: readonly PagePerformance[]): number {
    const clean = {
      url: (url: string) => this.sanitizer.pageText(url, '').url,
      text: (text: string) => this.sanitizer.pageText('', text).title,
    };
    for (const record of records) this.records.put(cleanPerformance(record, clean));
    return records.length;
  }
}
