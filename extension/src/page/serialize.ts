import { setOwn } from '../../../src/domain/json/ownData.js';

export interface SerialLimits {
  readonly string: number;
  readonly display: number;
  readonly keys: number;
  readonly items: number;
  readonly depth: number;
  readonly stack: number;
  /** `undefined` as JSON has it (left out of objects, null in arrays) instead of the text "undefined". */
  readonly jsonUndefined?: boolean;
}

/** How much of a console call is kept (characters / items). */
export const SERIAL: SerialLimits = Object.freeze({
  string: 8_192,
  display: 1_024,
  keys: 50,
  items: 100,
  depth: 4,
  stack: 4_096,
});

/** How much of an execute_js return value is kept; the whole result is capped again as JSON. */
export const RESULT_LIMITS: SerialLimits = Object.freeze({
  string: 100_000,
  display: 1_024,
  keys: 1_000,
  items: 10_000,
  depth: 20,
  stack: 4_096,
  jsonUndefined: true,
});

/**
 * A JSON-safe copy of any value a page passes to `console.*` (or returns from execute_js): cycles,
 * DOM nodes, errors, BigInt, functions, symbols, Maps, Sets and huge strings never break
 * serialisation or blow up the size.
 */
export function toJsonSafe(
  value: unknown,
  limits: SerialLimits = SERIAL,
  depth = 0,
  seen: WeakSet<object> = new WeakSet(),
): unknown {
  switch (typeof value) {
    case 'string':
      return capString(value, limits.string);
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'undefined':
      return limits.jsonUndefined === true ? undefined : 'undefined';
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return `[Function ${(value as { name?: string }).name || 'anonymous'}]`;
  }
  if (value === null) return null;
  const object = value as object;
  if (seen.has(object)) return '[Circular]';
  const special = describeSpecial(object, limits);
  if (special !== undefined) return special;
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function' && !(object instanceof Date)) {
    try {
      const own = toJSON.call(object) as unknown;
      if (own !== object) return toJsonSafe(own, limits, depth + 1, seen);
    } catch {
      // fall back to its keys
    }
  }
  if (depth >= limits.depth) return Array.isArray(object) ? `[Array(${object.length})]` : '[Object]';
  seen.add(object);
  try {
    if (object instanceof Map)
      return {
        '[Map]': listOf(
          limits,
          [...object.entries()].map(([k, v]) => [toJsonSafe(k, limits, depth + 1, seen), toJsonSafe(v, limits, depth + 1, seen)]),
        ),
      };
    if (object instanceof Set)
      return {
        '[Set]': listOf(
          limits,
          [...object].map((v) => toJsonSafe(v, limits, depth + 1, seen)),
        ),
      };
    if (Array.isArray(object) || ArrayBuffer.isView(object)) {
      const items = Array.from(object as ArrayLike<unknown>);
      return listOf(
        limits,
        items.slice(0, limits.items + 1).map((item) => toJsonSafe(item, limits, depth + 1, seen)),
        items.length,
      );
    }
    const out: Record<string, unknown> = {};
    let count = 0;
    for (const key of Object.keys(object)) {
      if (count++ === limits.keys) {
        out['…'] = `${Object.keys(object).length - limits.keys} more keys`;
        break;
      }
      let item: unknown;
      try {
        item = (object as Record<string, unknown>)[key];
      } catch (error) {
        item = `[Thrown: ${(error as Error)?.message ?? String(error)}]`;
      }
      setOwn(out, key, toJsonSafe(item, limits, depth + 1, seen));
    }
    return out;
  } finally {
    seen.delete(object);
  }
}

function listOf(limits: SerialLimits, items: unknown[], total = items.length): unknown[] {
  if (total <= limits.items) return items;
  return [...items.slice(0, limits.items), `… ${total - limits.items} more items`];
}

function describeSpecial(object: object, limits: SerialLimits): unknown {
  if (object instanceof Error) {
    return {
      name: object.name,
      message: capString(String(object.message), limits.string),
      ...(object.stack ? { stack: capString(object.stack, limits.stack) } : {}),
    };
  }
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (object instanceof RegExp) return String(object);
  if (typeof Promise !== 'undefined' && object instanceof Promise) return '[Promise]';
  if (typeof WeakMap !== 'undefined' && (object instanceof WeakMap || object instanceof WeakSet))
    return `[${object.constructor.name}]`;
  const node = object as { nodeType?: unknown; nodeName?: unknown };
  if (typeof node.nodeType === 'number' && typeof node.nodeName === 'string') return describeNode(object as Node);
  if (typeof window !== 'undefined' && object === window) return '[Window]';
  return undefined;
}

function describeNode(node: Node): string {
  if (node.nodeType === 1) {
    const element = node as Element;
    const id = element.id ? `#${element.id}` : '';
    const classes =
      typeof element.className === 'string' && element.className.trim()
        ? `.${element.className.trim().split(/\s+/).join('.')}`
        : '';
    return `<${element.tagName.toLowerCase()}${id}${classes}>`;
  }
  if (node.nodeType === 3) return `#text ${JSON.stringify(capString(node.textContent ?? '', 80))}`;
  return node.nodeName.toLowerCase();
}

export function capString(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…[truncated ${text.length - max} chars]`;
}

/**
 * How a value reads in a console message, given its JSON-safe copy: as Chrome's console shows it
 * collapsed — `{id: 42, name: 'Ada', roles: Array(2)}`, `(2) [{…}, {…}]` — the whole value stays
 * in the entry's `args`.
 */
function display(value: unknown, safe: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof safe === 'string') return safe;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  return capString(preview(safe, true), SERIAL.display);
}

/** Properties or items a preview shows before `…`, as Chrome's console does. */
const PREVIEW_ITEMS = 5;
const PREVIEW_STRING = 60;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Chrome's collapsed rendering of a JSON-safe value: nested objects as `{…}`, nested arrays as `Array(n)`. */
export function preview(safe: unknown, top = false): string {
  if (typeof safe === 'string') return top ? safe : `'${capString(safe, PREVIEW_STRING)}'`;
  if (safe === null || typeof safe !== 'object') return String(safe);
  if (Array.isArray(safe)) {
    if (!top) return `Array(${safe.length})`;
    const shown = safe.slice(0, PREVIEW_ITEMS).map((item) => nested(item));
    return `(${safe.length}) [${shown.join(', ')}${safe.length > PREVIEW_ITEMS ? ', …' : ''}]`;
  }
  if (!top) return '{…}';
  const keys = Object.keys(safe);
  const shown = keys
    .slice(0, PREVIEW_ITEMS)
    .map((key) => `${IDENTIFIER.test(key) ? key : `'${key}'`}: ${nested((safe as Record<string, unknown>)[key])}`);
  return `{${shown.join(', ')}${keys.length > PREVIEW_ITEMS ? ', …' : ''}}`;
}

function nested(item: unknown): string {
  return preview(item, false);
}

/**
 * The console message (with `%s %d %i %f %o %O %j %c` substitutions, as the console shows it) and
 * the JSON-safe arguments.
 */
export function describeConsoleCall(args: readonly unknown[]): { message: string; args: unknown[] } {
  // Each argument is made JSON-safe once; the message is built from those copies.
  const safeArgs = args.map((arg) => toJsonSafe(arg));
  let next = 0;
  let head = '';
  if (typeof args[0] === 'string' && /%[sdifoOjc%]/.test(args[0])) {
    const format = args[0];
    next = 1;
    head = format.replace(/%([sdifoOjc%])/g, (match, spec: string) => {
      if (spec === '%') return '%';
      if (next >= args.length) return match;
      const value = args[next];
      const safe = safeArgs[next++];
      switch (spec) {
        case 'c':
          return '';
        case 'd':
        case 'i':
          return String(Number.parseInt(String(value), 10));
        case 'f':
          return String(Number.parseFloat(String(value)));
        default:
          return display(value, safe);
      }
    });
  }
  const rest = args.slice(next).map((value, i) => display(value, safeArgs[next + i]));
  const message = [head, ...rest].filter((part, i) => i > 0 || part !== '').join(' ');
  return { message: capString(message, SERIAL.string), args: safeArgs };
}

/**
 * The caller's frames, from a stack captured with `Error.stackTraceLimit` lowered to what is kept
 * (formatting the frames is most of a stack's cost: this halves the console hook's share).
 * The page's own limit is put back at once; a page that locked it just gets a full capture.
 */
export function captureCallSite(ownMarker: string, frames = 3, ownFrames = 2): string | undefined {
  const limit = Error.stackTraceLimit;
  let lowered = false;
  if (typeof limit === 'number' && limit > frames + ownFrames) {
    try {
      Error.stackTraceLimit = frames + ownFrames;
      lowered = true;
    } catch {
      // a frozen Error: keep the page's limit
    }
  }
  try {
    return callSite(new Error().stack, ownMarker, frames);
  } finally {
    if (lowered) Error.stackTraceLimit = limit;
  }
}

/** The caller's frames of a stack, leaving out the extension's own (marked by `ownMarker`). */
export function callSite(stack: string | undefined, ownMarker: string, frames = 3): string | undefined {
  if (stack === undefined) return undefined;
  const lines = stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at ') && !line.includes(ownMarker));
  return lines.length === 0 ? undefined : lines.slice(0, frames).join('\n');
}
