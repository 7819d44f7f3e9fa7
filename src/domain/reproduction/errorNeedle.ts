import type { LogSource } from '../wire/entries.js';
import { REDACTED } from '../privacy/textSecrets.js';

/** What an error needle is read from: a recorded error (a log entry of level error). */
export interface NeedleSource {
  readonly message: string;
  /** Where the entry came from: it decides how Playwright words it. */
  readonly source: LogSource;
  /** A console call's arguments, as recorded (JSON-safe copies). */
  readonly args?: readonly unknown[];
}

/** Characters of a needle, at most. */
const MAX_NEEDLE = 120;
/** Console arguments read for a needle, at most (the needle is one line of 120 characters anyway). */
const MAX_ARGS = 20;

/**
 * What a generated test looks for of a recorded error, in the words Playwright reports it, or ''
 * when those words cannot be told from what was recorded. Measured in Chromium with Playwright
 * 1.65 (the table is test/e2e/errorNeedle.e2e.test.ts):
 * - An uncaught exception or an unhandled rejection: `pageerror` gives Chrome's description of the
 *   value split at its first `:` — `Error: x` → `x`, a custom `ValidationFailure: x` → `x`, a
 *   thrown string `'key: value'` → `value`, `42` → `42`. The capture recorded the same text after
 *   `Uncaught ` / `Uncaught (in promise) `, so the needle splits it the same way. A thrown object
 *   that is not an Error is reported by its class name only (`Object`), which the capture did not
 *   record (`[object Object]`, its JSON for a rejection): ''. So is a cross-origin script's error,
 *   which the page saw as `Script error.`.
 * - A console error: `console` gives each argument's preview joined by spaces, with `%s`-style
 *   directives left as written (`'a %s', 'b'` → `a %s b`); strings, numbers, booleans and null
 *   read as the capture recorded them, an Error argument by its description (`TypeError: x` and
 *   its stack), an object differently (`{a: b}` for `{a: 'b'}`): the needle is the arguments up to
 *   the first that reads differently. Without recorded arguments (a line the extension wrote as
 *   Chrome's console does), the message up to the first logged object.
 * Always the first line, before any `[REDACTED]` (the page said the secret itself), trimmed, at
 * most 120 characters. Pure.
 */
export function errorNeedle(error: NeedleSource): string {
  switch (error.source) {
    case 'exception':
    case 'unhandledrejection':
      return needle(thrownWords(error.message, error.source));
    case 'console':
      return needle(error.args === undefined || error.args.length === 0 ? messageWords(error.message) : argsWords(error.args));
    default:
      return needle(messageWords(error.message));
  }
}

const UNCAUGHT = /^Uncaught (?:\(in promise\) )?/;

/** An exception's or rejection's text as Playwright's `pageerror` gives it, or '' when it cannot be told. */
function thrownWords(message: string, source: 'exception' | 'unhandledrejection'): string {
  const head = message.slice(0, 2_000);
  if (source === 'exception' && head === 'Script error.') return '';
  const described = head.replace(UNCAUGHT, '');
  // An object that is not an Error: String() of it (exceptions), its JSON (rejections).
  if (source === 'exception' ? /^\[object [^\]]*\]$/.test(described) : /^["{[]/.test(described)) return '';
  return splitAtColon(described);
}

/** Playwright's split of a description into name and message: at the first `:`, the message starting two characters on. */
function splitAtColon(text: string): string {
  const colon = text.indexOf(':');
  return colon !== -1 && colon + 2 <= text.length ? text.slice(colon + 2) : text;
}

/** A console message recorded without its arguments: up to the first logged object (` {…}`, ` […]`). */
function messageWords(message: string): string {
  const line = firstLine(message.slice(0, 2_000)).replace(UNCAUGHT, '');
  const object = line.search(/ [{[]/);
  return object > 0 ? line.slice(0, object) : line;
}

/** A console call's arguments as Playwright's `text()` joins them, up to the first it shows differently. */
function argsWords(args: readonly unknown[]): string {
  const words: string[] = [];
  for (const arg of args.slice(0, MAX_ARGS)) {
    const error = errorShaped(arg);
    if (error !== undefined) {
      // Its description starts `Name: message` and goes on with the stack: the message is enough
      // when it comes first; after other words the name stands between them.
      if (words.length === 0) return error.message === '' ? error.name : firstLine(error.message);
      break;
    }
    const word = plainWord(arg);
    if (word === undefined) break;
    words.push(word);
    if (word.includes('\n') || words.join(' ').length > MAX_NEEDLE) break;
  }
  return words.join(' ');
}

/** A recorded argument that reads the same in Playwright's `text()`, as it reads there. */
function plainWord(arg: unknown): string | undefined {
  if (typeof arg === 'number' || typeof arg === 'boolean') return String(arg);
  if (arg === null) return 'null';
  if (typeof arg !== 'string') return undefined;
  // The capture's rendering of what was not a string (a node, a function, a date…): Playwright shows those its own way.
  return RENDERED.test(arg) ? undefined : arg;
}

/** How the extension's JSON-safe copy writes a node, a function, a promise, a window, a cycle, a date (extension/src/page/serialize.ts). */
const RENDERED =
  /^(?:<[a-z][^\s<>]*>|#text ".*|\[(?:Function [^\]]*|Promise|Window|WeakMap|WeakSet|Circular|Object|Array\(\d+\))\]|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/s;

/** An Error argument as the capture copies it: `{name, message, stack?}`. */
function errorShaped(arg: unknown): { name: string; message: string } | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  const { name, message } = arg as { name?: unknown; message?: unknown };
  if (typeof name !== 'string' || typeof message !== 'string') return undefined;
  const keys = Object.keys(arg);
  return keys.every((key) => key === 'name' || key === 'message' || key === 'stack') ? { name, message } : undefined;
}

function firstLine(text: string): string {
  return text.split(/\r\n|\r|\n|\u2028|\u2029/, 1)[0] ?? '';
}

/** The first line, before any redaction marker, trimmed, at most `MAX_NEEDLE` characters (never half a surrogate pair). */
function needle(words: string): string {
  let line = firstLine(words.slice(0, 2_000));
  const redacted = line.indexOf(REDACTED);
  if (redacted !== -1) line = line.slice(0, redacted);
  line = line.trim().slice(0, MAX_NEEDLE).trimEnd();
  return /[\ud800-\udbff]$/.test(line) ? line.slice(0, -1) : line;
}
