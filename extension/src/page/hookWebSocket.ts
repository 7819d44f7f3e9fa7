import { CAPS } from '../../../src/domain/capture/caps.js';
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
  // The handshake is a request too (SPEC 8: network lists websocket requests): 101 once open,
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
    if (socket.protocol === 'vite-hmr' && typeof event.data === 'string') devServerError(event.data, bus, now);
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
 * later, and the text exists only in that frame (SPEC 8). It becomes an error log entry with the
 * compiler's message and where it points (`id` and `loc`: the module's url path, line, column).
 */
export function devServerError(data: string, bus: PageBus, now: () => number): void {
  if (!data.startsWith('{"type":"error"')) return;
  let err: { message?: unknown; plugin?: unknown; id?: unknown; loc?: { line?: unknown; column?: unknown } } | undefined;
  try {
    err = (JSON.parse(data) as { err?: typeof err }).err;
  } catch {
    return;
  }
  if (err === undefined || typeof err.message !== 'string') return;
  const plugin = typeof err.plugin === 'string' ? `[plugin ${err.plugin}] ` : '';
  const id = typeof err.id === 'string' ? err.id.split('?')[0] : undefined;
  const line = Number(err.loc?.line);
  const column = Number(err.loc?.column);
  const where =
    id !== undefined && id.startsWith('/') && Number.isFinite(line)
      ? `    at ${location.origin}${id}:${line}:${Number.isFinite(column) ? column + 1 : 1}`
      : undefined;
  bus.add(
    'logs',
    {
      level: 'error',
      message: scrub.body(`[vite] ${plugin}${err.message}`, CAPS.text).text,
      source: 'console',
      url: location.href,
      ts: now(),
      ...(where === undefined ? {} : { stack: `Error: ${err.message.split('\n')[0]}\n${where}` }),
    },
    true,
  );
}
