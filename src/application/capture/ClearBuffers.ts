import { inject, injectable } from 'inversify';
import type { BufferName } from '../../domain/capture/entries.js';
import type { PageRegistry } from '../../domain/capture/PageRegistry.js';
import { DomainError } from '../../domain/DomainError.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { TYPES } from '../tokens.js';

const GROUPS: Record<string, readonly BufferName[]> = {
  logs: ['logs'],
  network: ['network', 'bodies'],
  websocket: ['websocket'],
  vitals: ['vitals'],
  actions: ['actions'],
  all: ['logs', 'network', 'bodies', 'websocket', 'vitals', 'actions'],
};

export const CLEARABLE = Object.keys(GROUPS);

/**
 * `configure clear`: empties buffers (`network` includes its bodies; `actions` the recorded
 * actions; `all` every buffer, and it also forgets the tracked pages). Cursors stay valid: sequence numbers keep counting.
 * @throws DomainError `invalid_params` for an unknown buffer name.
 */
@injectable()
export class ClearBuffers {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
  ) {}

  execute(input: { readonly buffer: string }): { cleared: Partial<Record<BufferName, number>> } {
    const group = GROUPS[input.buffer];
    if (group === undefined) {
      throw new DomainError('invalid_params', `buffer must be one of ${CLEARABLE.join(', ')}; got '${input.buffer}'`);
    }
    const cleared: Partial<Record<BufferName, number>> = {};
    for (const buffer of group) cleared[buffer] = this.store.clear(buffer);
    if (input.buffer === 'all') this.pages.clear();
    return { cleared };
  }
}
