import { readdirSync, readFileSync } from 'node:fs';

/**
 * The command line of process `pid` as its words, or undefined when it is gone. Chromium's child
 * processes rewrite their title (one line, spaces between the arguments), so it is split on both.
 */
function argsOf(pid: string): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  } catch {
    return undefined;
  }
}

/**
 * The pids of the renderer processes of the browser using `profile` (its `--user-data-dir`, which
 * Chromium passes on to each renderer; a temporary directory, without spaces) whose command line has
 * `flag`; read from /proc (Linux).
 */
function renderers(profile: string, flag?: string): number[] {
  const pids: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const args = argsOf(pid);
    if (args === undefined || !args.includes('--type=renderer') || !args.includes(`--user-data-dir=${profile}`)) continue;
    if (flag === undefined || args.includes(flag)) pids.push(Number(pid));
  }
  return pids;
}

/**
 * The process that hosts the extension's service worker: Chromium starts it with
 * `--extension-process`. Undefined until the worker has started.
 */
export function extensionProcess(profile: string): number | undefined {
  return renderers(profile, '--extension-process')[0];
}

/** The renderer processes of pages (every renderer but the extension's). */
export function pageProcesses(profile: string): number[] {
  const extension = extensionProcess(profile);
  return renderers(profile).filter((pid) => pid !== extension);
}

/** The resident memory of process `pid` in MB (`VmRSS` of /proc/<pid>/status), NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? NaN : Number(kb) / 1024;
  } catch {
    return NaN;
  }
}
