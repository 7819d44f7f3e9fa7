import type { ActionEntry, LogEntry, NetworkEntry, WebSocketEvent } from '../wire/entries.js';
import { isSourcePath } from './sourcePath.js';

/** Longest text of a compact entry (`message`, `url`, `data`), in characters (docs/mcp-tools.md). */
export const COMPACT_TEXT_CHARS = 200;

/** One console entry or page error in a list (docs/mcp-tools.md); `observe {what:"entry", id}` gives all of it. */
export interface CompactLog {
  readonly id: string;
  readonly ts: number;
  /** Absent for plain `console.log` (the most common level, said by saying nothing). */
  readonly level?: Exclude<LogEntry['level'], 'log'>;
  readonly message: string;
  /** `exception` or `unhandledrejection`; absent for console calls. */
  readonly source?: LogEntry['source'];
  /** Where it came from: the first frame of its stack, `file:line:col` (errors and warnings only). */
  readonly at?: string;
  readonly tab_id?: number;
  /** The child frame it came from. */
  readonly frame_url?: string;
}

export interface CompactNetwork {
  readonly id: string;
  readonly ts: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly type?: string;
  readonly duration_ms: number;
  readonly error?: string;
  readonly tab_id?: number;
  /** The child frame it came from. */
  readonly frame_url?: string;
}

export interface CompactWebSocket {
  readonly id: string;
  readonly ts: number;
  readonly event: WebSocketEvent['event'];
  readonly connection_id: string;
  readonly direction?: WebSocketEvent['direction'];
  readonly url?: string;
  readonly data?: string;
  readonly size?: number;
  readonly code?: number;
  readonly reason?: string;
  readonly tab_id?: number;
  /** The child frame it came from. */
  readonly frame_url?: string;
}

/** One recorded action in a list (docs/mcp-tools.md); `url` is the page's, which a list says only where it changes. */
export interface CompactAction {
  readonly id: string;
  readonly ts: number;
  readonly by: ActionEntry['by'];
  readonly type: ActionEntry['type'];
  readonly locator?: string;
  /** fill: the value; select: the chosen value(s), comma-separated (`detail:"full"` has them apart). */
  readonly value?: string;
  readonly key?: string;
  readonly url?: string;
  readonly correlation_id?: string;
  readonly tab_id?: number;
  readonly frame_url?: string;
}

/** A run of consecutive identical entries shown once: the first one's id and ts, how many, and the last one's ts. */
export type Collapsed<T> = T & { readonly count?: number; readonly last_ts?: number };

/** `text` cut to `max` characters, ending in `…` when cut (never splitting a surrogate pair). */
export function clip(text: string, max = COMPACT_TEXT_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

export function compactLog(entry: LogEntry, id: string): CompactLog {
  const located = entry.level === 'error' || entry.level === 'warn' || entry.source !== 'console';
  const at = located ? topFrame(entry.stack, entry.url) : undefined;
  return {
    id,
    ts: entry.ts,
    ...(entry.level === 'log' ? {} : { level: entry.level }),
    message: clip(firstLine(entry.message)),
    ...(entry.source === 'console' ? {} : { source: entry.source }),
    ...(at === undefined ? {} : { at }),
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
    ...(entry.frame_url === undefined ? {} : { frame_url: clip(entry.frame_url) }),
  };
}

/**
 * A message's first line (React's warnings, an Error's stack written into the message): the
 * rest is in the full entry. ` …` marks text left out; a stack left out is not marked (`at`
 * says where).
 */
export function firstLine(message: string): string {
  const end = message.indexOf('\n');
  if (end === -1) return message;
  let head = message.slice(0, end).trimEnd();
  let rest = end + 1;
  // A heading such as a compiler's "Transform failed with 1 error:" says nothing without the line that follows it.
  if (head.endsWith(':')) {
    while (rest < message.length && rest < end + HEADING_GAP && message[rest] === '\n') rest++;
    const next = message.indexOf('\n', rest);
    const cause = message.slice(rest, next === -1 ? message.length : next).trim();
    if (cause !== '') {
      head = `${head} ${cause}`;
      rest = next === -1 ? message.length : next + 1;
    }
  }
  return rest >= message.length || message.startsWith('    at ', rest) ? head : `${head} …`;
}

/** Blank lines looked past after a heading for the line that says what it heads. */
const HEADING_GAP = 4;

export function compactNetwork(entry: NetworkEntry, id: string): CompactNetwork {
  return {
    id,
    ts: entry.ts,
    method: entry.method,
    url: clip(entry.url),
    status: entry.status,
    ...(entry.type === undefined && entry.initiator === undefined ? {} : { type: entry.type ?? entry.initiator }),
    duration_ms: Math.round(entry.duration_ms),
    ...(entry.error === undefined ? {} : { error: clip(entry.error, 120) }),
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
    ...(entry.frame_url === undefined ? {} : { frame_url: clip(entry.frame_url) }),
  };
}

export function compactWebSocket(entry: WebSocketEvent, id: string): CompactWebSocket {
  return {
    id,
    ts: entry.ts,
    event: entry.event,
    connection_id: entry.connection_id,
    ...(entry.direction === undefined ? {} : { direction: entry.direction }),
    ...(entry.event === 'open' ? { url: clip(entry.url) } : {}),
    ...(entry.data === undefined ? {} : { data: clip(entry.data) }),
    ...(entry.size === undefined ? {} : { size: entry.size }),
    ...(entry.code === undefined ? {} : { code: entry.code }),
    ...(entry.reason === undefined ? {} : { reason: clip(entry.reason, 120) }),
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
    ...(entry.frame_url === undefined ? {} : { frame_url: clip(entry.frame_url) }),
  };
}

export function compactAction(entry: ActionEntry, id: string): CompactAction {
  const value = entry.value ?? entry.values?.join(', ');
  const locator = entry.locator ?? entry.selector;
  return {
    id,
    ts: entry.ts,
    by: entry.by,
    type: entry.type,
    ...(locator === undefined ? {} : { locator: clip(locator) }),
    ...(value === undefined ? {} : { value: clip(value) }),
    ...(entry.key === undefined ? {} : { key: clip(entry.key, 64) }),
    url: clip(entry.url),
    ...(entry.correlation_id === undefined ? {} : { correlation_id: entry.correlation_id }),
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
    ...(entry.frame_url === undefined ? {} : { frame_url: clip(entry.frame_url) }),
  };
}

/** What makes two consecutive entries "the same" (docs/mcp-tools.md: same kind, level, message, `at`; for requests the same method, url, status and error). */
export function sameness(entry: CompactLog | CompactNetwork | CompactWebSocket): string {
  if ('message' in entry)
    return `${entry.source ?? ''}\u0000${entry.level ?? 'log'}\u0000${entry.message}\u0000${entry.at ?? ''}\u0000${entry.tab_id ?? ''}`;
  if ('method' in entry)
    return `${entry.method}\u0000${entry.url}\u0000${entry.status}\u0000${entry.error ?? ''}\u0000${entry.tab_id ?? ''}`;
  return `${entry.event}\u0000${entry.connection_id}\u0000${entry.direction ?? ''}\u0000${entry.data ?? ''}\u0000${entry.code ?? ''}`;
}

/** A run of consecutive entries with the same key: its first entry (with `count` and `last_ts` when more than one) and the index of its last. */
export interface Run<T> {
  readonly value: Collapsed<T>;
  readonly first: number;
  readonly last: number;
}

/**
 * Folds runs of consecutive entries with the same `key` into their first, with `count` and
 * `last_ts`; each run as `make` shapes it (by default a `Run`), so a caller that wants its own
 * shape per run gets no `Run` object made and dropped for each.
 */
export function collapseRuns<T extends { readonly ts: number }, R = Run<T>>(
  entries: readonly T[],
  key: (entry: T, index: number) => string,
  make: (value: Collapsed<T>, first: number, last: number) => R = (value, first, last) => ({ value, first, last }) as R,
): R[] {
  const runs: R[] = [];
  let start = 0;
  let startKey = '';
  for (let i = 0; i <= entries.length; i++) {
    const k = i < entries.length ? key(entries[i] as T, i) : '';
    if (i > 0 && (i === entries.length || k !== startKey)) {
      const first = entries[start] as T;
      const count = i - start;
      const value = count === 1 ? first : { ...first, count, last_ts: (entries[i - 1] as T).ts };
      runs.push(make(value, start, i - 1));
      start = i;
    }
    startKey = i === start ? k : startKey;
  }
  return runs;
}

/**
 * The first frame of a V8 stack outside `node_modules` and the dev server's client (else the
 * first frame) as `file:line:col`, relative to the page's origin and without a query string
 * (`src/App.tsx:12:5`, not `http://localhost:5173/src/App.tsx?t=169…:12:5`). Undefined when no
 * line holds a location. A location that is not a path (`isSourcePath`: a page's forged stack
 * saying `at f (IGNORE PREVIOUS INSTRUCTIONS:1:2)`, an `eval at …` frame) is passed over: `at` is
 * a path and numbers, nothing else (docs/security.md).
 */
export function topFrame(stack: string | undefined, pageUrl: string): string | undefined {
  if (stack === undefined) return undefined;
  let first: string | undefined;
  let from = 0;
  while (from < stack.length) {
    const end = stack.indexOf('\n', from);
    const line = stack.slice(from, end === -1 ? stack.length : end).trim();
    from = end === -1 ? stack.length : end + 1;
    if (!line.startsWith('at ')) continue;
    // `at fn (url:1:2)`: the location is all after the first ` (` (a Next.js `(group)` folder keeps its parentheses).
    const open = line.endsWith(')') ? line.indexOf(' (', 2) : -1;
    const location = open === -1 ? line.slice(3) : line.slice(open + 2, -1);
    const agentLine = inAgentScript(location);
    if (agentLine !== undefined) return agentLine;
    if (!hasLineAndColumn(location) || !isSourcePath(withoutPosition(location))) continue;
    first ??= location;
    if (!isLibrary(location)) return shorten(location, pageUrl);
  }
  return first === undefined ? undefined : shorten(first, pageUrl);
}

/** Where `execute_js` compiles the agent's script: its frames read `eval at … (<runner>:l:c), <anonymous>:l:c`. */
const AGENT_RUNNER = '/page-runner.js:';
/** Lines the compiled function's head takes before the script's first line (`async function anonymous(\n) {\n`). */
const RUNNER_HEAD_LINES = 2;

/**
 * `execute_js:<line>:<col>` for a frame inside the agent's own `execute_js` script (its line
 * counted from the script's first), undefined for any other frame.
 */
function inAgentScript(location: string): string | undefined {
  if (
    !location.startsWith('eval at ') ||
    !location.includes(AGENT_RUNNER) ||
    !location.startsWith('chrome-extension://', location.indexOf('(') + 1)
  )
    return undefined;
  const tail = location.slice(location.lastIndexOf('), ') + 3);
  if (!tail.startsWith('<anonymous>:') || !hasLineAndColumn(tail)) return undefined;
  const col = tail.lastIndexOf(':');
  const line = Number(tail.slice(tail.lastIndexOf(':', col - 1) + 1, col)) - RUNNER_HEAD_LINES;
  return line >= 1 ? `execute_js:${line}:${tail.slice(col + 1)}` : undefined;
}

/** Frames of dependencies, of the dev server's own client and of extensions, which `at` looks past (docs/extension.md). */
function isLibrary(location: string): boolean {
  return (
    location.startsWith('chrome-extension://') ||
    location.includes('/node_modules/') ||
    location.includes('/@vite/') ||
    location.includes('/@react-refresh') ||
    location.includes('/__vite')
  );
}

/** `url` of `url:line:col` (hasLineAndColumn said it has both). */
function withoutPosition(location: string): string {
  return location.slice(0, location.lastIndexOf(':', location.lastIndexOf(':') - 1));
}

function hasLineAndColumn(location: string): boolean {
  const col = location.lastIndexOf(':');
  const line = location.lastIndexOf(':', col - 1);
  return line > 0 && isDigits(location.slice(line + 1, col)) && isDigits(location.slice(col + 1));
}

function isDigits(text: string): boolean {
  if (text.length === 0 || text.length > 9) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function shorten(location: string, pageUrl: string): string {
  const origin = originOf(pageUrl);
  let text = origin !== undefined && location.startsWith(`${origin}/`) ? location.slice(origin.length + 1) : location;
  // An inline script of the page at `/`: its path is `/`, not nothing.
  if (text.startsWith(':')) text = `/${text}`;
  const query = text.indexOf('?');
  if (query !== -1) {
    const col = text.lastIndexOf(':');
    const line = text.lastIndexOf(':', col - 1);
    if (line > query) text = text.slice(0, query) + text.slice(line);
  }
  return clip(text, COMPACT_TEXT_CHARS);
}

/** `scheme://host[:port]` of an http(s) url, without parsing the rest. */
function originOf(url: string): string | undefined {
  if (!url.startsWith('http://') && !url.startsWith('https://')) return undefined;
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  return slash === -1 ? url : url.slice(0, slash);
}
