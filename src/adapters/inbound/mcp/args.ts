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
 * Parses the arguments other than the selector with a strict schema.
 * @throws DomainError `invalid_params` naming every bad, missing or unknown argument.
 */
export function parseArgs<S extends z.ZodObject>(
  schema: S,
  args: Record<string, unknown>,
  omit: string,
  context: string,
): z.infer<S> {
  const { [omit]: _selector, ...rest } = args;
  const parsed = strict(schema).safeParse(rest);
  if (parsed.success) return parsed.data as z.infer<S>;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    if (issue.code === 'unrecognized_keys') {
      return `${issue.keys.join(', ')}: not an argument of ${context} (accepted: ${Object.keys(schema.shape).join(', ') || 'none'})`;
    }
    return `${where}: ${issue.message}`;
  });
  throw new DomainError('invalid_params', `${context}: ${problems.join('; ')}`);
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
