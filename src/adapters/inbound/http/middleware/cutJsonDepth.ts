/** What replaces a JSON value nested deeper than the limit (as the Redactor marks it). */
export const DEPTH_MARK_JSON = '"[depth]"';

const OPEN_OBJECT = 123; // {
const OPEN_ARRAY = 91; // [
const CLOSE_OBJECT = 125; // }
const CLOSE_ARRAY = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \
const COMMA = 44; // ,
/** Arrays opened at this depth or less are counted (`{"entries":[…]}` is an array at depth 2). */
const COUNTED_DEPTH = 2;

export interface ScannedJson {
  /** The text, with every value nested deeper than the limit replaced by `"[depth]"`. */
  readonly text: string;
  /** The most items of any array at depth 1 or 2 (an ingest request's entry count), counted as commas + 1. */
  readonly widest: number;
}

/**
 * One pass over JSON text (strings and escapes honoured): rewrites it so no value is nested
 * deeper than `maxDepth` objects/arrays (each deeper value becomes `"[depth]"`), and counts the
 * items of the outer arrays. A hostile body nested a million levels deep, or holding 340 000
 * entries, costs a scan, not a deep or huge parse. Text that needs no cut is returned as is;
 * malformed JSON stays malformed (the parser reports it).
 */
export function scanJson(text: string, maxDepth: number): ScannedJson {
  let depth = 0;
  let skipFrom = -1; // start of the value being cut, while inside it
  let out: string[] | undefined;
  let copied = 0;
  let widest = 0;
  const items: number[] = []; // per open array at depth ≤ COUNTED_DEPTH: commas seen (+1 when not empty)
  const arrayAt: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      if (depth >= 1 && depth <= COUNTED_DEPTH && arrayAt[depth] === true && items[depth] === 0) items[depth] = 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth >= 1 && depth <= COUNTED_DEPTH && arrayAt[depth] === true && items[depth] === 0) items[depth] = 1;
      depth++;
      if (depth <= COUNTED_DEPTH) {
        arrayAt[depth] = c === OPEN_ARRAY;
        items[depth] = 0;
      }
      if (depth === maxDepth + 1 && skipFrom === -1) skipFrom = i;
    } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && depth > 0) {
      if (depth <= COUNTED_DEPTH && arrayAt[depth] === true) widest = Math.max(widest, items[depth] as number);
      depth--;
      if (depth === maxDepth && skipFrom !== -1) {
        (out ??= []).push(text.slice(copied, skipFrom), DEPTH_MARK_JSON);
        copied = i + 1;
        skipFrom = -1;
      }
    } else if (c === COMMA && depth <= COUNTED_DEPTH && arrayAt[depth] === true) {
      items[depth] = (items[depth] as number) + 1;
    } else if (depth >= 1 && depth <= COUNTED_DEPTH && arrayAt[depth] === true && items[depth] === 0 && c > 32) {
      items[depth] = 1; // a number, true, false or null as the first item
    }
  }
  if (out === undefined) return { text, widest };
  out.push(text.slice(copied));
  return { text: out.join(''), widest };
}

/** `scanJson(...).text`. */
export function cutJsonDepth(text: string, maxDepth: number): string {
  return scanJson(text, maxDepth).text;
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
