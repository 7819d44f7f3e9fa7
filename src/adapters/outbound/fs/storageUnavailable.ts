import { DomainError } from '../../../domain/DomainError.js';

/** File-system errors that say the disk, not the daemon, is at fault, and what each means. */
const CAUSES: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission was denied',
  EPERM: 'the operation was not permitted',
};

/**
 * Runs one file operation on the state directory. A full, over-quota, read-only or forbidden
 * disk becomes the DomainError `storage_unavailable`, naming the cause and the directory (a
 * condition of the machine, not a bug: no stack is logged for it); anything else is rethrown.
 */
export async function onStateDir<T>(stateDir: string, doing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw storageUnavailable(error, stateDir, doing) ?? error;
  }
}

/** The `storage_unavailable` error for a disk condition, or undefined for any other error. */
export function storageUnavailable(error: unknown, stateDir: string, doing: string): DomainError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const cause = code === undefined ? undefined : CAUSES[code];
  if (cause === undefined) return undefined;
  return new DomainError('storage_unavailable', `could not ${doing}: ${cause} (${code}) in the state directory ${stateDir}`, {
    cause: code,
    state_dir: stateDir,
    hint: 'Free disk space or fix the permissions of the state directory, or restart the daemon with --state-dir on a writable disk.',
  });
}
