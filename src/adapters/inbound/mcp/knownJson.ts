/** Objects whose JSON text was already made (a tool result's payload, serialised for its text block). */
const known = new WeakMap<object, string>();

/** The UTF-8 of a known JSON text, where it was made already (to measure it against its budget). */
const knownBytes = new WeakMap<object, Buffer>();

/**
 * Records that `text` is `JSON.stringify(value)` (and `utf8` its UTF-8, when given), so sending
 * `value` as `structuredContent` reuses it.
 */
export function withKnownJson<T extends object>(value: T, text: string, utf8?: Buffer): T {
  known.set(value, text);
  if (utf8 !== undefined) knownBytes.set(value, utf8);
  return value;
}

/** The JSON text recorded for `value` (`withKnownJson`, `parseKnown`), if any. */
export function knownJson(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? known.get(value) : undefined;
}

/** The UTF-8 recorded beside `value`'s known JSON text, if any. */
export function knownUtf8(value: object): Buffer | undefined {
  return knownBytes.get(value);
}

/** Stands in for a known `structuredContent` while the rest of the message is serialised. */
const MARK = '\u0000browsertap:structuredContent\u0000';
const MARK_JSON = JSON.stringify(MARK);

/**
 * A JSON-RPC message as JSON text, the same as `JSON.stringify(message)` makes, except that a
 * result's `structuredContent` whose text is known is spliced in rather than serialised again:
 * every tool result carries its payload twice (docs/mcp-tools.md), and the second serialisation of a list
 * of 100 entries was a tenth of the daemon's time per read. The mark cannot occur anywhere else
 * in the text: inside any string value a quote is escaped, so `"` followed by the mark is the
 * value itself, and nothing after `structuredContent` holds a page's text.
 */
export function messageJson(message: unknown): string {
  const result = (message as { result?: Record<string, unknown> } | undefined)?.result;
  const structured = result?.structuredContent;
  const text = typeof structured === 'object' && structured !== null ? known.get(structured) : undefined;
  if (text === undefined) return JSON.stringify(message);
  const json = JSON.stringify({ ...(message as object), result: { ...result, structuredContent: MARK } });
  const at = json.lastIndexOf(MARK_JSON);
  return `${json.slice(0, at)}${text}${json.slice(at + MARK_JSON.length)}`;
}

/**
 * Parses one line's worth of JSON text and remembers the text as the value's JSON, so a message
 * the bridge passes on unchanged is written as it came (`jsonLine`) instead of serialised again.
 */
export function parseKnown(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (typeof value === 'object' && value !== null && !text.includes('\n') && !text.includes('\r')) known.set(value, text);
  return value;
}

/** `value` as one line of JSON: the text it was parsed from when known, else `JSON.stringify(value)`. */
export function jsonLine(value: unknown): string {
  return (typeof value === 'object' && value !== null ? known.get(value) : undefined) ?? JSON.stringify(value);
}
