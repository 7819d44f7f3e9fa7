import { CAPS } from '../../../src/domain/wire/caps.js';
import type { WebSocketWire } from '../shared/protocol.js';
import { scrub } from './networkCommon.js';
import type { PageBus } from './PageBus.js';

let connections = 0;

/** Records each WebSocket's open, messages both ways (capped at 4 KB), close (code, reason) and error. */
export function hookWebSocket(bus: PageBus, now: () => number): void {
  const Original = window.WebSocket;
  if (typeof Original !== 'function') return;
  window.WebSocket = new Proxy(Original, {
    construct(target, args: ConstructorParameters<typeof WebSocket>, newTarget) {
      const socket = Reflect.construct(target, args, newTarget) as WebSocket;
      try {
        instrument(socket, bus, now);
      } catch {
        // the socket works whether or not we can watch it
      }
      return socket;
    },
  });
}

function instrument(socket: WebSocket, bus: PageBus, now: () => number): void {
  const connection_id = `ws-${Date.now().toString(36)}-${++connections}`;
  const url = scrub.url(socket.url);
  const emit = (entry: Omit<WebSocketWire, 'connection_id' | 'url' | 'ts'>, urgent = false) =>
    bus.add('websocket', { connection_id, url, ts: now(), ...entry }, urgent);
  // The handshake is a request too (docs/extension.md: network lists websocket requests): 101 once open,
  // status 0 when it failed before opening.
  const started = now();
  let opened = false;
  const request = (status: number) =>
    bus.add(
      'network',
      {
        url,
        method: 'GET',
        status,
        duration_ms: now() - started,
        ts: started,
        type: 'websocket',
        ...(status === 0 ? { error: 'WebSocket connection failed' } : {}),
      },
      status === 0,
    );
  socket.addEventListener('open', () => {
    opened = true;
    request(101);
    emit({ event: 'open' });
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    emit({ event: 'message', direction: 'received', ...payload(event.data) });
    if (socket.protocol === 'vite-hmr' && typeof event.data === 'string') devServerError(event.data, bus, now, pageModules);
  });
  socket.addEventListener('close', (event: CloseEvent) =>
    emit(
      { event: 'close', code: event.code, ...(event.reason ? { reason: event.reason } : {}) },
      event.code !== 1000 && event.code !== 1001,
    ),
  );
  socket.addEventListener('error', () => {
    if (!opened) request(0);
    emit({ event: 'error' }, true);
  });
  const send = socket.send;
  socket.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
    try {
      emit({ event: 'message', direction: 'sent', ...payload(data) });
    } catch {
      // never in the way of the page
    }
    return send.call(this, data);
  };
}

function payload(data: unknown): { data: string; size: number } {
  if (typeof data === 'string') {
    return { data: scrub.body(data, CAPS.wsData).text, size: data.length };
  }
  const size =
    data instanceof Blob
      ? data.size
      : data instanceof ArrayBuffer
        ? data.byteLength
        : ArrayBuffer.isView(data)
          ? data.byteLength
          : 0;
  return { data: `[binary ${size} bytes]`, size };
}

/**
 * A Vite dev server reports a compile error only over its HMR socket (`{"type":"error","err":…}`):
 * with its overlay on, the page's console gets just "[vite] Failed to reload … (see errors above)"
 * later, and the text exists only in that frame (docs/extension.md). It becomes an error log entry with the
 * compiler's message and, when the error says where, a stack frame at the module's path, already
 * in source positions: relative, so no source map is applied to it (the module's map, if one is
 * cached, is the old code's) and `at` reads `src/App.tsx:7:19`.
 */
export function devServerError(data: string, bus: PageBus, now: () => number, modules: LoadedModules): void {
  if (!data.startsWith('{"type":"error"')) return;
  let err: ViteError | undefined;
  try {
    err = (JSON.parse(data) as { err?: ViteError }).err;
  } catch {
    return;
  }
  if (err === undefined || typeof err.message !== 'string') return;
  const error = err;
  const message = err.message;
  const plugin = typeof err.plugin === 'string' ? `[plugin ${err.plugin}] ` : '';
  const ts = now();
  const report = (where: DevServerLocation | undefined) =>
    bus.add(
      'logs',
      {
        level: 'error',
        message: scrub.body(`[vite] ${plugin}${message}`, CAPS.text).text,
        source: 'console',
        url: location.href,
        ts,
        ...(where === undefined
          ? {}
          : { stack: `Error: ${message.split('\n')[0]}\n    at ${where.path.slice(1)}:${where.line}:${where.column}` }),
      },
      true,
    );
  const where = devServerLocation(error, modules.paths());
  if (where !== undefined || typeof error.id !== 'string' || errorPosition(error) === undefined) return report(where);
  // A page Vite has just reloaded hears the error as it connects, before its request for the
  // broken module has ended: wait for that request (at most MODULE_WAIT_MS), then report, with
  // the place if the module turned up.
  let settled = false;
  let stop: () => void = () => undefined;
  const settle = () => {
    if (settled) return;
    settled = true;
    stop();
    report(devServerLocation(error, modules.paths()));
  };
  stop = modules.watch(() => {
    if (devServerLocation(error, modules.paths()) !== undefined) settle();
  });
  modules.setTimeout(settle, MODULE_WAIT_MS);
}

/** How long a compile error waits for the page to load the module it names (ms). */
export const MODULE_WAIT_MS = 1_000;

/** The url paths of what the page has loaded, and word when it loads more. */
export interface LoadedModules {
  paths(): readonly string[];
  /** Calls `onMore` as the page loads more, until the returned function is called. */
  watch(onMore: () => void): () => void;
  setTimeout(fn: () => void, ms: number): unknown;
}

/** Taken as the capture loads, before hookTimers wraps it: our own wait is no page timer a settle waits for. */
const nativeSetTimeout = globalThis.setTimeout;

/** The page's own resource timing: every same-origin path it has loaded. */
const pageModules: LoadedModules = {
  paths: loadedPaths,
  watch(onMore) {
    try {
      const observer = new PerformanceObserver(() => onMore());
      observer.observe({ type: 'resource' });
      return () => observer.disconnect();
    } catch {
      return () => undefined;
    }
  },
  setTimeout: (fn, ms) => nativeSetTimeout(fn, ms),
};

interface DevServerLocation {
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

export interface ViteError {
  message?: unknown;
  plugin?: unknown;
  id?: unknown;
  loc?: { line?: unknown; column?: unknown };
}

/** Longest accepted location text: a compiler message's `─[ file:line:col ]` header is short. */
export const HEADER_LIMIT = 2_000;

/**
 * Where a dev server's compile error points, as the module's url path and a 1-based line and column. `id` is a file
 * path on the server's disk; the module's url is the longest path the page loaded that ends it
 * (`/src/form.jsx` for `/home/me/app/src/form.jsx`). The position is `loc` (column 0-based, as
 * Rollup's) or the `─[ file:line:col ]` header of an oxc/Rolldown message (1-based).
 */
export function devServerLocation(err: ViteError, loaded: readonly string[]): DevServerLocation | undefined {
  if (typeof err.id !== 'string' || typeof err.message !== 'string') return undefined;
  const query = err.id.indexOf('?');
  const file = query === -1 ? err.id : err.id.slice(0, query);
  let path: string | undefined;
  for (const candidate of loaded) {
    if (file.endsWith(candidate) && (path === undefined || candidate.length > path.length)) path = candidate;
  }
  if (path === undefined) return undefined;
  const position = errorPosition(err);
  return position === undefined ? undefined : { path, ...position };
}

/** The line and column a compile error names (`loc`, else its message's header). */
function errorPosition(err: ViteError): { line: number; column: number } | undefined {
  return locPosition(err.loc) ?? (typeof err.message === 'string' ? headerPosition(err.message) : undefined);
}

function locPosition(loc: ViteError['loc']): { line: number; column: number } | undefined {
  const line = Number(loc?.line);
  const column = Number(loc?.column);
  if (!Number.isSafeInteger(line) || line < 1) return undefined;
  return { line, column: Number.isSafeInteger(column) && column >= 0 ? column + 1 : 1 };
}

function headerPosition(message: string): { line: number; column: number } | undefined {
  const open = message.indexOf('─[ ');
  if (open === -1) return undefined;
  const close = message.indexOf(' ]', open);
  if (close === -1 || close - open > HEADER_LIMIT) return undefined;
  const header = message.slice(open + 3, close);
  const col = header.lastIndexOf(':');
  const line = header.lastIndexOf(':', col - 1);
  if (line === -1) return undefined;
  const lineText = header.slice(line + 1, col);
  const columnText = header.slice(col + 1);
  if (!DIGITS.test(lineText) || !DIGITS.test(columnText)) return undefined;
  const position = { line: Number(lineText), column: Number(columnText) };
  return position.line >= 1 && position.column >= 1 ? position : undefined;
}

const DIGITS = /^\d{1,9}$/;

/** Url paths (no query) of the scripts and modules this document loaded: where a module may live. */
function loadedPaths(): string[] {
  const paths = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    try {
      const url = new URL(entry.name);
      if (url.origin === location.origin && url.pathname.length > 1) paths.add(url.pathname);
    } catch {
      // not a url we can read
    }
  }
  return [...paths];
}
