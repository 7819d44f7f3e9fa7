import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const tokenPath = (stateDir: string): string => join(stateDir, 'token');

/**
 * The bearer token of `/mcp`: read from `<state-dir>/token`, or created there on first start
 * (32 random bytes as hex, mode 0600; a concurrent creator loses the race and reads the winner's).
 * A token file readable by group or others is tightened to 0600.
 */
export async function ensureToken(stateDir: string): Promise<string> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = tokenPath(stateDir);
  try {
    await writeFile(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (((await stat(path)).mode & 0o077) !== 0) await chmod(path, 0o600);
  return readToken(stateDir);
}

/** The token as stored (whitespace trimmed). @throws when the file is missing or empty. */
export async function readToken(stateDir: string): Promise<string> {
  const token = (await readFile(tokenPath(stateDir), 'utf8')).trim();
  if (token === '') throw new Error(`the token file ${tokenPath(stateDir)} is empty`);
  return token;
}
