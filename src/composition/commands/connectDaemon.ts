import { randomBytes } from 'node:crypto';
import { readToken, TokenUnavailable, tokenOnDisk, tokenPath } from '../../adapters/outbound/fs/tokenFile.js';
import { challengeDaemon, foreignMessage, identityOf, type Identity } from '../../adapters/outbound/process/daemonIdentity.js';
import { describeOwner, portOwner, processUid, type PortOwner } from '../../adapters/outbound/process/portOwner.js';
import { parseHealth, probePort, type HealthSummary } from '../../adapters/outbound/process/probeHealth.js';
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

/** A `/health` asked already with a challenge (the launcher's), and what the token file held before it was asked. */
export interface AnsweredChallenge {
  readonly nonce: string;
  readonly health: HealthSummary;
  /**
   * `tokenOnDisk` before the challenge went to a daemon found running: when it was not that
   * daemon's token, the challenge made the daemon write it back, and the user is told. Absent
   * when the daemon was started for this answer (it made the file).
   */
  readonly tokenBefore?: ReturnType<typeof tokenOnDisk>;
}

/**
 * The token of the daemon answering on `port`, once it proved it holds it (docs/security.md).
 * `answered`: when it proves the daemon, no second challenge is sent; when it does not, a fresh
 * one decides.
 * @throws Error naming the port when another program answers there, or when none does.
 */
export async function provenDaemon(
  port: number,
  stateDir: string,
  logger: LoggerPort,
  answered?: AnsweredChallenge,
): Promise<{ readonly token: string; readonly identity: Extract<Identity, { outcome: 'proven' }> }> {
  let token: string;
  try {
    token = await readTokenOrRestore(port, stateDir, logger);
  } catch (error) {
    // No token of ours, and the daemon there wrote none back: when it is another user's, say that.
    throw (await otherUsersPort(port, undefined)) ?? error;
  }
  const early = answered === undefined ? undefined : identityOf(answered.health, token, { nonce: answered.nonce, port });
  if (early?.outcome === 'proven') {
    const before = answered?.tokenBefore;
    if (before !== undefined && before !== token) {
      const was = typeof before === 'string' ? 'another token' : before.fault;
      logger.warn(`the token file ${tokenPath(stateDir)} was ${was}; the daemon on port ${port} wrote it back`);
    }
    return { token, identity: early };
  }
  const identity = await challengeDaemon(port, token);
  if (identity.outcome === 'foreign') throw (await otherUsersPort(port, identity.health)) ?? new Error(foreignMessage(port));
  if (identity.outcome === 'absent') throw new Error(`no browsertap daemon answers on 127.0.0.1:${port}`);
  return { token, identity };
}

/**
 * The port is held by a process of another OS user (a browsertap daemon they started, most
 * often: one port per machine, 7890, is the default for everyone). Nothing of ours is there to
 * stop or to talk to; the way out is a port of one's own, or that user stopping theirs.
 */
export class PortHeldByOtherUser extends Error {
  constructor(
    readonly port: number,
    readonly owner: PortOwner,
    /** What answered, as it describes itself (its pid only when the kernel agrees it is that user's process). */
    readonly holder: string,
  ) {
    super(
      `port ${port} is held by ${holder} of another user, ${describeOwner(owner)}: it cannot prove it holds your token, ` +
        `and nothing was sent to it. Use a port of your own: --port N or BROWSERTAP_PORT=N (for a client: ` +
        `browsertap setup <client> --port N), or ask ${owner.user ?? 'that user'} to stop theirs`,
    );
    this.name = 'PortHeldByOtherUser';
  }

  /** What `browsertap daemon` says when it cannot bind the port. */
  get daemonMessage(): string {
    return (
      `port ${this.port} is held by ${this.holder} of another user, ${describeOwner(this.owner)}. Use a port of your ` +
      `own: --port N or BROWSERTAP_PORT=N (for a client: browsertap setup <client> --port N), or ask ` +
      `${this.owner.user ?? 'that user'} to stop theirs`
    );
  }

  /** What `browsertap stop` says: it cannot stop another user's process, and what to do instead. */
  get stopMessage(): string {
    return (
      `port ${this.port} is held by ${this.holder} of another user, ${describeOwner(this.owner)}, not by yours: ` +
      `only that user can stop it ('browsertap stop' run as ${this.owner.user ?? 'them'}). For a daemon of your own, ` +
      `use another port: --port N or BROWSERTAP_PORT=N`
    );
  }
}

/** A `PortHeldByOtherUser` when the listener on the port belongs to another OS user (Linux); undefined otherwise. */
export async function otherUsersPort(port: number, health: HealthSummary | undefined): Promise<PortHeldByOtherUser | undefined> {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const owner = await portOwner(port);
  if (owner === undefined || owner.uid === uid) return undefined;
  // A challenge makes a browsertap daemon name its pid; believed only when the kernel says that pid is the owner's.
  const answer = health ?? parseHealth(await probePort(port, `/health?challenge=${randomBytes(24).toString('base64url')}`));
  const pid = typeof answer?.pid === 'number' && (await processUid(answer.pid)) === owner.uid ? answer.pid : undefined;
  const holder =
    answer === undefined
      ? `a program${pid === undefined ? '' : ` (pid ${pid})`}`
      : `a browsertap daemon (version ${answer.version}${pid === undefined ? '' : `, pid ${pid}`})`;
  return new PortHeldByOtherUser(port, owner, holder);
}
