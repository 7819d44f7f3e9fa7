import { randomBytes } from 'node:crypto';
import { readToken, TokenUnavailable, tokenPath } from '../../adapters/outbound/fs/tokenFile.js';
import { challengeDaemon, foreignMessage, type Identity } from '../../adapters/outbound/process/daemonIdentity.js';
import { probePort } from '../../adapters/outbound/process/probeHealth.js';
import type { LoggerPort } from '../../application/ports/LoggerPort.js';

/**
 * The daemon's token, read so that a missing or empty file is not fatal: a challenge makes a
 * running daemon write its token back (it keeps it in memory), then the file is read again.
 * @throws Error saying what is wrong with the file when it stays unusable.
 */
export async function readTokenOrRestore(port: number, stateDir: string, logger: LoggerPort): Promise<string> {
  try {
    return await readToken(stateDir);
  } catch (error) {
    if (!(error instanceof TokenUnavailable)) throw error;
    await probePort(port, `/health?challenge=${randomBytes(24).toString('base64url')}`);
    try {
      const token = await readToken(stateDir);
      logger.warn(`the token file ${tokenPath(stateDir)} was ${error.reason}; the daemon on port ${port} wrote it back`);
      return token;
    } catch {
      throw new Error(
        `the token file ${tokenPath(stateDir)} is ${error.reason} and no daemon on port ${port} wrote it back; ` +
          `'browsertap stop' then start a client again, and a new token is made`,
      );
    }
  }
}

/**
 * The token of the daemon answering on `port`, once it proved it holds it (SPEC 6).
 * @throws Error naming the port when another program answers there, or when none does.
 */
export async function provenDaemon(
  port: number,
  stateDir: string,
  logger: LoggerPort,
): Promise<{ readonly token: string; readonly identity: Extract<Identity, { outcome: 'proven' }> }> {
  const token = await readTokenOrRestore(port, stateDir, logger);
  const identity = await challengeDaemon(port, token);
  if (identity.outcome === 'foreign') throw new Error(foreignMessage(port));
  if (identity.outcome === 'absent') throw new Error(`no browsertap daemon answers on 127.0.0.1:${port}`);
  return { token, identity };
}
