import { closeSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { LoggerPort } from '../../../application/ports/LoggerPort.js';
import { probeHealth, probeHealthOrRefused, type HealthSummary } from './probeHealth.js';

export interface LaunchSettings {
  readonly port: number;
  readonly stateDir: string;
  /** Program and arguments that run `browsertap daemon --port … --state-dir …` in the foreground. */
  readonly command: string;
  readonly args: readonly string[];
  /** Added to this process's environment for the daemon. */
  readonly env?: Readonly<Record<string, string>>;
  readonly logger: LoggerPort;
  /** How long to wait for a daemon to answer `/health` (ms). */
  readonly startTimeoutMs?: number;
  /** `daemon.log` past this size (bytes) is moved to `daemon.log.1` before a start (the daemon's own sink rotates it while running). */
  readonly rotateBytes: number;
  /**
   * Called (at most once a call of `ensureRunning`) when it knows it need start nothing more: it
   * has spawned the daemon, or another launcher holds the start. Finding one running, or
   * failing, settles its promise instead.
   */
  readonly onDecided?: () => void;
}

/** The port is held by a program that does not answer as a browsertap daemon; no daemon was started. */
export class PortTaken extends Error {
  constructor(readonly port: number) {
    super(
      `port ${port} is taken by another program (it does not answer as a browsertap daemon); no daemon was started. ` +
        'Stop that program, or give browsertap another port: --port N or BROWSERTAP_PORT=N (for a client: browsertap setup <client> --port N)',
    );
    this.name = 'PortTaken';
  }
}

/** A lock older than this is taken to belong to a launcher that died (ms). */
const STALE_LOCK_MS = 15_000;
/** How often a launcher waiting for another's start asks for `/health` (ms). */
const POLL_MS = 10;
/**
 * How often the launcher asks the daemon it started for `/health`: its client waits for every one
 * of these ms (half of one on average), and a refused connection costs this process ≈ 0.1 ms.
 */
const STARTING_POLL_MS = 2;

/**
 * Makes sure a daemon answers on the port, starting one detached when none does. Several
 * launchers racing (clients started at the same instant) share one start: an exclusive lock
 * file elects the one that spawns; the others wait for `/health`. The port itself is the last
 * guard: a second daemon cannot bind it.
 */
export class DaemonLauncher {
  constructor(private readonly settings: LaunchSettings) {}

  /**
   * Resolves with the running daemon's `/health`. Every `/health` it asks carries `challenge`
   * when one is given, so the answer it resolves with holds the proof its caller checks
   * (`identityOf`) without asking again: a daemon it has just started answers that second
   * request only after loading its MCP side (docs/install.md, start-up).
   */
  async ensureRunning(challenge?: string): Promise<HealthSummary> {
    const { port, stateDir } = this.settings;
    let decided = false;
    const decide = () => {
      if (!decided) this.settings.onDecided?.();
      decided = true;
    };
    const deadline = Date.now() + (this.settings.startTimeoutMs ?? 10_000);
    // Synchronous where the client waits for a start: each call is microseconds, each trip
    // through the thread pool was a millisecond or more of the first call (docs/install.md).
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const lockPath = join(stateDir, 'daemon.lock');
    while (Date.now() < deadline) {
      // A refused connection says nothing listens, with no HTTP request: a process's first one
      // runs ≈ 4 ms of cold code, and the client's first call waits for every ms before the
      // daemon's spawn (docs/install.md). Only something that accepts is asked for `/health`.
      if ((await connectOutcome(port)) !== 'refused') {
        const running = await probeHealth(port, 1_000, challenge);
        if (running !== undefined) return running;
      }
      if (tryLock(lockPath)) {
        try {
          const running =
            (await connectOutcome(port)) === 'refused' ? 'refused' : await probeHealthOrRefused(port, 1_000, challenge);
          if (running !== undefined && running !== 'refused') return running;
          // Something holds the port and is no browsertap daemon: a daemon started now could
          // only fail to bind it (and each retry would start, and log, one more). A refused
          // connection says nothing holds it.
          if (running === undefined && (await connectOutcome(port)) === 'accepted') {
            // A daemon of ours too busy to answer within a second gets longer before it is called a stranger.
            const slow = await probeHealth(port, 1_000, challenge);
            if (slow !== undefined) return slow;
            throw new PortTaken(port);
          }
          return await this.spawnAndWait(deadline, decide, challenge);
        } finally {
          rmSync(lockPath, { force: true });
        }
      }
      decide();
      await clearStaleLock(lockPath);
      await sleep(POLL_MS);
    }
    throw new Error(`no browsertap daemon answered on 127.0.0.1:${port} within ${this.settings.startTimeoutMs ?? 10_000} ms`);
  }

  private async spawnAndWait(deadline: number, spawned: () => void, challenge: string | undefined): Promise<HealthSummary> {
    const { port, stateDir, command, args, env, logger } = this.settings;
    const logPath = join(stateDir, 'daemon.log');
    // Loaded only when a daemon must be started: a bridge that finds one running never needs it.
    // Not `import()`: in the bundled bridge (CommonJS) that loads Node's ES module loader first
    // (≈ 5 ms of the first call); `getBuiltinModule` (Node 20.16+) is a plain synchronous load.
    const { spawn } = process.getBuiltinModule('node:child_process');
    // Where this start's lines begin: a failure quotes them, not an earlier start's.
    const logStart = rotate(logPath, this.settings.rotateBytes);
    const log = openSync(logPath, 'a', 0o600);
    let exited: string | undefined;
    try {
      const child = spawn(command, [...args], {
        detached: true,
        stdio: ['ignore', log, log],
        env: { ...process.env, ...env },
      });
      child.once('exit', (code, signal) => (exited = `exited with ${signal ?? `code ${code}`}`));
      child.once('error', (error) => (exited = `could not start: ${error.message}`));
      child.unref();
      logger.info('started the browsertap daemon', { pid: child.pid, port, log: logPath });
    } finally {
      closeSync(log);
    }
    spawned();
    while (Date.now() < deadline) {
      const health = await probeHealth(port, 500, challenge);
      if (health !== undefined) return health;
      if (exited !== undefined) {
        throw new Error(`the browsertap daemon ${exited} before answering on port ${port}: ${await tail(logPath, logStart)}`);
      }
      await sleep(STARTING_POLL_MS);
    }
    throw new Error(`the browsertap daemon did not answer on port ${port} in time: ${await tail(logPath, logStart)}`);
  }
}

function tryLock(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid} ${Date.now()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

async function clearStaleLock(path: string): Promise<void> {
  try {
    const [pid, at] = (await readFile(path, 'utf8')).trim().split(' ').map(Number);
    if (Date.now() - (at ?? 0) > STALE_LOCK_MS || !alive(pid ?? 0)) await rm(path, { force: true });
  } catch {
    // Gone already, or being written: the next round sees it settled.
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Moves a log past `maxBytes` aside; returns the size of the log written next (0 when new or moved). */
function rotate(path: string, maxBytes: number): number {
  try {
    const { size } = statSync(path);
    if (size <= maxBytes) return size;
    renameSync(path, `${path}.1`);
    return 0;
  } catch {
    return 0; // No log yet.
  }
}

async function tail(path: string, from: number): Promise<string> {
  try {
    const lines = (await readFile(path)).subarray(from).toString('utf8').trim().split('\n');
    return lines.slice(-3).join(' | ').slice(-600) || `(nothing in ${path})`;
  } catch {
    return '(no daemon log)';
  }
}

/**
 * A TCP connection to 127.0.0.1:port, closed at once: `accepted`, `refused` (nothing listens), or
 * `no_answer` (no answer within a second, or another error).
 */
function connectOutcome(port: number): Promise<'accepted' | 'refused' | 'no_answer'> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: 1_000 });
    const done = (outcome: 'accepted' | 'refused' | 'no_answer') => {
      socket.destroy();
      resolve(outcome);
    };
    socket.once('connect', () => done('accepted'));
    socket.once('timeout', () => done('no_answer'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'ECONNREFUSED' ? 'refused' : 'no_answer'));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
