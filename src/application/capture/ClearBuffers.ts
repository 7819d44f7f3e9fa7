import { inject, injectable } from 'inversify';
import type { BufferName } from '../../domain/wire/entries.js';
import type { PageRegistry } from '../../domain/capture/PageRegistry.js';
import { DomainError } from '../../domain/DomainError.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { PerformanceStorePort } from '../ports/PerformanceStorePort.js';
import { TYPES } from '../tokens.js';
import { PickImages } from './PickImages.js';

const GROUPS: Record<string, readonly BufferName[]> = {
  logs: ['logs'],
  network: ['network', 'bodies'],
  websocket: ['websocket'],
  vitals: ['vitals'],
  actions: ['actions'],
  picks: ['picks'],
  performance: ['vitals'],
  all: ['logs', 'network', 'bodies', 'websocket', 'vitals', 'actions', 'picks'],
};

export const CLEARABLE = Object.keys(GROUPS);

/** What `clear` reports emptied: buffers, and the pages' performance records (docs/mcp-tools.md). */
export type Cleared = Partial<Record<BufferName | 'performance', number>>;

/**
 * `configure clear`: empties buffers (`network` includes its bodies; `actions` the recorded
 * actions; `picks` the picks and their images; `performance` the vitals and the pages' performance records; `all` all of them, and it also forgets
 * the tracked pages). Cursors stay valid: sequence numbers keep counting.
 * @throws DomainError `invalid_params` for an unknown buffer name.
 */
@injectable()
export class ClearBuffers {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
    @inject(TYPES.PerformanceStorePort) private readonly performance: PerformanceStorePort,
    @inject(PickImages) private readonly images: PickImages,
  ) {}

  execute(input: { readonly buffer: string }): { cleared: Cleared } {
    const group = GROUPS[input.buffer];
    if (group === undefined) {
      throw new DomainError('invalid_params', `buffer must be one of ${CLEARABLE.join(', ')}; got '${input.buffer}'`);
    }
    const cleared: Cleared = {};
    for (const buffer of group) cleared[buffer] = this.store.clear(buffer);
    if (input.buffer === 'performance' || input.buffer === 'all') cleared.performance = this.performance.clear();
    if (group.includes('picks')) this.images.clear();
    if (input.buffer === 'all') this.pages.clear();
    return { cleared };
  }
}
