import { CallToolResultSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * What the SDK (1.32) does to a `tools/call` between the transport and the tool, and to the
 * tool's result on the way back, written out for the shapes browsertap's tools use, so the
 * direct path (`DirectToolCalls`) hands the tool, and the client, exactly what the SDK would.
 * test/integration/mcp/directCalls.test.ts compares both paths byte for byte.
 */

interface ZodDef {
  readonly type?: string;
  readonly shape?: Record<string, { readonly _zod?: { readonly def?: ZodDef } }>;
  readonly catchall?: { readonly _zod?: { readonly def?: ZodDef } };
  readonly innerType?: { readonly _zod?: { readonly def?: ZodDef } };
}

const anyKeys = new WeakMap<object, readonly string[] | null>();

/**
 * The property names, in order, of an input schema that takes any object: a zod loose object
 * whose every property is an optional `unknown` (the tools validate their arguments themselves,
 * args.ts). Its parse never fails and only reorders the keys. Undefined for any other schema:
 * its tool is left to the SDK.
 */
export function anyObjectKeys(schema: unknown): readonly string[] | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  let keys = anyKeys.get(schema);
  if (keys === undefined) {
    const def = (schema as { _zod?: { def?: ZodDef } })._zod?.def;
    const anything = (field: { _zod?: { def?: ZodDef } } | undefined) => {
      const inner = field?._zod?.def;
      return inner?.type === 'optional' && inner.innerType?._zod?.def?.type === 'unknown';
    };
    const loose = def?.type === 'object' && def.catchall?._zod?.def?.type === 'unknown' && def.shape !== undefined;
    keys = loose && Object.values(def.shape!).every(anything) ? Object.keys(def.shape!) : null;
    anyKeys.set(schema, keys);
  }
  return keys ?? undefined;
}

/**
 * `arguments` as the tool gets them from the SDK: the schema's properties first, in its order,
 * then the others as sent; an own `__proto__` left out (zod's objects and records drop it;
 * droppedKeys.ts has the tool refuse it). Values are the same values, not copies.
 */
export function sdkArguments(args: Record<string, unknown> | undefined, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (args === undefined) return out;
  for (const key of keys) if (Object.hasOwn(args, key)) out[key] = args[key];
  for (const key in args) {
    if (Object.hasOwn(args, key) && key !== '__proto__' && !Object.hasOwn(out, key)) out[key] = args[key];
  }
  return out;
}

/** What McpServer answers for a tool callback that threw (`createToolError`). */
export function toolError(error: unknown): Record<string, unknown> {
  return { content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }], isError: true };
}

/** McpServer passes this error on as a JSON-RPC error instead of a tool result. */
export function passedOn(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.UrlElicitationRequired;
}

const RESULT_KEYS: ReadonlySet<string> = new Set(['content', 'structuredContent', 'isError']);

/**
 * A tool's result as the SDK sends it: parsed with `CallToolResultSchema` (by the SDK's
 * `tools/call` wrapper, twice: once around McpServer's handler, once around browsertap's check
 * for unknown tools), which orders its keys `content, structuredContent, isError` and copies it.
 * A result of text blocks only is written out here without the parse, keeping `structuredContent`
 * itself (its JSON text is known: knownJson.ts); anything else is parsed as the SDK does.
 * @throws McpError -32602 `Invalid tools/call result: …` where the SDK refuses the result.
 */
export function sdkResult(result: unknown): unknown {
  if (isPlainTextResult(result)) {
    const { content, structuredContent, isError } = result;
    return {
      content,
      ...(structuredContent === undefined ? {} : { structuredContent }),
      ...(isError === undefined ? {} : { isError }),
    };
  }
  let value = result;
  for (let wrapper = 0; wrapper < 2; wrapper++) {
    const parsed = CallToolResultSchema.safeParse(value);
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${parsed.error.message}`);
    value = parsed.data;
  }
  return value;
}

interface PlainTextResult {
  readonly content: unknown[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

function isPlainTextResult(result: unknown): result is PlainTextResult {
  if (!isObject(result)) return false;
  for (const key in result) if (!RESULT_KEYS.has(key) || !Object.hasOwn(result, key)) return false;
  const { content, structuredContent, isError } = result as Partial<PlainTextResult>;
  if (!Array.isArray(content) || !content.every(isTextBlock)) return false;
  if (isError !== undefined && typeof isError !== 'boolean') return false;
  return structuredContent === undefined || (isObject(structuredContent) && !Object.hasOwn(structuredContent, '__proto__'));
}

/** `{type: "text", text}` with exactly these keys, in this order (the schema's). */
function isTextBlock(block: unknown): boolean {
  if (!isObject(block)) return false;
  const keys = Object.keys(block);
  const { type, text } = block as { type?: unknown; text?: unknown };
  return keys.length === 2 && keys[0] === 'type' && keys[1] === 'text' && type === 'text' && typeof text === 'string';
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
