/** What the bridge reads of a daemon message it passes on as bytes: its top level only. */
export interface TopLevel {
  /** The message has an `id` member: `id` is then a string, a number or null. */
  readonly hasId: boolean;
  readonly id: string | number | null;
  readonly hasMethod: boolean;
}

/** Deepest nesting scanned; a deeper message is left to `JSON.parse` (the slow path). */
export const MAX_SCAN_DEPTH = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
/** Bytes a backslash may escape in JSON (1), and `u` (2), which four hex digits follow. */
const ESCAPES = new Uint8Array(256);
for (const c of [QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]) ESCAPES[c] = 1;
ESCAPES[0x75] = 2;

/** The container kinds open while scanning; reused, as a scan never yields. */
const open = new Uint8Array(MAX_SCAN_DEPTH);

/**
 * Checks that `whole[start, stop)` is one JSON object on one line — valid JSON (RFC 8259) with
 * no whitespace but spaces and tabs, so no raw line break anywhere — with `"jsonrpc": "2.0"`,
 * and reads its `id` and whether it has a `method`, as `JSON.parse` would (the last of
 * duplicate members wins). Anything else, or nesting past `MAX_SCAN_DEPTH`, is undefined: the
 * caller parses it instead. One pass, no string made but the top-level keys and id: the bridge
 * passes a daemon answer on as the bytes it came in (docs/architecture.md). Bytes of 0x80 and
 * over are not checked as UTF-8: what the daemon sends is `JSON.stringify`'s, which is.
 */
export function scanMessage(whole: Uint8Array, start: number, stop: number): TopLevel | undefined {
  // A view of the range: a read past its end is undefined, never the byte after it.
  const bytes = whole.subarray(start, stop);
  const end = bytes.length;
  let depth = 0;
  let i = 0;
  let key: string | undefined;
  let hasId = false;
  let id: string | number | null = null;
  /** The (last) id is an object, an array or a boolean: not one to match an answer by. */
  let idUnreadable = false;
  let hasMethod = false;
  let jsonrpc = false;
  let expectKey = false;
  for (;;) {
    i = blank(bytes, i, end);
    if (i >= end) return undefined;
    if (expectKey) {
      if (bytes[i] !== QUOTE) return undefined;
      const after = stringEnd(bytes, i);
      if (after < 0) return undefined;
      if (depth === 1) key = text(bytes, i, after);
      i = blank(bytes, after, end);
      if (bytes[i] !== COLON) return undefined;
      i = blank(bytes, i + 1, end);
      if (i >= end) return undefined;
      expectKey = false;
    }
    // A value starts at i.
    const top = depth === 1 ? key : undefined;
    if (top === 'method') hasMethod = true;
    if (top === 'jsonrpc') jsonrpc = false;
    const c = bytes[i] as number;
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === 0 && c !== OPEN_OBJECT) return undefined;
      if (depth === MAX_SCAN_DEPTH) return undefined;
      if (top === 'id') idUnreadable = true;
      open[depth++] = c;
      i = blank(bytes, i + 1, end);
      if (bytes[i] === c + 2) {
        // `{}` or `[]`: closed at once.
        depth--;
        i++;
      } else {
        expectKey = c === OPEN_OBJECT;
        continue;
      }
    } else {
      if (depth === 0) return undefined;
      let after: number;
      if (c === QUOTE) {
        after = stringEnd(bytes, i);
        if (after < 0) return undefined;
        if (top === 'id') {
          id = text(bytes, i, after);
          idUnreadable = false;
        }
        if (top === 'jsonrpc')
          jsonrpc = after - i === 5 && bytes[i + 1] === 0x32 && bytes[i + 2] === 0x2e && bytes[i + 3] === 0x30;
      } else {
        after = c === 0x2d || isDigit(c) ? numberEnd(bytes, i) : literalEnd(bytes, i);
        if (after < 0) return undefined;
        if (top === 'id') {
          idUnreadable = c === 0x74 || c === 0x66; // true, false
          id = c === 0x6e ? null : Number(Buffer.from(bytes.buffer, bytes.byteOffset + i, after - i).toString('latin1'));
        }
      }
      if (top === 'id') hasId = true;
      i = after;
    }
    // After a value: a comma, or the end of the containers it closes.
    for (;;) {
      if (depth === 0) {
        return blank(bytes, i, end) === end && jsonrpc && !idUnreadable ? { hasId, id, hasMethod } : undefined;
      }
      i = blank(bytes, i, end);
      const next = bytes[i];
      const kind = open[depth - 1] as number;
      if (next === COMMA) {
        i++;
        expectKey = kind === OPEN_OBJECT;
        break;
      }
      if ((kind === OPEN_OBJECT && next === CLOSE_OBJECT) || (kind === OPEN_ARRAY && next === CLOSE_ARRAY)) {
        depth--;
        i++;
        continue;
      }
      return undefined;
    }
  }
}

function blank(bytes: Uint8Array, i: number, end: number): number {
  while (i < end && (bytes[i] === 0x20 || bytes[i] === 0x09)) i++;
  return i;
}

/** The index after the string that opens at `i` (a quote), or -1 if it is not a valid JSON string. */
function stringEnd(bytes: Uint8Array, i: number): number {
  const end = bytes.length;
  for (let j = i + 1; j < end; j++) {
    const c = bytes[j] as number;
    if (c === QUOTE) return j + 1;
    if (c < 0x20) return -1;
    if (c !== BACKSLASH) continue;
    const escape = j + 1 < end ? ESCAPES[bytes[j + 1] as number] : 0;
    if (escape === 1) j++;
    else if (escape === 2) {
      for (let h = j + 2; h < j + 6; h++) if (!isHex(bytes[h])) return -1;
      j += 5;
    } else return -1;
  }
  return -1;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

/** The index after the JSON number at `i`, or -1 if none is there (RFC 8259 section 6). */
function numberEnd(bytes: Uint8Array, i: number): number {
  let j = bytes[i] === 0x2d ? i + 1 : i;
  if (bytes[j] === 0x30) j++;
  else if (isDigit(bytes[j])) while (isDigit(bytes[j])) j++;
  else return -1;
  if (bytes[j] === 0x2e) {
    if (!isDigit(bytes[++j])) return -1;
    while (isDigit(bytes[j])) j++;
  }
  if (bytes[j] === 0x65 || bytes[j] === 0x45) {
    j++;
    if (bytes[j] === 0x2b || bytes[j] === 0x2d) j++;
    if (!isDigit(bytes[j])) return -1;
    while (isDigit(bytes[j])) j++;
  }
  return j;
}

const LITERALS = ['true', 'false', 'null'].map((word) => Buffer.from(word, 'latin1'));

/** The index after the literal (`true`, `false`, `null`) at `i`, or -1 if none is there. */
function literalEnd(bytes: Uint8Array, i: number): number {
  for (const word of LITERALS) {
    if (bytes[i] !== word[0]) continue;
    for (let k = 1; k < word.length; k++) if (bytes[i + k] !== word[k]) return -1;
    return i + word.length;
  }
  return -1;
}

/** A JSON string token (quotes included) as its value: latin1 when it has no escape or high byte, else parsed. */
function text(bytes: Uint8Array, start: number, after: number): string {
  const token = Buffer.from(bytes.buffer, bytes.byteOffset + start, after - start);
  for (const c of token) if (c === BACKSLASH || c >= 0x80) return JSON.parse(token.toString('utf8')) as string;
  return token.toString('latin1', 1, token.length - 1);
}
