import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const pidPath = (stateDir: string): string => join(stateDir, 'daemon.pid');

export async function writePid(stateDir: string, pid: number): Promise<void> {
  await writeFile(pidPath(stateDir), `${pid}\n`, { mode: 0o600 });
}

/** The recorded daemon pid, or undefined when there is none. */
export async function readPid(stateDir: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(pidPath(stateDir), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Removes the pid file if it still names `pid` (a newer daemon's file is left alone). */
export async function removePid(stateDir: string, pid: number): Promise<void> {
  if ((await readPid(stateDir)) === pid) await rm(pidPath(stateDir), { force: true });
}
