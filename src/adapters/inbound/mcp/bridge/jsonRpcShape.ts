/** One JSON-RPC message as the bridge passes it on: parsed JSON with the shape JSON-RPC 2.0 gives it. */
export type Message = Record<string, unknown> & { readonly jsonrpc: '2.0' };

/** A JSON-RPC id: what an answer to an invalid message carries (null when none could be read). */
export type AnswerId = string | number | null;

/** A message checked against JSON-RPC 2.0: passed on, or answered "Invalid Request" with `id`. */
export type Checked =
  { readonly ok: true; readonly message: Message } | { readonly ok: false; readonly id: AnswerId; readonly detail: string };

/**
 * Checks one parsed value against JSON-RPC 2.0 (section 4 and 5): a request or notification
 * (`method` a string, `params` an object or array if present, `id` a string, number or null if
 * present), or a response to a server request (an `id` with exactly one of `result` and
 * `error`, `error` being `{code: integer, message: string}`). Anything else is invalid, with the
 * id it carries when that id can be read. Looks at the top level only: O(1).
 */
export function checkMessage(value: unknown): Checked {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return invalid(null, 'not a JSON-RPC message object');
  }
  const m = value as Record<string, unknown>;
  const hasId = Object.hasOwn(m, 'id');
  const id = hasId ? readableId(m.id) : null;
  if (hasId && id === undefined) return invalid(null, 'id must be a string, a number or null');
  const answerId = id ?? null;
  if (m.jsonrpc !== '2.0') return invalid(answerId, 'jsonrpc must be "2.0"');
  if (Object.hasOwn(m, 'method')) {
    if (typeof m.method !== 'string') return invalid(answerId, 'method must be a string');
    if (Object.hasOwn(m, 'params') && (typeof m.params !== 'object' || m.params === null)) {
      return invalid(answerId, 'params must be an object or an array');
    }
    return { ok: true, message: m as Message };
  }
  if (!hasId) return invalid(null, 'neither a request (no method) nor a response (no id)');
  const hasResult = Object.hasOwn(m, 'result');
  const hasError = Object.hasOwn(m, 'error');
  if (hasResult === hasError) {
    return invalid(answerId, 'a message with an id and no method must be a response, with result or error (one of them)');
  }
  if (hasError && !isErrorObject(m.error)) return invalid(answerId, 'error must be {code: integer, message: string}');
  return { ok: true, message: m as Message };
}

function readableId(id: unknown): AnswerId | undefined {
  if (id === null || typeof id === 'string') return id;
  return typeof id === 'number' && Number.isFinite(id) ? id : undefined;
}

function isErrorObject(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return Number.isInteger(code) && typeof message === 'string';
}

function invalid(id: AnswerId, detail: string): Checked {
  return { ok: false, id, detail };
}
