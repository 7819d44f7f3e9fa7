import { validateSync, type ValidationError } from 'class-validator';

export type DtoClass<T extends object> = new () => T;

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Validates one plain JSON value against a class-validator DTO. Unknown properties are
 * dropped; the result is a plain object holding only the DTO's properties.
 */
export function validateDto<T extends object>(Dto: DtoClass<T>, plain: unknown): Checked<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, message: 'must be a JSON object' };
  }
  const instance = new Dto() as Record<string, unknown>;
  for (const key in plain) {
    if (Object.hasOwn(plain, key) && !UNSAFE_KEYS.has(key)) instance[key] = (plain as Record<string, unknown>)[key];
  }
  const errors = validateSync(instance, { whitelist: true, forbidUnknownValues: true, stopAtFirstError: true });
  if (errors.length > 0) return { ok: false, message: describe(errors) };
  // Class fields exist as own properties even when absent from the input: keep only given values.
  const value: Record<string, unknown> = {};
  for (const key in instance) {
    if (instance[key] !== undefined) value[key] = instance[key];
  }
  return { ok: true, value: value as T };
}

function describe(errors: readonly ValidationError[]): string {
  return errors
    .flatMap((error) => Object.values(error.constraints ?? {}))
    .slice(0, 3)
    .join('; ');
}
