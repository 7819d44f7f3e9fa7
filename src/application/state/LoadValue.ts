import { inject, injectable } from 'inversify';
import { DomainError } from '../../domain/DomainError.js';
import { checkStoreKey } from '../../domain/state/storeRules.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

/**
 * `configure load {key}` → `{key, data}` exactly as stored.
 * @throws DomainError `invalid_params` for a bad key, `unknown_key` when nothing is stored under it.
 */
@injectable()
export class LoadValue {
  constructor(@inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort) {}

  async execute(input: { readonly key: string }): Promise<{ key: string; data: unknown }> {
    checkStoreKey(input.key);
    const data = await this.store.load(input.key);
    if (data === undefined) {
      throw new DomainError('unknown_key', `nothing is stored under '${input.key}'`, {
        hint: 'configure {action:"list_keys"} lists the stored keys',
      });
    }
    return { key: input.key, data };
  }
}
