import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa, { type Middleware } from 'koa';
import type Router from '@koa/router';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import type { ExtensionApi } from './ExtensionApi.js';
import type { AllowedExtensions } from '../../../domain/extension/ourExtension.js';
import { errorHandler } from './middleware/errorHandler.js';
import { jsonBody, MAX_BODY_BYTES } from './middleware/jsonBody.js';
import { INGEST_PATHS, MAX_ENTRIES_PER_REQUEST } from './ingestLimits.js';
import { securityGuard } from './middleware/securityGuard.js';
import { healthRoutes, type IdentityProver } from './routes/healthRoutes.js';
import { mcpRoutes, type McpHttpHandler } from './routes/mcpRoutes.js';
import { statusRoutes } from './routes/statusRoutes.js';

export interface DaemonServerSettings {
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly token: () => string;
  /** Where the token is kept (named when `/mcp` refuses a request without it). */
  readonly tokenFile?: string;
  /** Extension ids allowed on the extension API (SPEC 6). */
  readonly extensions: AllowedExtensions;
  /** Answers `/health?challenge=` (SPEC 6). */
  readonly identity: IdentityProver;
  readonly logger: LoggerPort;
  /** Connection limits; SPEC 6 defaults when absent (tests shrink them). */
  readonly limits?: Partial<ConnectionLimits>;
}

/** SPEC 6: headers within 10 s, a whole request within 30 s, at most 256 open connections. */
export interface ConnectionLimits {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly maxConnections: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 256,
});

/** An MCP request's body, at most: `upload`'s 5 MB of files as base64, with room for the envelope. */
export const MAX_MCP_BODY_BYTES = 8 * 1024 * 1024;

/** The daemon's HTTP face: the extension API and MCP Streamable HTTP on 127.0.0.1 only (SPEC 1, 4, 6). */
export class KoaDaemonServer {
  private readonly server: Server;
  private boundPort = 0;

  constructor(
    api: ExtensionApi,
    mcp: McpHttpHandler,
    private readonly settings: DaemonServerSettings,
  ) {
    const app = new Koa();
    app.silent = true;
    app.use(errorHandler(settings.logger));
    app.use(
      securityGuard({
        port: () => this.boundPort,
        extensions: settings.extensions,
        token: settings.token,
        ...(settings.tokenFile === undefined ? {} : { tokenFile: settings.tokenFile }),
      }),
    );
    app.use(
      jsonBody({
        // An agent's `upload` carries up to 5 MB of files as base64 (SPEC 9).
        limit: (path) => (path === '/mcp' ? MAX_MCP_BODY_BYTES : MAX_BODY_BYTES),
        maxItems: (path) => (INGEST_PATHS.has(path) ? MAX_ENTRIES_PER_REQUEST : undefined),
      }),
    );
    for (const router of [healthRoutes(api, settings.identity), statusRoutes(api, settings.token), mcpRoutes(mcp)]) {
      app.use(router.routes());
      app.use(router.allowedMethods());
    }
    // The extension's routes carry the DTO validation (class-validator), which costs more to
    // load than the rest of the server: loaded by the first request that reaches them, so
    // `/health` answers sooner after a spawn (SPEC 11).
    app.use(lazyRouters(async () => (await import('./routes/extensionRoutes.js')).extensionRouters(api)));
    const limits = { ...CONNECTION_LIMITS, ...settings.limits };
    this.server = createServer(
      {
        noDelay: true,
        keepAlive: true,
        // A client that trickles its headers or body cannot hold a connection (and a body's
        // memory) for long: Node checks these deadlines every `connectionsCheckingInterval`.
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 4),
      },
      app.callback(),
    );
    // Past this, new connections are closed at once; the ones open keep being served.
    this.server.maxConnections = limits.maxConnections;
    // Clients keep connections open between calls; a long idle allowance makes the race where a
    // client reuses a socket the server is just closing rare (the bridge also retries that case).
    // An idle kept-alive connection is not waiting for headers: the headers deadline starts
    // with a request's first byte.
    this.server.keepAliveTimeout = 65_000;
  }

  get port(): number {
    return this.boundPort;
  }

  /** Binds 127.0.0.1; resolves the bound port. @throws the listen error (EADDRINUSE, EACCES). */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once('error', onError);
      this.server.listen(this.settings.port, '127.0.0.1', () => {
        this.server.off('error', onError);
        this.boundPort = (this.server.address() as AddressInfo).port;
        resolve(this.boundPort);
      });
    });
  }

  /** Stops accepting, lets in-flight responses finish for up to `graceMs`, then cuts every connection. */
  async close(graceMs = 1_000): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // Connections turn idle as their last responses finish; close them as they do.
    const sweeper = setInterval(() => this.server.closeIdleConnections(), 20);
    this.server.closeIdleConnections();
    const timer = setTimeout(() => this.server.closeAllConnections(), graceMs);
    await closed;
    clearInterval(sweeper);
    clearTimeout(timer);
  }
}

/** Routers built on first use: one middleware that loads them once, then runs each in turn. */
function lazyRouters(load: () => Promise<Router[]>): Middleware {
  let chain: Promise<Middleware[]> | undefined;
  return async (ctx, next) => {
    chain ??= load().then(
      (routers) => routers.flatMap((router) => [router.routes() as Middleware, router.allowedMethods() as Middleware]),
      (error: unknown) => {
        chain = undefined;
        throw error;
      },
    );
    const middleware = await chain;
    const dispatch = (index: number): Promise<void> =>
      index === middleware.length ? next() : Promise.resolve(middleware[index]!(ctx, () => dispatch(index + 1)));
    return dispatch(0);
  };
}
