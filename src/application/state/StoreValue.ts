import { inject, injectable } from 'inversify';
import { DomainError } from '../../domain/DomainError.js';
import { checkStoreKey, checkStoredData, MAX_STORED_KEYS } from '../../domain/state/storeRules.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

/**
 * `configure store {key, data}`: persists any JSON value (≤ 256 KB as JSON) under a plain key,
 * in a store of at most 1 000 keys. Stores run one at a time, so the key limit holds.
 * @throws DomainError `invalid_params` for a bad key, `value_too_large`, `store_full`.
 */
@injectable()
export class StoreValue {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort) {}

  execute(input: { readonly key: string; readonly data: unknown }): Promise<{ stored: true; key: string; bytes: number }> {
    checkStoreKey(input.key);
    const json = checkStoredData(input.data);
    const run = this.queue.then(() => this.save(input.key, json));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async save(key: string, json: string): Promise<{ stored: true; key: string; bytes: number }> {
    const keys = await this.store.keys();
    if (!keys.includes(key) && keys.length >= MAX_STORED_KEYS) {
      throw new DomainError(
        'store_full',
        `the store holds ${keys.length} keys, its limit of ${MAX_STORED_KEYS}; delete some (configure {action:"delete", key}) first`,
        { limit_keys: MAX_STORED_KEYS },
      );
    }
    await this.store.save(key, json);
    return { stored: true, key, bytes: utf8Length(json) };
  }
}
