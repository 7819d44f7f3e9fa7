import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { pidPath, readPid } from '../../adapters/outbound/fs/pidFile.js';
import { probeHealth } from '../../adapters/outbound/process/probeHealth.js';
import { rm } from 'node:fs/promises';

const STOP_WAIT_MS = 5_000;

/** `browsertap stop`: SIGTERM to the pid in the state dir, then SIGKILL if it has not exited in 5 s. */
export async function stopCommand(options: CliOptions): Promise<number> {
  const pid = await readPid(options.stateDir);
  if (pid === undefined || !alive(pid)) {
    if (pid !== undefined) await rm(pidPath(options.stateDir), { force: true });
    const answering = await probeHealth(options.port);
    if (answering !== undefined) {
      process.stderr.write(
        `browsertap: a daemon answers on port ${options.port} but ${pidPath(options.stateDir)} does not name it (another --state-dir?)\n`,
      );
      return 1;
    }
    process.stdout.write(`${JSON.stringify({ stopped: false, reason: 'not running' })}\n`);
    return 0;
  }
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + STOP_WAIT_MS;
  while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  const forced = alive(pid);
  if (forced) {
    process.kill(pid, 'SIGKILL');
    await rm(pidPath(options.stateDir), { force: true });
  }
  process.stdout.write(`${JSON.stringify({ stopped: true, pid, forced })}\n`);
  return 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
