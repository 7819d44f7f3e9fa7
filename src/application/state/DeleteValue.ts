import { inject, injectable } from 'inversify';
import { checkStoreKey } from '../../domain/state/storeRules.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

/**
 * `configure delete {key}` → `{key, deleted}`; deleting a key that is not there says
 * `deleted: false` (so repeating a delete is harmless).
 * @throws DomainError `invalid_params` for a bad key.
 */
@injectable()
export class DeleteValue {
  constructor(@inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort) {}

  async execute(input: { readonly key: string }): Promise<{ key: string; deleted: boolean }> {
    checkStoreKey(input.key);
    return { key: input.key, deleted: await this.store.remove(input.key) };
  }
}
