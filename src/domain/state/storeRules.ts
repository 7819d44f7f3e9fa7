import { DomainError } from '../DomainError.js';
import { utf8Length } from '../text/utf8.js';

/** Keys name files: letters, digits, `.`, `_`, `-`; start with a letter or digit; at most 128. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Largest value `configure store` accepts: 256 KB of UTF-8 as JSON (docs/mcp-tools.md). */
export const MAX_STORED_BYTES = 256 * 1024;
/** Most keys the store holds (docs/mcp-tools.md). */
export const MAX_STORED_KEYS = 1_000;

/** @throws DomainError `invalid_params` when `key` could escape the store or is not a plain name. */
export function checkStoreKey(key: string): void {
  if (!KEY.test(key)) {
    throw new DomainError(
      'invalid_params',
      `key '${key.slice(0, 60)}' is not allowed: use 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
}

/** @returns the JSON text of `data`. @throws DomainError `invalid_params` when it is missing, `value_too_large` past 256 KB. */
export function checkStoredData(data: unknown): string {
  if (data === undefined) throw new DomainError('invalid_params', 'data is required (any JSON value)');
  const json = JSON.stringify(data);
  const bytes = utf8Length(json);
  if (bytes > MAX_STORED_BYTES) {
    throw new DomainError('value_too_large', `data is ${bytes} bytes as JSON; the limit is ${MAX_STORED_BYTES} bytes per key`, {
      limit_bytes: MAX_STORED_BYTES,
    });
  }
  return json;
}
