import type { Container } from 'inversify';
import { RecordingSwitch } from '../application/capture/RecordingSwitch.js';
import { CollectWhenQuiet } from '../application/capture/CollectWhenQuiet.js';
import { CommandDeadlines } from '../application/commands/CommandDeadlines.js';
import { DEFAULT_RECORDING } from '../domain/wire/recording.js';
import { TYPES } from '../application/tokens.js';
import { KoaDaemonServer, type ConnectionLimits, type DaemonServerSettings } from '../adapters/inbound/http/KoaDaemonServer.js';
import { OUR_EXTENSION_ID, type AllowedExtensions } from '../domain/extension/ourExtension.js';
import { LazyMcpSessions } from '../adapters/inbound/mcp/LazyMcpSessions.js';
import { McpStreamOutlets } from '../adapters/inbound/mcp/McpStreamOutlets.js';
import { StreamDispatcher } from '../application/streaming/StreamDispatcher.js';
import { ensureToken, restoreToken, tokenPath } from '../adapters/outbound/fs/tokenFile.js';
import { identityProof } from '../adapters/outbound/process/daemonIdentity.js';
import { createContainer, type ContainerOptions } from './createContainer.js';
import { extensionApi, loadPatternEngine } from './wiring.js';

/** How long after listening a daemon started by hand calls `afterStart` (its start-up code has run) (ms). */
const STARTED_AFTER_MS = 1_000;
/** How long after its MCP side loaded the daemon gives that first session before `afterWarmUp` (ms). */
const FIRST_SESSION_MS = 1_500;
/**
 * How long after its MCP side loaded a client-started daemon builds its Koa app, unless a request
 * needs it sooner (ms): built at once, its ≈ 6 ms held the client's `initialize` and first call.
 */
const APP_AFTER_MCP_MS = 250;

/** The daemon's MCP side (`mcpSessions.ts`): bundled on its own (scripts/build.mjs), loaded when first needed. */
export type McpSide = Pick<typeof import('./mcpSessions.js'), 'createMcpSessions'>;

export interface DaemonOptions extends ContainerOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly stateDir: string;
  /** Extension ids allowed on the extension API (default: browsertap's own), or `*` for any. */
  readonly extensions?: AllowedExtensions;
  readonly maxSessions?: number;
  /** False: every MCP message goes through the SDK's dispatch, plain tool calls too (the parity tests; default true). */
  readonly directToolCalls?: boolean;
  /** False: `POST /mcp` and `GET /health` go through the Koa app as every other request does (the parity tests; default true). */
  readonly leanRoutes?: boolean;
  /** Connection limits (docs/security.md defaults); tests shrink them. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** An address of this machine served besides 127.0.0.1 (`--listen`, docs/install.md): `/health` and `/mcp` only. */
  readonly listen?: string;
  /** Called once the daemon has listened and run its start-up code (a client-started one: with `afterWarmUp`). */
  readonly afterStart?: () => void;
  /** Called once the MCP side is loaded and its first session has run through it (the daemon's usual code has run). */
  readonly afterWarmUp?: () => void;
  /** Started by a client's bridge, whose session comes at once: the MCP side loads once its first request is answered. */
  readonly clientStarted?: boolean;
  /** Loads the MCP side (default: this module's own import of `mcpSessions.ts`; the bundled daemon loads its own file). */
  readonly loadMcpSide?: () => Promise<McpSide>;
  /** Wraps the build of the Koa app (every route but `POST /mcp` and `GET /health`): tests watch it or make it fail. */
  readonly appLoader?: DaemonServerSettings['appLoader'];
}

export interface RunningDaemon {
  readonly port: number;
  /** The `--listen` address as bound, when one was given. */
  readonly listen?: string;
  readonly token: string;
  readonly container: Container;
  readonly sessions: LazyMcpSessions;
  /** Ends long polls and sessions, closes the server, stops the timers. */
  stop(): Promise<void>;
}

/** Composes and starts a daemon: token, container, saved noise rules and recording settings, MCP sessions, the Koa server. */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const { token, origin: tokenOrigin } = await ensureToken(options.stateDir);
  const outlets = new McpStreamOutlets();
  const container = createContainer({ ...options, streamOutlets: outlets });
  const logger = container.get(TYPES.LoggerPort);
  if (tokenOrigin === 'replaced_empty')
    logger.warn('the token file was empty; wrote a new token', { path: tokenPath(options.stateDir) });
  await restoreNoiseRules(container);
  await restoreRecording(container);
  const deadlines = container.get(CommandDeadlines);
  deadlines.start();
  // Agents' patterns (noise rules, stream filters) reach the daemon through its MCP side only,
  // whose tools load the pattern engine before they compile one (mcpToolDeps' `patternsReady`).
  const loadMcpSide = options.loadMcpSide ?? (() => import('./mcpSessions.js'));
  let mcpLoaded: () => void = () => undefined;
  const sessions = new LazyMcpSessions(async () => {
    const { createMcpSessions } = await loadMcpSide();
    const loaded = createMcpSessions(container, outlets, options.maxSessions, options.directToolCalls);
    mcpLoaded();
    return loaded;
  }, logger);
  const server: KoaDaemonServer = new KoaDaemonServer(extensionApi(container), sessions, {
    port: options.port,
    token: () => token,
    tokenFile: tokenPath(options.stateDir),
    logger,
    ...(options.connectionLimits === undefined ? {} : { limits: options.connectionLimits }),
    ...(options.listen === undefined ? {} : { listen: options.listen }),
    ...(options.leanRoutes === undefined ? {} : { leanRoutes: options.leanRoutes }),
    ...(options.appLoader === undefined ? {} : { appLoader: options.appLoader }),
    identity: {
      prove: async (nonce) => {
        // A challenge comes from a client that needs the token: if the file went missing or
        // empty while the daemon ran, write it again so the client can read it (docs/security.md).
        if (await restoreToken(options.stateDir, token).catch(() => false)) {
          logger.warn('the token file was missing or changed; wrote this daemon’s token back', {
            path: tokenPath(options.stateDir),
          });
        }
        // The proof names the port this daemon is bound to: relayed to a client on another
        // port, it proves nothing there.
        const pid = process.pid;
        return { proof: identityProof(token, { nonce, port: server.port, pid }), pid };
      },
    },
    extensions: options.extensions ?? [OUR_EXTENSION_ID],
  });
  try {
    await server.listen();
  } catch (error) {
    deadlines.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  // The MCP side (SDK, zod, the tools) loads on the first `/mcp` request: a daemon started by hand
  // may wait minutes for an agent, and holds ≈ 8 MB less until then (docs/benchmarks.md). Started
  // by a client (`clientStarted`), whose session is next, it loads once the first request has
  // been answered: that is the client's `/health`, which would otherwise wait the ≈ 20 ms of the
  // load, while the client proves the daemon (its token, its challenge) during the load.
  // `afterStart` comes once start-up code has run, `afterWarmUp` once the MCP side has served
  // its first session: each may keep what was compiled (codeCache.ts). On the daemon's clock, so
  // a test decides what comes first, not the machine's speed.
  const clientStarted = options.clientStarted === true;
  const clock = container.get(TYPES.ClockPort);
  const timers: Array<() => void> = [];
  const later = (ms: number, run: () => void) => timers.push(clock.schedule(ms, () => stopping === undefined && run()));
  const { afterStart, afterWarmUp } = options;
  if (afterWarmUp !== undefined) mcpLoaded = () => later(FIRST_SESSION_MS, afterWarmUp);
  // The Koa app (every route but `POST /mcp` and `GET /health`) is built then too, or, after the
  // MCP side when that loads, `APP_AFTER_MCP_MS` later: the client's session is served first, and
  // a request that needs the app before that (the extension's) builds it at once.
  const loadApp = () =>
    void server
      .loadApp()
      .catch((error: unknown) => logger.error('could not load the HTTP app', { error: (error as Error).message }));
  const warmUp = async () => {
    if (!clientStarted) return loadApp();
    await sessions.preload();
    later(APP_AFTER_MCP_MS, loadApp);
  };
  server.afterFirstAnswer(() => later(0, () => void warmUp()));
  if (!clientStarted && afterStart !== undefined) later(STARTED_AFTER_MS, afterStart);
  const listen = server.listenAddress;
  return {
    port: server.port,
    ...(listen === undefined ? {} : { listen }),
    token,
    container,
    sessions,
    stop: () =>
      (stopping ??= (async () => {
        for (const cancel of timers) cancel();
        container.get(TYPES.Waiters).closeAll();
        await sessions.closeAll();
        await server.close();
        deadlines.stop();
        container.get(StreamDispatcher).stop();
        container.get(CollectWhenQuiet).stop();
      })()),
  };
}

/** Noise rules saved by earlier runs; one that no longer passes the checks is skipped with a warning. */
async function restoreNoiseRules(container: Container): Promise<void> {
  const logger = container.get(TYPES.LoggerPort);
  const noise = container.get(TYPES.NoiseRules);
  let saved;
  try {
    saved = await container.get(TYPES.SettingsStorePort).loadNoiseRules();
  } catch (error) {
    logger.warn('could not read saved noise rules; starting without them', { error: (error as Error).message });
    return;
  }
  if (saved.length > 0) await loadPatternEngine(container);
  for (const { rule, error } of noise.restore(saved)) {
    logger.warn('skipped a saved noise rule', { rule, error: error.message });
  }
}

/**
 * What recording was set to by earlier runs (docs/mcp-tools.md). Settings that exist but cannot be read
 * may have turned recording off: it stays off (with a warning) until `configure recording` says.
 */
async function restoreRecording(container: Container): Promise<void> {
  try {
    const saved = await container.get(TYPES.SettingsStorePort).loadRecording();
    if (saved !== undefined) container.get(RecordingSwitch).set({ ...DEFAULT_RECORDING, ...saved });
  } catch (error) {
    container.get(RecordingSwitch).set({ actions: false, values: false });
    container
      .get(TYPES.LoggerPort)
      .warn('could not read the saved recording settings; recording is off until configure recording', {
        error: (error as Error).message,
      });
  }
}
