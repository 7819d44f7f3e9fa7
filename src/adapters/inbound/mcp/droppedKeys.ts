import type { MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/**
 * Argument keys the MCP SDK drops before a tool handler sees them. The SDK validates a call's
 * `arguments` with zod, whose objects and records leave out an own `__proto__` key (they guard the
 * output's prototype). The argument is then silently ignored where every other unknown key is
 * refused: the transport, which holds the message as parsed, notes such keys here, on the
 * request's `requestInfo` (which the SDK hands on to the handler as it is), and the handler
 * refuses them like any unknown key (args.ts).
 */
const dropped = new WeakMap<object, readonly string[]>();

/** The key zod leaves out of parsed objects. */
const PROTO = '__proto__';

/**
 * `extra` for one message: when it is a `tools/call` whose arguments hold an own `__proto__`
 * key, a copy whose `requestInfo` notes it; else `extra` itself.
 */
export function noteDroppedKeys(message: unknown, extra: MessageExtraInfo): MessageExtraInfo {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { arguments?: unknown } };
  const args = method === 'tools/call' && typeof params === 'object' && params !== null ? params.arguments : undefined;
  if (typeof args !== 'object' || args === null || !Object.hasOwn(args, PROTO)) return extra;
  const requestInfo = { ...(extra.requestInfo ?? { headers: {} }) };
  dropped.set(requestInfo, [PROTO]);
  return { ...extra, requestInfo };
}

/** The argument keys noted for the request `requestInfo` belongs to (none when nothing was dropped). */
export function droppedKeys(requestInfo: object | undefined): readonly string[] {
  return requestInfo === undefined ? [] : (dropped.get(requestInfo) ?? []);
}
