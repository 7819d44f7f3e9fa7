import type { Container } from 'inversify';
import { RecordingSwitch } from '../application/capture/RecordingSwitch.js';
import { CommandDeadlines } from '../application/commands/CommandDeadlines.js';
import { DEFAULT_RECORDING } from '../domain/capture/recording.js';
import { TYPES } from '../application/tokens.js';
import { KoaDaemonServer, type ConnectionLimits } from '../adapters/inbound/http/KoaDaemonServer.js';
import { OUR_EXTENSION_ID, type AllowedExtensions } from '../domain/extension/ourExtension.js';
import { LazyMcpSessions, type LoadedSessions } from '../adapters/inbound/mcp/LazyMcpSessions.js';
import { McpStreamOutlets } from '../adapters/inbound/mcp/McpStreamOutlets.js';
import { StreamDispatcher } from '../application/streaming/StreamDispatcher.js';
import { ensureToken, restoreToken, tokenPath } from '../adapters/outbound/fs/tokenFile.js';
import { identityProof } from '../adapters/outbound/process/daemonIdentity.js';
import { createContainer, type ContainerOptions } from './createContainer.js';
import { extensionApi } from './wiring.js';
import { warmMcp } from './warmMcp.js';
import { DeferredPatternCompiler } from '../adapters/outbound/re2/DeferredPatternCompiler.js';

/** How long after listening the daemon loads its MCP side when no client asked for it yet (ms). */
const PRELOAD_AFTER_MS = 1_000;
/** How long a daemon a client started gives that client's first session before `afterWarmUp` (ms). */
const FIRST_SESSION_MS = 1_500;

export interface DaemonOptions extends ContainerOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly stateDir: string;
  /** Extension ids allowed on the extension API (default: browsertap's own), or `*` for any. */
  readonly extensions?: AllowedExtensions;
  readonly maxSessions?: number;
  /** Connection limits (docs/security.md defaults); tests shrink them. */
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** An address of this machine served besides 127.0.0.1 (`--listen`, docs/install.md): `/health` and `/mcp` only. */
  readonly listen?: string;
  /** Called once the MCP side is loaded and one session has run through it (the daemon's usual code has run). */
  readonly afterWarmUp?: () => void;
  /** Started by a client's bridge, whose session comes at once: the MCP side loads as soon as the daemon listens. */
  readonly clientStarted?: boolean;
}

export interface RunningDaemon {
  readonly port: number;
  /** The `--listen` address as bound, when one was given. */
  readonly listen?: string;
  readonly token: string;
  readonly container: Container;
  readonly sessions: LoadedSessions;
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
  // Agents' patterns (noise rules, stream filters) reach the daemon through its MCP side only: the
  // pattern engine loads with it.
  const sessions = new LazyMcpSessions(async () => {
    const [{ createMcpSessions }] = await Promise.all([import('./mcpSessions.js'), loadPatternEngine(container)]);
    return createMcpSessions(container, outlets, options.maxSessions);
  }, logger);
  const server: KoaDaemonServer = new KoaDaemonServer(extensionApi(container), sessions, {
    port: options.port,
    token: () => token,
    tokenFile: tokenPath(options.stateDir),
    logger,
    ...(options.connectionLimits === undefined ? {} : { limits: options.connectionLimits }),
    ...(options.listen === undefined ? {} : { listen: options.listen }),
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
  // Load the MCP side once start-up is over, unless a client asked for it first. Started by hand,
  // the daemon then runs one session through it, so the first agent finds its code paths
  // compiled; started by a client (`clientStarted`), it loads at once, and that client's session
  // does the rest. Either way, once that code has run, `afterWarmUp` may keep what was compiled
  // (codeCache.ts). On the daemon's clock, so a test decides whether a client came first, not
  // the machine's speed.
  const clientStarted = options.clientStarted === true;
  const clock = container.get(TYPES.ClockPort);
  let cancelWarmUp = clock.schedule(
    clientStarted ? 0 : PRELOAD_AFTER_MS,
    () =>
      void (async () => {
        const loadedHere = await sessions.preload();
        if (!loadedHere && !(await sessions.whenLoaded())) return;
        if (loadedHere && !clientStarted && stopping === undefined) {
          await warmMcp(server.port, token).catch((error: Error) =>
            logger.debug('the MCP warm-up session failed', { error: error.message }),
          );
        }
        if (clientStarted)
          await new Promise((resolve) => (cancelWarmUp = clock.schedule(FIRST_SESSION_MS, () => resolve(undefined))));
        if (stopping === undefined) options.afterWarmUp?.();
      })(),
  );
  const listen = server.listenAddress;
  return {
    port: server.port,
    ...(listen === undefined ? {} : { listen }),
    token,
    container,
    sessions,
    stop: () =>
      (stopping ??= (async () => {
        cancelWarmUp();
        container.get(TYPES.Waiters).closeAll();
        await sessions.closeAll();
        await server.close();
        deadlines.stop();
        container.get(StreamDispatcher).stop();
      })()),
  };
}

/** Loads the pattern engine (re2js) when the container defers it (DeferredPatternCompiler.ts). */
async function loadPatternEngine(container: Container): Promise<void> {
  const compiler = container.get(TYPES.PatternCompiler);
  if (compiler instanceof DeferredPatternCompiler) await compiler.load();
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
