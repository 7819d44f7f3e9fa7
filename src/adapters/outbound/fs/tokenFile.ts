import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWrite } from './atomicWrite.js';

export const tokenPath = (stateDir: string): string => join(stateDir, 'token');

/** How the daemon found its token file at start: as it was, created, or repaired. */
export type TokenOrigin = 'existing' | 'created' | 'replaced_empty';

/** The token file is missing or empty: nothing can authenticate with it. */
export class TokenUnavailable extends Error {
  constructor(
    readonly path: string,
    readonly reason: 'missing' | 'empty',
  ) {
    super(`the token file ${path} is ${reason}`);
    this.name = 'TokenUnavailable';
  }
}

const newToken = (): string => randomBytes(32).toString('hex');

/**
 * The bearer token of `/mcp` (the daemon's side): read from `<state-dir>/token`, or created
 * there (32 random bytes as hex, mode 0600; a concurrent creator loses the race and reads the
 * winner's). An empty file is replaced with a new token rather than stopping the daemon from
 * starting. A token file readable by group or others is tightened to 0600.
 */
export async function ensureToken(stateDir: string): Promise<{ token: string; origin: TokenOrigin }> {
  // Synchronous: the daemon does nothing else until it has its token, and each of these four
  // calls through the thread pool was ≈ 0.5 ms of every start before `/health` (docs/install.md).
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const path = tokenPath(stateDir);
  let origin: TokenOrigin = 'existing';
  try {
    writeFileSync(path, `${newToken()}\n`, { mode: 0o600, flag: 'wx' });
    origin = 'created';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const token = readFileSync(path, 'utf8').trim();
  if (token !== '') return { token, origin };
  const replaced = newToken();
  await atomicWrite(path, `${replaced}\n`);
  return { token: replaced, origin: 'replaced_empty' };
}

/**
 * Writes the running daemon's token back when its file is missing, empty or holds another
 * token (deleted or clobbered while the daemon ran), so new bridges can authenticate again.
 * @returns true when it rewrote the file.
 */
export async function restoreToken(stateDir: string, token: string): Promise<boolean> {
  // The check is synchronous (a file of 65 bytes): every challenge asks it, a client's start waits
  // for one, and a trip through the thread pool was a millisecond of it.
  try {
    if (readFileSync(tokenPath(stateDir), 'utf8').trim() === token) return false;
  } catch {
    // missing, empty or unreadable: rewrite it below
  }
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  await atomicWrite(tokenPath(stateDir), `${token}\n`);
  return true;
}

/**
 * What the token file holds now, read synchronously: the token, or why there is none (`missing`,
 * `empty`; `unreadable` for any other failure). For a caller about to ask a running daemon a
 * challenge, which writes a missing or changed file back: it can say that happened.
 */
export function tokenOnDisk(stateDir: string): string | { readonly fault: TokenUnavailable['reason'] | 'unreadable' } {
  try {
    return readFileSync(tokenPath(stateDir), 'utf8').trim() || { fault: 'empty' };
  } catch (error) {
    return { fault: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable' };
  }
}

/** The token as stored (whitespace trimmed). @throws TokenUnavailable when the file is missing or empty. */
export async function readToken(stateDir: string): Promise<string> {
  const path = tokenPath(stateDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new TokenUnavailable(path, 'missing');
    throw error;
  }
  const token = text.trim();
  if (token === '') throw new TokenUnavailable(path, 'empty');
  return token;
}
