/** A position in a served script, as a V8 stack frame names it: 1-based line and column. */
export interface ScriptPosition {
  readonly url: string;
  readonly line: number;
  readonly column: number;
}

/** Longest script url taken from a stack (characters). */
export const MAX_URL_CHARS = 2_048;
/** Largest line or column taken (a number past it is no position). */
export const MAX_POSITION = 10_000_000;

/**
 * The `index`-th frame (0 = the first `at` line) of a V8 stack in its default format, when it is
 * an http(s) script position: `    at Card (http://host/src/Card.jsx:19:31)` or
 * `    at http://host/src/main.jsx:5:68`. Anything else (an eval frame, a native one, a stack
 * formatted by the page's own `prepareStackTrace`) is no position: undefined. String operations
 * only, over at most `index + 2` lines.
 */
export function frameAt(stack: string, index: number): ScriptPosition | undefined {
  let from = 0;
  let seen = -1;
  for (let lines = 0; lines < index + 2 && from < stack.length; lines++) {
    const end = stack.indexOf('\n', from);
    const line = stack.slice(from, end === -1 ? stack.length : end).trim();
    from = end === -1 ? stack.length : end + 1;
    if (!line.startsWith('at ')) continue;
    if (++seen === index) return positionIn(line);
  }
  return undefined;
}

function positionIn(line: string): ScriptPosition | undefined {
  const open = line.endsWith(')') ? line.lastIndexOf(' (') : -1;
  const location = open === -1 ? line.slice(3) : line.slice(open + 2, -1);
  const col = location.lastIndexOf(':');
  const row = location.lastIndexOf(':', col - 1);
  if (row <= 0) return undefined;
  const url = location.slice(0, row);
  const lineNumber = count(location.slice(row + 1, col));
  const column = count(location.slice(col + 1));
  if (lineNumber === undefined || column === undefined || url.length > MAX_URL_CHARS) return undefined;
  if (!url.startsWith('http://') && !url.startsWith('https://')) return undefined;
  if (url.includes(' ')) return undefined;
  return { url, line: lineNumber, column };
}

/** A positive whole number written in 1 to 8 digits. */
function count(text: string): number | undefined {
  if (text.length === 0 || text.length > 8) return undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
  }
  const value = Number(text);
  return value >= 1 && value <= MAX_POSITION ? value : undefined;
}
