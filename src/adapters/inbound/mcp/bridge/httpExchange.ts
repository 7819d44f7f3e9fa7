import { Agent, request, type IncomingMessage } from 'node:http';
import { unbracketed } from '../../../../domain/net/hostText.js';
import type { Drop } from './Drop.js';

export interface HttpAnswer {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  /** The body as received: the bridge passes the daemon's messages on as these bytes. */
  readonly body: Buffer;
}

/** An HTTP request that failed before or during the exchange, with whether anything was sent. */
export class ExchangeError extends Error {
  override readonly name = 'ExchangeError';

  constructor(
    message: string,
    /** The connection was refused: nothing reached the daemon. */
    readonly refused: boolean,
    readonly timedOut = false,
    /** The bridge dropped the exchange itself (the client cancelled the request, or the bridge is closing). */
    readonly dropped = false,
  ) {
    super(message);
  }
}

/**
 * Keep-alive HTTP/1.1 to one loopback origin with `node:http` (measurably cheaper per call than
 * fetch on this path; see docs/benchmarks.md).
 */
export class LoopbackHttp {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64, scheduling: 'lifo' });
  private readonly host: string;
  private readonly port: number;
  private readonly path: string;

  constructor(endpoint: string) {
    const url = new URL(endpoint);
    this.host = unbracketed(url.hostname);
    this.port = Number(url.port);
    this.path = url.pathname;
  }

  /**
   * Sends a request and reads the whole answer. A kept-alive socket that the server closed just as
   * it was reused (the request reset before any answer) is retried once on a fresh socket: the
   * server never saw that request. `drop` ends the exchange (`ExchangeError` with `dropped`).
   * Node writes the `Content-Length` of the body.
   * @throws ExchangeError.
   */
  async send(
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    drop?: Drop,
  ): Promise<HttpAnswer> {
    try {
      return await this.once(method, headers, body, timeoutMs, true, drop);
    } catch (error) {
      if (!(error instanceof StaleSocket)) throw error;
      try {
        // On a new connection of its own: other pooled sockets may be just as stale.
        return await this.once(method, headers, body, timeoutMs, false, drop);
      } catch (retryError) {
        // Refused now means the daemon is gone, so the reset was not a stale socket after all:
        // the first attempt may have been processed. Never report that as "nothing was sent".
        if (retryError instanceof ExchangeError && retryError.refused) throw new ExchangeError('ECONNRESET', false);
        throw retryError;
      }
    }
  }

  private once(
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    timeoutMs: number,
    pooled = true,
    drop?: Drop,
  ): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      if (drop?.dropped === true) return reject(new ExchangeError('dropped by the bridge', false, false, true));
      let answered = false;
      const sentAt = monotonicMs();
      const req = request(
        {
          host: this.host,
          port: this.port,
          path: this.path,
          method,
          agent: pooled ? this.agent : false,
          headers,
        },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks),
            }),
          );
          res.on('error', (error) => reject(lost(error)));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new ExchangeError('no answer from the daemon in time', false, true)));
      if (drop !== undefined) {
        const forget = drop.whenDropped(() => req.destroy(new ExchangeError('dropped by the bridge', false, false, true)));
        req.once('close', forget);
      }
      req.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        const stale =
          req.reusedSocket &&
          !answered &&
          (code === 'ECONNRESET' || code === 'EPIPE') &&
          monotonicMs() - sentAt < STALE_WINDOW_MS;
        reject(stale ? new StaleSocket() : lost(error));
      });
      req.end(body);
    });
  }

  /** Opens a streaming GET; resolves with the live response (its body not yet read). */
  stream(headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = request({ host: this.host, port: this.port, path: this.path, method: 'GET', headers, signal }, resolve);
      req.on('error', (error) => reject(lost(error)));
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A reset this soon after writing on a reused socket is the keep-alive race, not a request cut off mid-way. */
const STALE_WINDOW_MS = 100;

/** A reused keep-alive socket was already closed by the server: nothing was processed. */
class StaleSocket extends Error {
  constructor() {
    super('a kept-alive connection was closed by the daemon as it was reused');
  }
}

function lost(error: Error): ExchangeError {
  if (error instanceof ExchangeError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new ExchangeError(code ?? error.message, code === 'ECONNREFUSED');
}

/** Milliseconds on a monotonic clock; `performance` would load perf_hooks into the bridge (≈ 0.3 MB). */
function monotonicMs(): number {
  return Number(process.hrtime.bigint() / 1_000_000n);
}
