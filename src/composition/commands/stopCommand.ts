import { rm } from 'node:fs/promises';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { pidPath, readPid } from '../../adapters/outbound/fs/pidFile.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { challengeDaemon } from '../../adapters/outbound/process/daemonIdentity.js';
import { probePort } from '../../adapters/outbound/process/probeHealth.js';
import { PortHeldByOtherUser, provenDaemon } from './connectDaemon.js';

const STOP_WAIT_MS = 5_000;

/**
 * `browsertap stop`: signals a daemon only after it proved, on the port, that it holds this
 * state dir's token, and only the pid it reported then (docs/security.md): SIGTERM, then SIGKILL if it
 * has not exited in 5 s and still proves itself. A pid file alone is never trusted: a stale one
 * may name any process. The pid file is not needed either.
 */
export async function stopCommand(options: CliOptions): Promise<number> {
  const say = (result: object) => process.stdout.write(`${JSON.stringify(result)}\n`);
  if ((await probePort(options.port, '/health')) === undefined) {
    await forgetStalePid(options.stateDir, options.port);
    say({ stopped: false, reason: 'not running' });
    return 0;
  }
  let proven;
  try {
    proven = await provenDaemon(options.port, options.stateDir, new StderrLogger('warn', process.stderr));
  } catch (error) {
    const reason = error instanceof PortHeldByOtherUser ? error.stopMessage : (error as Error).message;
    process.stderr.write(`browsertap: not stopping anything: ${reason}\n`);
    return 1;
  }
  const { pid } = proven.identity;
  signal(pid, 'SIGTERM');
  const until = Date.now() + STOP_WAIT_MS;
  while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  let forced = false;
  if (alive(pid)) {
    // Still the daemon that proved itself (not a new process that took the pid)?
    const again = await challengeDaemon(options.port, proven.token);
    if (again.outcome === 'proven' && again.pid === pid) {
      signal(pid, 'SIGKILL');
      forced = true;
    }
  }
  if ((await readPid(options.stateDir)) === pid) await rm(pidPath(options.stateDir), { force: true });
  say({ stopped: true, pid, forced });
  return 0;
}

/** With no daemon on the port, a pid file names nothing of ours: remove it, signal nothing, say so. */
async function forgetStalePid(stateDir: string, port: number): Promise<void> {
  const pid = await readPid(stateDir);
  if (pid === undefined) return;
  await rm(pidPath(stateDir), { force: true });
  if (alive(pid)) {
    process.stderr.write(
      `browsertap: no daemon answers on port ${port}; ${pidPath(stateDir)} named pid ${pid}, which was left alone (nothing proves it is a browsertap daemon); the stale file was removed\n`,
    );
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
