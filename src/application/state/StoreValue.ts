import { inject, injectable } from 'inversify';
import { DomainError } from '../../domain/DomainError.js';
import { cutDepth, DEPTH_MARK, MAX_DEPTH } from '../../domain/json/cutDepth.js';
import { checkStoreKey, checkStoredData, MAX_STORED_KEYS } from '../../domain/state/storeRules.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

export interface StoredAnswer {
  readonly stored: true;
  readonly key: string;
  /** Size of what was stored, as JSON (UTF-8 bytes). */
  readonly bytes: number;
  /** Present when values nested deeper than `MAX_DEPTH` levels were stored as `"[depth]"`. */
  readonly truncated?: true;
  /** How many values were cut. */
  readonly cut?: number;
  /** JSON Pointers of the first values cut (at most 3). */
  readonly cut_at?: readonly string[];
  readonly message?: string;
}

/**
 * `configure store {key, data}`: persists any JSON value (≤ 256 KB as JSON) under a plain key,
 * in a store of at most 1 000 keys. Objects and arrays nested deeper than 20 levels are stored
 * as `"[depth]"` and the answer says so (`truncated`, `cut`, `cut_at`, `message`); `__proto__`
 * keys are kept as plain data. Stores run one at a time, so the key limit holds.
 * @throws DomainError `invalid_params` for a bad key, `value_too_large`, `store_full`.
 */
@injectable()
export class StoreValue {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort) {}

  execute(input: { readonly key: string; readonly data: unknown }): Promise<StoredAnswer> {
    checkStoreKey(input.key);
    const kept = cutDepth(input.data);
    const json = checkStoredData(kept.value);
    const run = this.queue.then(async () => {
      await this.save(input.key, json);
      const answer = { stored: true as const, key: input.key, bytes: utf8Length(json) };
      if (kept.cut === 0) return answer;
      return {
        ...answer,
        truncated: true as const,
        cut: kept.cut,
        cut_at: kept.paths,
        message: `${kept.cut} value${kept.cut === 1 ? ' was' : 's were'} nested deeper than ${MAX_DEPTH} levels and stored as "${DEPTH_MARK}" (first at ${kept.paths[0]})`,
      };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async save(key: string, json: string): Promise<void> {
    const keys = await this.store.keys();
    if (!keys.includes(key) && keys.length >= MAX_STORED_KEYS) {
      throw new DomainError(
        'store_full',
        `the store holds ${keys.length} keys, its limit of ${MAX_STORED_KEYS}; delete some (configure {action:"delete", key}) first`,
        { limit_keys: MAX_STORED_KEYS },
      );
    }
    await this.store.save(key, json);
  }
}
