/** What replaces a JSON value nested deeper than the limit (as the Redactor marks it). */
export const DEPTH_MARK_JSON = '"[depth]"';

const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_OBJECT = 125; // }
const CLOSE_ARRAY = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \

/**
 * Rewrites JSON text so no value is nested deeper than `maxDepth` objects/arrays: each deeper
 * value becomes `"[depth]"`. One pass over the text (strings and escapes honoured), so a
 * hostile body nested a million levels deep costs a scan, not a deep parse; text that needs no
 * cut is returned as is. Malformed JSON stays malformed (the parser reports it).
 */
export function cutJsonDepth(text: string, maxDepth: number): string {
  let depth = 0;
  let skipFrom = -1; // start of the value being cut, while inside it
  let out: string[] | undefined;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth === maxDepth + 1 && skipFrom === -1) skipFrom = i;
    } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && depth > 0) {
      depth--;
      if (depth === maxDepth && skipFrom !== -1) {
        (out ??= []).push(text.slice(copied, skipFrom), DEPTH_MARK_JSON);
        copied = i + 1;
        skipFrom = -1;
      }
    }
  }
  if (out === undefined) return text;
  out.push(text.slice(copied));
  return out.join('');
}

/** Index of the quote closing the string that opens at `open` (or the text's end). */
function stringEnd(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}
