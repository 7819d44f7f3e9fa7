import { readFile, stat } from 'node:fs/promises';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { tokenPath } from '../../adapters/outbound/fs/tokenFile.js';
import { challengeRemote, type RemoteIdentity } from '../../adapters/outbound/process/remoteIdentity.js';
import type { LoggerPort } from '../../application/ports/LoggerPort.js';

/** Where the recipes for agents on another machine are (docs/install.md). */
const REMOTE_DOCS = 'docs/install.md#agents-on-another-machine';

/** A token longer than this is not one of ours (ours are 64 hex characters). */
const MAX_TOKEN_CHARS = 1_024;

/** What went wrong on the way to a daemon elsewhere: what was found, and what to do about it. */
export class RemoteProblem extends Error {
  constructor(
    readonly detail: string,
    readonly fix: string,
  ) {
    super(`${detail}: ${fix}`);
    this.name = 'RemoteProblem';
  }
}

/** Where the token for `--daemon-url` comes from: `--token-file`/BROWSERTAP_TOKEN_FILE, BROWSERTAP_TOKEN, or `<state-dir>/token`. */
export function remoteTokenSource(options: CliOptions): { readonly file: string } | { readonly env: 'BROWSERTAP_TOKEN' } {
  if (options.tokenFile !== undefined) return { file: options.tokenFile };
  if (options.token !== undefined) return { env: 'BROWSERTAP_TOKEN' };
  return { file: tokenPath(options.stateDir) };
}

/** "into <file>" or "into BROWSERTAP_TOKEN": where a copied token goes. */
function into(options: CliOptions): string {
  const source = remoteTokenSource(options);
  return 'file' in source ? source.file : source.env;
}

/**
 * The token for the daemon at `--daemon-url`. A file others can read is used, with a warning.
 * @throws RemoteProblem when there is none, or it is not a token.
 */
export async function readRemoteToken(options: CliOptions, logger: LoggerPort): Promise<string> {
  const source = remoteTokenSource(options);
  const copy = `on the browser's machine run 'browsertap token' and put what it prints in ${into(options)} (${REMOTE_DOCS})`;
  let text: string;
  if ('env' in source) text = options.token ?? '';
  else {
    try {
      const mode = (await stat(source.file)).mode;
      if ((mode & 0o077) !== 0) logger.warn(`the token file ${source.file} can be read by other users: chmod 600 ${source.file}`);
      text = await readFile(source.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new RemoteProblem(
        `no token for ${options.daemonUrl}: ${source.file} is ${code === 'ENOENT' ? 'missing' : code}`,
        copy,
      );
    }
  }
  const token = text.trim();
  if (token === '') throw new RemoteProblem(`no token for ${options.daemonUrl}: ${into(options)} is empty`, copy);
  if (token.length > MAX_TOKEN_CHARS || /\s/.test(token)) {
    throw new RemoteProblem(`${into(options)} does not hold a browsertap token (one line, no spaces)`, copy);
  }
  return token;
}

export type ProvenRemote = Extract<RemoteIdentity, { outcome: 'proven' }>;

/**
 * The daemon at `--daemon-url`, once it proved it holds the token (docs/security.md, 14): nothing but a
 * nonce reaches it before. Never starts anything.
 * @throws RemoteProblem saying what failed and what to do next, in one line.
 */
async function provenRemoteDaemon(
  options: CliOptions,
  logger: LoggerPort,
): Promise<{ readonly token: string; readonly identity: ProvenRemote }> {
  const url = options.daemonUrl as string;
  const token = await readRemoteToken(options, logger);
  const identity = await challengeRemote(new URL(url), token);
  if (identity.outcome === 'proven') return { token, identity };
  throw remoteProblem(url, identity, options);
}

/** The one-line reason and fix for each way a daemon elsewhere can fail to prove itself. */
export function remoteProblem(url: string, identity: Exclude<RemoteIdentity, ProvenRemote>, options: CliOptions): RemoteProblem {
  switch (identity.outcome) {
    case 'absent':
      return new RemoteProblem(
        `no daemon answers at ${url} (${identity.reason})`,
        `is the port forwarded, and a daemon running on the browser's machine ('browsertap status' there)? See ${REMOTE_DOCS}`,
      );
    case 'wrong_token':
      return new RemoteProblem(
        `the daemon at ${url} does not hold this token (it could not prove it, so the token was not sent)`,
        `copy it again with 'browsertap token' on the browser's machine into ${into(options)}`,
      );
    case 'not_browsertap':
      return new RemoteProblem(
        `something answers at ${url}, but it is no browsertap daemon (${identity.detail}; nothing was sent to it)`,
        `check the address, and that the forward ends at the daemon's port on the browser's machine (7890 unless it was started with --port)`,
      );
    case 'too_old':
      return new RemoteProblem(
        `the daemon at ${url} is browsertap ${identity.version}, too old to prove it holds the token (nothing was sent to it)`,
        `update browsertap on the browser's machine, then 'browsertap stop' there (the next client starts the new one)`,
      );
  }
}

/**
 * What the bridge's upstream needs from a daemon elsewhere: its version, the token it proved it
 * holds, and the Host header its guard accepts (a forward's own host and port would be refused).
 */
export async function remoteUpstream(
  options: CliOptions,
  logger: LoggerPort,
): Promise<{ readonly version: string; readonly token: string; readonly host: string }> {
  const { token, identity } = await provenRemoteDaemon(options, logger);
  return { version: identity.health.version, token, host: identity.host };
}
