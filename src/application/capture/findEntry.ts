import type { BufferContents, BufferName } from '../../domain/wire/entries.js';
import { parseEntryId } from '../../domain/capture/entryIds.js';
import { DomainError } from '../../domain/DomainError.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';

/** A stored entry found by its id. */
export interface FoundEntry {
  readonly buffer: BufferName;
  readonly seq: number;
  readonly entry: BufferContents[BufferName];
}

/**
 * The entry an id (`l88`, `a3`, …) names.
 * @throws DomainError `invalid_params` for a malformed id, `entry_evicted` when newer entries
 * pushed it out, `unknown_entry` when this daemon run never had it (or it was cleared).
 */
export function findEntry(store: CaptureStorePort, id: string): FoundEntry {
  const { buffer, seq } = parseEntryId(id);
  const entry = store.get(buffer, seq);
  if (entry === 'evicted') {
    throw new DomainError('entry_evicted', `entry ${id} was pushed out of the ${buffer} buffer by newer entries`);
  }
  if (entry === undefined) {
    throw new DomainError(
      'unknown_entry',
      `no entry ${id} in this daemon run (ids restart when the daemon restarts; clear removes entries)`,
    );
  }
  return { buffer, seq, entry };
}
