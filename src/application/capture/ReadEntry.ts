import { inject, injectable } from 'inversify';
import type { NetworkBody, NetworkEntry, PickEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { DomainError } from '../../domain/DomainError.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { ATTACHED_IMAGE } from '../shared/attachedImage.js';
import { fitEntry } from '../shared/fitEntry.js';
import { TYPES } from '../tokens.js';
import { findEntry } from './findEntry.js';
import { PickImages } from './PickImages.js';
import { ENVELOPE_BYTES } from './ReadEntries.js';

/**
 * `observe {what:"entry", id}` (docs/mcp-tools.md): one entry of any buffer in full — a log's arguments
 * and stack, a request's headers and, when the page's body was kept, its bodies (`body_id`
 * names that entry of `network_bodies`); a pick with `image` also its element screenshot, as an
 * image content block, or `image_note` saying why there is none.
 * @throws DomainError `invalid_params` for a malformed id (or `image` on another kind), `entry_evicted` when newer entries
 * pushed it out, `unknown_entry` when this daemon run never had it (or it was cleared).
 */
@injectable()
export class ReadEntry {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.ResultBudget) private readonly budget: number,
    @inject(PickImages) private readonly images: PickImages,
  ) {}

  execute(input: { readonly id: string; readonly image?: boolean }): object {
    const { buffer, seq, entry } = findEntry(this.store, input.id);
    if (input.image === true && buffer !== 'picks') {
      throw new DomainError('invalid_params', `image is for a pick's element screenshot; ${input.id} is not a pick`);
    }
    const body =
      buffer === 'network' && (entry as NetworkEntry).has_body === true ? this.bodyOf(entry as NetworkEntry) : undefined;
    const full = { id: input.id, ...entry, ...(body === undefined ? {} : body) };
    const room = this.budget - ENVELOPE_BYTES;
    const fitted = fitEntry(full, utf8Length(JSON.stringify(full)), room) as object;
    return input.image === true ? this.withImage(fitted, seq, entry as PickEntry) : fitted;
  }

  /** The pick with its screenshot attached (an image block after the JSON), or a note saying why there is none. */
  private withImage(pick: object, seq: number, entry: PickEntry): object {
    const image = this.images.get(seq);
    if (image === undefined) {
      const why =
        entry.image === undefined
          ? 'no screenshot was taken for this pick (the tab was not visible, or the capture failed)'
          : 'its screenshot was let go: only the newest picks keep theirs';
      return { ...pick, image_note: why };
    }
    return Object.assign({ ...pick }, { [ATTACHED_IMAGE]: { mime_type: image.mime_type, base64: image.base64 } });
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
