import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import { requestIdOf } from './httpReplies.js';

/**
 * What the daemon needs of its MCP sessions once they are loaded. `handle` serves one Streamable
 * HTTP request on Node's own request and response; the HTTP adapter's `/mcp` route asks for
 * exactly that shape, and the composition root hands these sessions to it (the two adapters
 * never import each other).
 */
export interface LoadedSessions {
  handle(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void>;
  readonly size: number;
  closeAll(): Promise<void>;
}

/**
 * The MCP sessions, loaded on first use: the SDK and the tool schemas take longer to load than
 * the rest of the daemon together, and `/health` must not wait for them (docs/install.md). A
 * daemon started by hand loads them on the first `/mcp` request; `preload` loads them when
 * nothing asked yet (a daemon a client started: its session is next). Loading once; a failed
 * load is retried by the next request.
 */
export class LazyMcpSessions implements LoadedSessions {
  private loaded: LoadedSessions | undefined;
  private loading: Promise<LoadedSessions> | undefined;
  private closed = false;

  constructor(
    private readonly load: () => Promise<LoadedSessions>,
    private readonly logger: LoggerPort,
  ) {}

  get size(): number {
    return this.loaded?.size ?? 0;
  }

  async handle(req: IncomingMessage, res: ServerResponse, parsedBody: unknown): Promise<void> {
    let sessions: LoadedSessions;
    try {
      sessions = this.loaded ?? (await this.ensure());
    } catch (error) {
      // The route has handed the response over to MCP: answer here, or the client would hang.
      this.logger.error('could not load the MCP side of the daemon', { error: String((error as Error)?.stack ?? error) });
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: requestIdOf(parsedBody),
          error: { code: -32603, message: 'the daemon could not load its MCP side; see its log' },
        }),
      );
      return;
    }
    return sessions.handle(req, res, parsedBody);
  }

  /** Loads the sessions if nothing has yet; true when this call loaded them (no client had asked). */
  async preload(): Promise<boolean> {
    if (this.closed || this.loading !== undefined) return false;
    return this.ensure().then(
      () => true,
      () => false,
    );
  }

  /** Resolves true once the sessions are loaded (waiting for a load in progress), false when none is loaded or loading failed. */
  async whenLoaded(): Promise<boolean> {
    if (this.loaded !== undefined) return true;
    if (this.loading === undefined) return false;
    return this.loading.then(
      () => true,
      () => false,
    );
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    await (this.loaded ?? (await this.loading?.catch(() => undefined)))?.closeAll();
  }

  private ensure(): Promise<LoadedSessions> {
    this.loading ??= this.load().then(
      (sessions) => (this.loaded = sessions),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}
