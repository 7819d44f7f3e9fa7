import { DomainError } from '../DomainError.js';

/** Keys name files: letters, digits, `.`, `_`, `-`; start with a letter or digit; at most 128. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Largest value `configure store` accepts, as JSON text (characters): it must come back in one result. */
export const MAX_STORED_CHARS = 65_536;

/** @throws DomainError `invalid_params` when `key` could escape the store or is not a plain name. */
export function checkStoreKey(key: string): void {
  if (!KEY.test(key)) {
    throw new DomainError(
      'invalid_params',
      `key '${key.slice(0, 60)}' is not allowed: use 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
}

/** @returns the JSON text of `data`. @throws DomainError `invalid_params` when it is not JSON or too large. */
export function checkStoredData(data: unknown): string {
  if (data === undefined) throw new DomainError('invalid_params', 'data is required (any JSON value)');
  const json = JSON.stringify(data);
  if (json.length > MAX_STORED_CHARS) {
    throw new DomainError('invalid_params', `data is ${json.length} characters as JSON; the limit is ${MAX_STORED_CHARS}`);
  }
  return json;
}
