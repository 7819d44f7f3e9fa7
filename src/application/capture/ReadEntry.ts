import { inject, injectable } from 'inversify';
import type { NetworkBody, NetworkEntry } from '../../domain/capture/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { fitEntry } from '../shared/fitEntry.js';
import { TYPES } from '../tokens.js';
import { findEntry } from './findEntry.js';
import { ENVELOPE_BYTES } from './ReadEntries.js';

/**
 * `observe {what:"entry", id}` (SPEC 10): one entry of any buffer in full — a log's arguments
 * and stack, a request's headers and, when the page's body was kept, its bodies (`body_id`
 * names that entry of `network_bodies`).
 * @throws DomainError `invalid_params` for a malformed id, `entry_evicted` when newer entries
 * pushed it out, `unknown_entry` when this daemon run never had it (or it was cleared).
 */
@injectable()
export class ReadEntry {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  execute(input: { readonly id: string }): object {
    const { buffer, entry } = findEntry(this.store, input.id);
    const body =
      buffer === 'network' && (entry as NetworkEntry).has_body === true ? this.bodyOf(entry as NetworkEntry) : undefined;
    const full = { id: input.id, ...entry, ...(body === undefined ? {} : body) };
    const room = this.budget - ENVELOPE_BYTES;
    return fitEntry(full, utf8Length(JSON.stringify(full)), room) as object;
  }

  /** The kept bodies of a request: the bodies buffer entry with its time, method and url (newest first; bounded by that buffer's size). */
  private bodyOf(entry: NetworkEntry): { body_id: string; request_body?: string; response_body?: string } | undefined {
    const page = this.store.read('bodies', {
      limit: 1,
      filter: (b: NetworkBody) =>
        b.ts === entry.ts && b.url === entry.url && b.method === entry.method && b.tab_id === entry.tab_id,
    });
    const found = page.entries[0];
    if (found === undefined) return undefined;
    const { request_body, response_body } = found.value;
    return {
      body_id: entryId('bodies', found.seq),
      ...(request_body === undefined ? {} : { request_body }),
      ...(response_body === undefined ? {} : { response_body }),
    };
  }
}
