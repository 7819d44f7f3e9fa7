import type { JSONRPCNotification, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** The keys a JSON-RPC request or notification may have (the SDK's schemas are strict). */
const MESSAGE_KEYS: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * Whether `value` is a plain JSON-RPC request or notification: an object with `jsonrpc` "2.0",
 * a string `method`, an `id` (if any) that is a string or a safe integer, and `params` (if any)
 * a plain object without `_meta` or an own `__proto__`, and no other key. Such a value is one
 * the SDK's `JSONRPCMessageSchema` accepts, and its parse would only copy it: the transport
 * takes it as it is, without the zod parse (≈ a sixth of the SDK's cost per call).
 *
 * False means "not decided here", never "invalid": everything else (answers, `_meta`, odd keys,
 * every refusal) goes through the schema, so what is refused, and how, stays the SDK's
 * (test/unit/adapters/inbound/mcp/plainMessage.test.ts holds the two decisions side by side).
 * O(1): at most four keys, and `params` is looked at, not walked.
 */
export function isPlainMessage(value: unknown): value is JSONRPCRequest | JSONRPCNotification {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  // JSON.parse makes every key own and enumerable, an own `__proto__` included (refused here).
  for (const key in value) if (!MESSAGE_KEYS.has(key) || !Object.hasOwn(value, key)) return false;
  const m = value as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  if (m.jsonrpc !== '2.0' || typeof m.method !== 'string') return false;
  if (Object.hasOwn(m, 'id') && typeof m.id !== 'string' && !Number.isSafeInteger(m.id)) return false;
  if (!Object.hasOwn(m, 'params')) return true;
  const params = m.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  return !Object.hasOwn(params, '_meta') && !Object.hasOwn(params, '__proto__');
}
