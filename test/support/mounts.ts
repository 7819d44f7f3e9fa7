import { spawnSync } from 'node:child_process';

/**
 * Real full and read-only disks for tests, as root: a directory bind-mounted onto itself and
 * remounted read-only, or a tiny tmpfs. Each returns false when this machine does not allow it
 * (not root, no mount namespace); the caller skips with a reason.
 */
const run = (args: string[]) => spawnSync('mount', args, { stdio: 'ignore' }).status === 0;

/** Makes `dir` read-only (EROFS on every write). */
export function mountReadOnly(dir: string): boolean {
  if (!run(['--bind', dir, dir])) return false;
  if (run(['-o', 'remount,bind,ro', dir])) return true;
  unmount(dir);
  return false;
}

/** Mounts a tmpfs of `bytes` on `dir`: writing past it fails with ENOSPC. */
export function mountTinyDisk(dir: string, bytes: number): boolean {
  return run(['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir]);
}

export function unmount(dir: string): void {
  spawnSync('umount', [dir], { stdio: 'ignore' });
}
