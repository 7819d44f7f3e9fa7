import { inject, injectable } from 'inversify';
import { checkStoreKey, checkStoredData } from '../../domain/state/storeRules.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

/**
 * `configure store {key, data}`: persists any JSON value (≤ 64 KB as JSON) under a plain key.
 * @throws DomainError `invalid_params` for a bad key or value.
 */
@injectable()
export class StoreValue {
  constructor(@inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort) {}

  async execute(input: { readonly key: string; readonly data: unknown }): Promise<{ stored: true; key: string; bytes: number }> {
    checkStoreKey(input.key);
    const json = checkStoredData(input.data);
    await this.store.save(input.key, input.data);
    return { stored: true, key: input.key, bytes: new TextEncoder().encode(json).length };
  }
}
