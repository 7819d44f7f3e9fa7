import { inject, injectable } from 'inversify';
import { DomainError } from '../../domain/DomainError.js';
import { checkStoreKey } from '../../domain/state/storeRules.js';
import { utf8Length, utf8Prefix } from '../../domain/text/utf8.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

/** Bytes of a load answer kept for everything but the value (key, sizes, alerts). */
const LOAD_ENVELOPE_BYTES = 4_000;

export type LoadPayload =
  | { readonly key: string; readonly data: unknown }
  | {
      readonly key: string;
      readonly truncated: true;
      /** Size of the whole value as JSON (UTF-8 bytes). */
      readonly bytes: number;
      /** Characters `offset` onwards of the value's JSON text, as much as fits. */
      readonly json: string;
      readonly offset: number;
      /** Where the next piece starts (`load {key, offset}`); absent on the last piece. */
      readonly next_offset?: number;
    };

/**
 * `configure load {key}` → `{key, data}` exactly as stored. A value too large for one result
 * (values reach 256 KB, results 60 000 bytes) comes as pieces of its JSON text: `json` from
 * `offset`, and `next_offset` for the next `load {key, offset}`; joined, they parse to the value.
 * @throws DomainError `invalid_params` for a bad key or offset, `unknown_key` when nothing is stored under it.
 */
@injectable()
export class LoadValue {
  constructor(
    @inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  async execute(input: { readonly key: string; readonly offset?: number }): Promise<LoadPayload> {
    checkStoreKey(input.key);
    const json = await this.store.load(input.key);
    if (json === undefined) {
      throw new DomainError('unknown_key', `nothing is stored under '${input.key}'`, {
        hint: 'configure {action:"list_keys"} lists the stored keys',
      });
    }
    const room = this.budget - LOAD_ENVELOPE_BYTES;
    const bytes = utf8Length(json);
    if (input.offset === undefined && bytes <= room) return { key: input.key, data: JSON.parse(json) as unknown };
    const offset = input.offset ?? 0;
    if (!Number.isInteger(offset) || offset < 0 || offset >= json.length) {
      throw new DomainError('invalid_params', `offset must be an integer from 0 to ${json.length - 1} for '${input.key}'`);
    }
    // JSON.stringify escapes what would make a piece count more bytes than its text: room/2 leaves space for that.
    const piece = utf8Prefix(json.slice(offset), Math.floor(room / 2));
    const end = offset + piece.length;
    return {
      key: input.key,
      truncated: true,
      bytes,
      json: piece,
      offset,
      ...(end < json.length ? { next_offset: end } : {}),
    };
  }
}
