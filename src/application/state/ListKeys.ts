import { inject, injectable } from 'inversify';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

/** `configure list_keys` → every stored key, sorted. */
@injectable()
export class ListKeys {
  constructor(@inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort) {}

  async execute(): Promise<{ keys: string[]; count: number }> {
    const keys = await this.store.keys();
    return { keys, count: keys.length };
  }
}
