import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Middleware } from 'koa';
import type Router from '@koa/router';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import type { ExtensionApi } from './ExtensionApi.js';
import type { AllowedExtensions } from '../../../domain/extension/ourExtension.js';
import { errorHandler, problemAnswer, writeProblem } from './middleware/errorHandler.js';
import { jsonBody, MAX_BODY_BYTES } from './middleware/jsonBody.js';
import { INGEST_PATHS, MAX_ENTRIES_PER_REQUEST } from './ingestLimits.js';
import { securityGuard, type GuardSettings } from './middleware/securityGuard.js';
import { mcpPosts } from './mcpPosts.js';
import { healthGets } from './healthGets.js';
import type { IdentityProver } from './healthAnswer.js';
import type { McpHttpHandler } from './routes/mcpRoutes.js';
import { ChannelRegistry } from './channel/ChannelRegistry.js';
import { serveUpgrades } from './channel/upgrades.js';

/** Node's request listener: what the Koa app is, once built. */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface DaemonServerSettings {
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly token: () => string;
  /** Where the token is kept (named when `/mcp` refuses a request without it). */
  readonly tokenFile?: string;
  /** Extension ids allowed on the extension API (docs/security.md). */
  readonly extensions: AllowedExtensions;
  /** Answers `/health?challenge=` (docs/security.md). */
  readonly identity: IdentityProver;
  readonly logger: LoggerPort;
  /** Connection limits; docs/security.md defaults when absent (tests shrink them). */
  readonly limits?: Partial<ConnectionLimits>;
  /**
   * An address of this machine to serve besides 127.0.0.1, on the same port (docs/install.md,
   * `--listen`): `/health` and `/mcp` (with the token) answer there, nothing else.
   */
  readonly listen?: string;
  /** False: `POST /mcp` and `GET /health` go through the Koa app as every other request does (the parity tests; default true). */
  readonly leanRoutes?: boolean;
  /** Wraps the Koa app's build (default: builds it): tests watch when it is built, or make it fail. */
  readonly appLoader?: (build: () => Promise<Handler>) => Promise<Handler>;
}

/** docs/security.md: headers within 10 s, a whole request within 30 s, at most 256 open connections. */
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

/**
 * The daemon's HTTP face: the extension API and MCP Streamable HTTP on 127.0.0.1 (docs/architecture.md, 4, 6),
 * and `/health` and `/mcp` also on a `--listen` address when one is given (docs/install.md).
 */
export class KoaDaemonServer {
  private readonly server: Server;
  /** The `--listen` server, once bound, and the address it is bound to. */
  private extra: { readonly server: Server; readonly address: string } | undefined;
  private readonly makeServer: () => Server;
  private boundPort = 0;
  /** The extension channels open now (docs/extension-protocol.md, "The channel"), closed at shutdown. */
  private readonly channels = new ChannelRegistry();
  /** Runs once the first response is done (`afterFirstAnswer`). */
  private firstAnswer: (() => void) | undefined;
  /** Builds the Koa app, if it is not yet (`loadApp`). */
  private readonly koa: () => Promise<Handler>;

  constructor(
    api: ExtensionApi,
    mcp: McpHttpHandler,
    private readonly settings: DaemonServerSettings,
  ) {
    const guard: GuardSettings = {
      port: () => this.boundPort,
      extensions: settings.extensions,
      token: settings.token,
      ...(settings.tokenFile === undefined ? {} : { tokenFile: settings.tokenFile }),
      listen: () => this.extra?.address,
    };
    // The Koa app (Koa, its router and their dependencies: ≈ 10 ms of a start, its first request
    // included) is built when first needed or asked for (`loadApp`): `POST /mcp` and `GET /health`,
    // what a client's start waits for, are served beside it by the same rules (mcpPosts.ts,
    // healthGets.ts), so they never wait for it.
    let app: Promise<Handler> | undefined;
    const koa = (): Promise<Handler> =>
      (app ??= (settings.appLoader ?? ((build) => build()))(() => koaApp(api, mcp, settings, guard, this.channels)).catch(
        (error: unknown) => {
          app = undefined;
          throw error;
        },
      ));
    this.koa = koa;
    const limits = { ...CONNECTION_LIMITS, ...settings.limits };
    const { logger } = settings;
    const lean = settings.leanRoutes !== false;
    const posts = lean ? mcpPosts({ guard, mcp, limit: MAX_MCP_BODY_BYTES, logger }) : () => false;
    const health = lean ? healthGets({ guard, api, identity: settings.identity, logger }) : () => false;
    const handle: Handler = (req, res) => {
      if (posts(req, res) || health(req, res)) return;
      void koa().then(
        (served) => served(req, res),
        // Logged as a bug, answered 500 `internal_error` as the app's own failures are.
        (error: unknown) =>
          writeProblem(res, problemAnswer(error, logger, req.method ?? '', (req.url ?? '').split('?')[0]!.slice(0, 200))),
      );
    };
    this.makeServer = () => this.createServer(handle, limits);
    this.server = this.makeServer();
  }

  private createServer(handle: Handler, limits: ConnectionLimits): Server {
    const server = createServer(
      {
        noDelay: true,
        keepAlive: true,
        // A client that trickles its headers or body cannot hold a connection (and a body's
        // memory) for long: Node checks these deadlines every `connectionsCheckingInterval`.
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs / 4),
      },
      (req, res) => {
        const first = this.firstAnswer;
        if (first !== undefined) {
          this.firstAnswer = undefined;
          res.once('close', first);
        }
        handle(req, res);
      },
    );
    // A WebSocket's opening request goes through the same app, guard and routes (the channel).
    serveUpgrades(server, handle);
    // Past this, new connections are closed at once; the ones open keep being served (per
    // address: connections to a --listen address cannot crowd out the extension on loopback).
    server.maxConnections = limits.maxConnections;
    // Clients keep connections open between calls; a long idle allowance makes the race where a
    // client reuses a socket the server is just closing rare (the bridge also retries that case).
    // An idle kept-alive connection is not waiting for headers: the headers deadline starts
    // with a request's first byte.
    server.keepAliveTimeout = 65_000;
    return server;
  }

  get port(): number {
    return this.boundPort;
  }

  /** Runs `run` once, when the first request's response is done (sent, or its connection gone). */
  afterFirstAnswer(run: () => void): void {
    this.firstAnswer = run;
  }

  /** Builds the Koa app now, when no request has yet (it is otherwise built by the first that needs it). */
  async loadApp(): Promise<void> {
    await this.koa();
  }

  /**
   * Binds 127.0.0.1, then the `listen` address on the same port; resolves the bound port.
   * @throws the loopback listen error (EADDRINUSE, EACCES), or an Error saying why the
   * `listen` address could not be bound (nothing stays bound then).
   */
  async listen(): Promise<number> {
    this.boundPort = (await bind(this.server, this.settings.port, '127.0.0.1')).port;
    const address = this.settings.listen;
    if (address === undefined) return this.boundPort;
    const extra = this.makeServer();
    try {
      const bound = await bind(extra, this.boundPort, address);
      this.extra = { server: extra, address: bound.address };
    } catch (error) {
      await this.close(0);
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new Error(
        code === 'EADDRNOTAVAIL'
          ? `--listen ${address}: not an address of this machine (EADDRNOTAVAIL); 'ip addr' lists them`
          : `--listen ${address}: cannot serve port ${this.boundPort} there (${code})`,
      );
    }
    return this.boundPort;
  }

  /** The `--listen` address served besides loopback, once bound. */
  get listenAddress(): string | undefined {
    return this.extra?.address;
  }

  /** Stops accepting, lets in-flight responses finish for up to `graceMs`, then cuts every connection. */
  async close(graceMs = 1_000): Promise<void> {
    // Open channels hold their connections: closed first (1001), or the server would wait on them.
    await Promise.all([
      this.channels.closeAll(graceMs),
      closeServer(this.server, graceMs),
      this.extra === undefined ? undefined : closeServer(this.extra.server, graceMs),
    ]);
  }
}

/** The Koa app behind the daemon's routes (all but what mcpPosts.ts and healthGets.ts serve), loaded on first use. */
async function koaApp(
  api: ExtensionApi,
  mcp: McpHttpHandler,
  settings: DaemonServerSettings,
  guard: GuardSettings,
  channels: ChannelRegistry,
): Promise<Handler> {
  const [{ default: Koa }, { healthRoutes }, { mcpRoutes }, { statusRoutes }] = await Promise.all([
    import('koa'),
    import('./routes/healthRoutes.js'),
    import('./routes/mcpRoutes.js'),
    import('./routes/statusRoutes.js'),
  ]);
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(settings.logger));
  app.use(securityGuard(guard));
  app.use(
    jsonBody({
      // An agent's `upload` carries up to 5 MB of files as base64 (docs/mcp-tools.md).
      limit: (path) => (path === '/mcp' ? MAX_MCP_BODY_BYTES : MAX_BODY_BYTES),
      maxItems: (path) => (INGEST_PATHS.has(path) ? MAX_ENTRIES_PER_REQUEST : undefined),
    }),
  );
  // `/mcp` first: its calls are the daemon's busiest requests, and every router before it is
  // matched against each of them for nothing (the paths are exact and distinct).
  for (const router of [mcpRoutes(mcp), healthRoutes(api, settings.identity), statusRoutes(api, settings.token)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  // The extension's routes carry the DTO validation (class-validator), which costs more to
  // load than the rest of the server: loaded by the first request that reaches them.
  const channel = { registry: channels, clock: api.clock, logger: settings.logger };
  app.use(lazyRouters(async () => (await import('./routes/extensionRoutes.js')).extensionRouters(api, channel)));
  const handle = app.callback();
  return (req, res) => void handle(req, res);
}

function bind(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Stops accepting, lets in-flight responses finish for up to `graceMs`, then cuts every connection. */
async function closeServer(server: Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Connections turn idle as their last responses finish; close them as they do.
  const sweeper = setInterval(() => server.closeIdleConnections(), 20);
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  await closed;
  clearInterval(sweeper);
  clearTimeout(timer);
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
