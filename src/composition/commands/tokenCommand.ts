import { stat } from 'node:fs/promises';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { ensureToken, readToken, TokenUnavailable, tokenPath } from '../../adapters/outbound/fs/tokenFile.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { readTokenOrRestore } from './connectDaemon.js';

/**
 * `browsertap token` (docs/install.md): this state dir's token on stdout, alone, for copying to an agent
 * on another machine; how to copy it safely on stderr. Only the state dir's owner runs it: the
 * file is theirs (0600 in a 0700 dir), and a token made by anyone else in their dir would be
 * one their daemon cannot read. With no token yet, one is made, and the daemon uses it when it
 * starts; a running daemon whose file went missing writes its own back first.
 */
export async function tokenCommand(options: CliOptions): Promise<number> {
  const path = tokenPath(options.stateDir);
  const foreign = await ownerIfNotMe(options.stateDir);
  if (foreign !== undefined) {
    process.stderr.write(
      `browsertap: ${options.stateDir} belongs to uid ${foreign}, not to you (uid ${process.getuid?.()}): ` +
        `run 'browsertap token' as that user, or use a state dir of your own (--state-dir DIR)\n`,
    );
    return 1;
  }
  let token: string;
  try {
    token = await readToken(options.stateDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') {
      process.stderr.write(`browsertap: cannot read ${path} (${code}): run 'browsertap token' as the user whose daemon it is\n`);
      return 1;
    }
    if (!(error instanceof TokenUnavailable)) throw error;
    try {
      // A daemon running on this state dir writes its own token back when challenged.
      token = await readTokenOrRestore(options.port, options.stateDir, new StderrLogger('error', process.stderr));
    } catch {
      token = (await ensureToken(options.stateDir)).token;
      process.stderr.write(`browsertap: no token yet in ${path}: made one; a daemon started from now on uses it\n`);
    }
  }
  process.stdout.write(`${token}\n`);
  process.stderr.write(
    `browsertap: this token lets whoever holds it use your browser through browsertap. On the agent's machine, keep it ` +
      `where only you can read it, e.g.: browsertap token | ssh HOST 'umask 077; mkdir -p ~/.browsertap; cat > ~/.browsertap/token'\n`,
  );
  return 0;
}

/** The uid owning `dir` when it is not this process's (Linux, macOS); undefined when it is ours or absent. */
async function ownerIfNotMe(dir: string): Promise<number | undefined> {
  const me = process.getuid?.();
  if (me === undefined) return undefined;
  try {
    const { uid } = await stat(dir);
    return uid === me ? undefined : uid;
  } catch {
    return undefined;
  }
}
