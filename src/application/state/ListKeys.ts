import { inject, injectable } from 'inversify';
import { DomainError } from '../../domain/DomainError.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { KeyValueStorePort } from '../ports/KeyValueStorePort.js';
import { TYPES } from '../tokens.js';

export const DEFAULT_KEYS_LIMIT = 200;
export const MAX_KEYS_LIMIT = 1_000;

/**
 * `configure list_keys {limit?, after_cursor?}` → stored keys, sorted, a page at a time:
 * `{keys, count, has_more, cursor}`; `after_cursor` (the last key of a page) continues.
 * @throws DomainError `invalid_params` for a bad limit.
 */
@injectable()
export class ListKeys {
  constructor(
    @inject(TYPES.KeyValueStorePort) private readonly store: KeyValueStorePort,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  async execute(
    input: { readonly limit?: number; readonly afterCursor?: string } = {},
  ): Promise<{ keys: string[]; count: number; has_more: boolean; cursor: string | null }> {
    const limit = input.limit ?? DEFAULT_KEYS_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_KEYS_LIMIT) {
      throw new DomainError('invalid_params', `limit must be an integer from 1 to ${MAX_KEYS_LIMIT}, got ${String(limit)}`);
    }
    const all = await this.store.keys();
    const after = input.afterCursor;
    const rest = after === undefined ? all : all.filter((key) => key > after);
    const keys: string[] = [];
    let used = 200;
    for (const key of rest) {
      used += utf8Length(key) + 3;
      if (keys.length >= limit || used > this.budget) break;
      keys.push(key);
    }
    return { keys, count: keys.length, has_more: keys.length < rest.length, cursor: keys.at(-1) ?? after ?? null };
  }
}
