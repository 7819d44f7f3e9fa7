import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { formatExtensions, type CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { LOG_ROTATE_BYTES } from '../../adapters/outbound/logging/RotatingFileSink.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import type { LogFields, LoggerPort } from '../../application/ports/LoggerPort.js';
import { DaemonLauncher } from '../../adapters/outbound/process/DaemonLauncher.js';
import { tokenOnDisk } from '../../adapters/outbound/fs/tokenFile.js';
import type { AnsweredChallenge } from './connectDaemon.js';
import { BIN_PATH } from '../cliPaths.js';
import { applyRuntimeV8Flags, BRIDGE_FLAGS_AFTER_MS, BRIDGE_RUNTIME_V8_FLAGS, DAEMON_ENV } from '../daemonFlags.js';
import { VERSION } from '../version.js';

/**
 * How long a failure to reach or start the daemon answers later attempts (ms). The bridge
 * recovers at its start, behind the client's `initialize` and at its first request: one
 * request, three attempts within ~0.3 s, each of which started a daemon (and logged its failure)
 * when the port was taken. A request a second later tries again.
 */
const FAILURE_HOLD_MS = 1_000;

/** `attempt` shared by callers: one in flight at a time, and a failure kept for `holdMs`. */
function oneOutcomeAtATime<T>(attempt: () => Promise<T>, holdMs: number): () => Promise<T> {
  let running: Promise<T> | undefined;
  let failed: { readonly error: unknown; readonly at: number } | undefined;
  return () => {
    if (failed !== undefined && Date.now() - failed.at < holdMs) return Promise.reject(failed.error);
    running ??= attempt().then(
      (value) => {
        running = undefined;
        failed = undefined;
        return value;
      },
      (error: unknown) => {
        running = undefined;
        failed = { error, at: Date.now() };
        throw error;
      },
    );
    return running;
  };
}

/**
 * One failure reaches the bridge's log through several paths (its start, the session behind
 * `initialize`, the first request): the reason is written once, and a repeat of the same
 * `error` within `FAILURE_HOLD_MS` × 5 points back to it.
 */
function sayingEachFailureOnce(logger: LoggerPort): LoggerPort {
  let last: { readonly error: string; readonly at: number } | undefined;
  const say =
    (level: keyof LoggerPort) =>
    (message: string, fields?: LogFields): void => {
      const error = fields?.error;
      if (typeof error === 'string') {
        if (last?.error === error && Date.now() - last.at < FAILURE_HOLD_MS * 5) {
          logger[level](message, { ...fields, error: 'the same as above' });
          return;
        }
        last = { error, at: Date.now() };
      }
      logger[level](message, fields);
    };
  return { debug: say('debug'), info: say('info'), warn: say('warn'), error: say('error') };
}

const noop = (): void => undefined;

/** `browsertap mcp`: the stdio bridge an MCP client launches. stdout carries MCP only. */
export async function bridgeCommand(options: CliOptions): Promise<number> {
  const logger = sayingEachFailureOnce(new StderrLogger(options.logLevel ?? 'warn', process.stderr));
  const daemonArgs = [
    ...process.execArgv,
    BIN_PATH,
    'daemon',
    '--port',
    String(options.port),
    '--state-dir',
    options.stateDir,
    '--log-file',
    join(options.stateDir, 'daemon.log'),
  ];
  if (options.extensions !== undefined) daemonArgs.push('--extension-id', formatExtensions(options.extensions));
  /** Resolves the wait below once the launcher has spawned the daemon or left its start to another. */
  let decided: () => void = noop;
  /** Told too, by each launch: the daemon was started (by this launcher or another), not found running. */
  let decidedToo: () => void = noop;
  const launcher = new DaemonLauncher({
    port: options.port,
    stateDir: options.stateDir,
    command: process.execPath,
    args: daemonArgs,
    env: DAEMON_ENV,
    logger,
    rotateBytes: LOG_ROTATE_BYTES,
    onDecided: () => {
      decidedToo();
      decided();
    },
  });
  // A daemon elsewhere (docs/install.md) is only ever proved and used, never started.
  const remote = options.daemonUrl;
  // The local daemon, when none runs, is spawned before the rest of the bridge is loaded: it
  // starts on the machine's other core while this process loads the MCP relay and answers the
  // client's `initialize` (docs/install.md, start-up). That launch is the first attempt's.
  // Its `/health` probes carry a challenge, and the answer that ends the wait proves the daemon
  // (a nonce as `newNonce` makes one: that module is not loaded yet). A daemon found running
  // writes a missing or changed token file back when challenged: what the file held before is
  // kept, so that the user is told (connectDaemon.ts).
  const launch = (): Promise<AnsweredChallenge> => {
    const nonce = randomBytes(24).toString('base64url');
    const tokenBefore = tokenOnDisk(options.stateDir);
    let started = false;
    decidedToo = () => (started = true);
    return launcher.ensureRunning(nonce).then((health) => ({ nonce, health, ...(started ? {} : { tokenBefore }) }));
  };
  let launching: ReturnType<typeof launch> | undefined;
  if (remote === undefined) {
    const known = new Promise<void>((resolve) => (decided = resolve));
    launching = launch();
    await Promise.race([known, launching.then(noop, noop)]);
  }
  const [{ StdioBridge }, { otherUsersPort, provenDaemon }, { remoteUpstream }] = await Promise.all([
    import('../../adapters/inbound/mcp/bridge/StdioBridge.js'),
    import('./connectDaemon.js'),
    import('./remoteDaemon.js'),
  ]);
  const ensureDaemon = async () => {
    const started = launching ?? launch();
    launching = undefined;
    let answered: AnsweredChallenge;
    try {
      answered = await started;
    } catch (error) {
      throw (await otherUsersPort(options.port, undefined)) ?? error;
    }
    const { token, identity } = await provenDaemon(options.port, options.stateDir, logger, answered);
    return { version: identity.health.version, token };
  };
  const bridge = new StdioBridge(process.stdin, process.stdout, {
    endpoint: remote === undefined ? `http://127.0.0.1:${options.port}/mcp` : `${remote}/mcp`,
    ensureDaemon: oneOutcomeAtATime(remote === undefined ? ensureDaemon : () => remoteUpstream(options, logger), FAILURE_HOLD_MS),
    bridgeVersion: VERSION,
    logger,
    ...(remote === undefined ? {} : { remote }),
  });
  const stop = () => bridge.stop();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  setTimeout(() => {
    void import('node:v8').then(({ setFlagsFromString }) => applyRuntimeV8Flags(BRIDGE_RUNTIME_V8_FLAGS, setFlagsFromString));
  }, BRIDGE_FLAGS_AFTER_MS).unref();
  await bridge.run();
  // Ended (stdin closed or a signal) and the daemon session closed: nothing left to wait for,
  // not even a kept-alive socket or a stream the client left half-open.
  process.exit(0);
}
