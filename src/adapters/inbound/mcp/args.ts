import { z } from 'zod';
import { DomainError } from '../../../domain/DomainError.js';

/**
 * A property shown to the model with its JSON type and a short description, but accepted as
 * anything by the SDK: the handler validates it strictly, so a wrong argument comes back as a
 * tool error with our `{error, message}` payload instead of the SDK's plain text.
 */
export function documented(type: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array', description?: string) {
  return z
    .unknown()
    .optional()
    .meta({ type, ...(description === undefined ? {} : { description }) });
}

/** `make()`'s value, made on the first call and the same ever after. */
export function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** The selector (`what` / `action`) of a tool call, required and a string. */
export function selector(args: Record<string, unknown>, name: 'what' | 'action', allowed: readonly string[]): string {
  const value = args[name];
  if (value === undefined) {
    throw new DomainError('invalid_params', `${name} is required; one of: ${allowed.join(', ')}`);
  }
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new DomainError(
      'unknown_action',
      `unknown ${name} ${JSON.stringify(value)?.slice(0, 60)}; one of: ${allowed.join(', ')}`,
    );
  }
  return value;
}

/**
 * Parses the arguments other than the selector with a strict schema. `dropped`: keys the call
 * had that the SDK left out before the handler (droppedKeys.ts), refused as unknown too.
 * @throws DomainError `invalid_params` naming every bad, missing or unknown argument.
 */
export function parseArgs<S extends z.ZodObject>(
  schema: S,
  args: Record<string, unknown>,
  omit: string,
  context: string,
  dropped: readonly string[] = [],
): z.infer<S> {
  const { [omit]: _selector, ...rest } = args;
  const parsed = strict(schema).safeParse(rest);
  const unknown = (keys: readonly string[]) =>
    `${keys.join(', ')}: not an argument of ${context} (accepted: ${Object.keys(schema.shape).join(', ') || 'none'})`;
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
        return issue.code === 'unrecognized_keys' ? unknown(issue.keys) : `${where}: ${issue.message}`;
      });
  if (dropped.length > 0) problems.unshift(unknown(dropped));
  if (problems.length === 0 && parsed.success) return parsed.data as z.infer<S>;
  throw new DomainError('invalid_params', `${context}: ${problems.join('; ')}`);
}

/**
 * A record keyed by `key`: zod's record leaves an own `__proto__` key out (droppedKeys.ts), so
 * it is refused here as a key the record does not take, like any other.
 */
export function recordOf<K extends z.ZodString, V extends z.ZodType>(key: K, value: V, what: string) {
  return z.preprocess(
    (raw, context) => {
      if (typeof raw === 'object' && raw !== null && Object.hasOwn(raw, '__proto__')) {
        context.addIssue({ code: 'custom', message: `__proto__ is not ${what}` });
      }
      return raw;
    },
    z.record(key, value),
  );
}

/** Strict variants are built once per schema: zod compiles a schema on its first parse. */
const strictSchemas = new WeakMap<z.ZodObject, z.ZodObject>();

function strict(schema: z.ZodObject): z.ZodObject {
  let found = strictSchemas.get(schema);
  if (found === undefined) {
    found = schema.strict();
    strictSchemas.set(schema, found);
  }
  return found;
}

export const id = z.string().min(1).max(128);
export const tabId = z.number().int().nonnegative();
export const shortText = (max: number) => z.string().max(max);
