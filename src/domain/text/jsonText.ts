/**
 * Bytes a character takes inside a JSON string as `JSON.stringify` writes it, as UTF-8: a quote
 * or a backslash 2 (`\"`), `\b \f \n \r \t` 2, any other control character 6 (`\u0001`), a lone
 * surrogate 6 (`\ud800`), a surrogate pair 4, the rest as UTF-8 (U+2028 and U+2029 are not
 * escaped: 3). `pair` tells that `c` starts a surrogate pair.
 */
function escapedSize(c: number, pair: boolean): number {
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x20) return c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
  if (c < 0x80) return 1;
  if (c < 0x800) return 2;
  if (c >= 0xd800 && c <= 0xdfff) return pair ? 4 : 6;
  return 3;
}

function startsPair(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
}

/** UTF-8 bytes of `text` written as a JSON string, without its two quotes; counted, not encoded. */
export function jsonStringBytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const pair = startsPair(text, i);
    bytes += escapedSize(text.charCodeAt(i), pair);
    if (pair) i++;
  }
  return bytes;
}

/** The longest prefix of `text` whose JSON string (quotes aside) fits in `maxBytes` of UTF-8, never splitting a surrogate pair. */
export function jsonStringPrefix(text: string, maxBytes: number): string {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const pair = startsPair(text, i);
    bytes += escapedSize(text.charCodeAt(i), pair);
    if (bytes > maxBytes) return text.slice(0, i);
    if (pair) i++;
  }
  return text;
}
