import { knownJson, knownUtf8, messageJson } from './knownJson.js';

/**
 * `${before}${JSON.stringify(message)}${after}` as UTF-8, the same bytes, made without a large
 * string. A tool result carries its payload twice (docs/mcp-tools.md): as `structuredContent`
 * and as the JSON text of its first text block. With that text known (`withKnownJson`), only the
 * rest of the message is serialised (a few short strings); the text's UTF-8 goes in as it is for
 * `structuredContent`, and escaped byte by byte as a JSON string for the text block. As one
 * string, the message was serialised, then flattened twice on its way out (for its length, and
 * again behind the response's head): ≈ 90 KB of garbage a read of 100 log entries, a young
 * collection every 4th read on the daemon's 1 MB semi-space.
 */
export function messageBytes(before: string, message: unknown, after: string): Buffer {
  const parts = knownParts(message);
  if (parts !== undefined) {
    const bytes = joinParts(before, parts, after);
    if (bytes !== undefined) return bytes;
  }
  return Buffer.from(`${before}${messageJson(message)}${after}`);
}

/**
 * The message's JSON as `texts` with the known text between each two: escaped as a JSON string's
 * contents where `escaped[i]` (after `texts[i]`), as it is elsewhere. Undefined unless the message
 * is a plain object whose plain `result` has a known `structuredContent`.
 */
interface KnownParts {
  readonly text: string;
  readonly utf8: Buffer | undefined;
  readonly texts: string[];
  readonly escaped: boolean[];
}

function knownParts(message: unknown): KnownParts | undefined {
  if (!isPlain(message)) return undefined;
  const result = message.result;
  if (!isPlain(result)) return undefined;
  const structured = result.structuredContent;
  const text = knownJson(structured);
  if (text === undefined) return undefined;
  const parts: KnownParts = { text, utf8: knownUtf8(structured as object), texts: [], escaped: [] };
  parts.texts.push(
    membersOf('', message, (open, key) => (key === 'result' ? resultParts(`${open}"result":`, result, parts) : undefined)),
  );
  return parts;
}

/** `result` after `open`, as `knownParts`: the text marked where it is `structuredContent` and a text block's text. */
function resultParts(open: string, result: Record<string, unknown>, parts: KnownParts): string {
  return membersOf(open, result, (at, key, value) => {
    if (key === 'structuredContent') {
      parts.texts.push(`${at}"structuredContent":`);
      parts.escaped.push(false);
      return '';
    }
    if (key !== 'content' || !Array.isArray(value)) return undefined;
    let blocks = `${at}"content":[`;
    // By index, not forEach: a hole is `null` in JSON.
    for (let i = 0; i < value.length; i++) {
      const block: unknown = value[i];
      if (i > 0) blocks += ',';
      blocks = isPlain(block) ? blockParts(blocks, block, parts) : `${blocks}${JSON.stringify(block) ?? 'null'}`;
    }
    return `${blocks}]`;
  });
}

/** One content block after `open`, its `text` marked when it is the known text. */
function blockParts(open: string, block: Record<string, unknown>, parts: KnownParts): string {
  return membersOf(open, block, (at, key, value) => {
    if (key !== 'text' || value !== parts.text) return undefined;
    parts.texts.push(`${at}"text":"`);
    parts.escaped.push(true);
    return '"';
  });
}

/**
 * `object` after `open` as JSON.stringify writes it (a member whose value has no JSON left out),
 * but for the members `special` writes itself: given what comes before the member (its comma
 * included), it returns what follows it so far, or undefined for a plain member.
 */
function membersOf(
  open: string,
  object: Record<string, unknown>,
  special: (at: string, key: string, value: unknown) => string | undefined,
): string {
  let first = true;
  open += '{';
  for (const key of Object.keys(object)) {
    const value = object[key];
    const comma = first ? '' : ',';
    const written = special(`${open}${comma}`, key, value);
    if (written !== undefined) open = written;
    else {
      const json = JSON.stringify(value);
      if (json === undefined) continue;
      open += `${comma}${JSON.stringify(key)}:${json}`;
    }
    first = false;
  }
  return `${open}}`;
}

/** The bytes of `parts` between `before` and `after`; undefined if the text holds what this escapes differently from JSON. */
function joinParts(before: string, { text, utf8, texts, escaped }: KnownParts, after: string): Buffer | undefined {
  const raw = utf8 ?? Buffer.from(text);
  let size = Buffer.byteLength(before) + Buffer.byteLength(after);
  for (const part of texts) size += Buffer.byteLength(part);
  for (const escape of escaped) size += escape ? 2 * raw.length : raw.length;
  const bytes = Buffer.allocUnsafe(size);
  let at = bytes.write(before);
  for (let i = 0; i < escaped.length; i++) {
    at += bytes.write(texts[i] as string, at);
    if (!escaped[i]) at += raw.copy(bytes, at);
    else if ((at = escapeInto(raw, bytes, at)) < 0) return undefined;
  }
  at += bytes.write(texts[texts.length - 1] as string, at);
  at += bytes.write(after, at);
  return bytes.subarray(0, at);
}

/**
 * Writes `source` (UTF-8 of JSON text) into `target` at `at` as JSON.stringify escapes a string:
 * a quote or backslash gets a backslash, and nothing else needs one in JSON text made by
 * JSON.stringify (no control characters, no lone surrogates). Returns the end, or -1 for a
 * control character or U+FFFD (which a lone surrogate became in UTF-8; JSON.stringify writes
 * `\udXXX`): the caller then serialises the message whole.
 */
function escapeInto(source: Buffer, target: Buffer, at: number): number {
  if (source.indexOf(REPLACEMENT) >= 0) return -1;
  const length = source.length;
  for (let i = 0; i < length; i++) {
    const byte = source[i] as number;
    // Most bytes are above the backslash: one comparison for them.
    if (byte <= 0x5c) {
      if (byte === 0x22 || byte === 0x5c) target[at++] = 0x5c;
      else if (byte < 0x20) return -1;
    }
    target[at++] = byte;
  }
  return at;
}

/** U+FFFD in UTF-8. */
const REPLACEMENT = Buffer.from('\ufffd');

/** An object JSON.stringify writes key by key: made by `{}`, without `toJSON`. */
function isPlain(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}
