import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { DEFAULT_PORT } from '../../adapters/inbound/cli/parseCli.js';
import { clientConfig, ConfigError, type ServerLaunch } from '../../adapters/outbound/clients/clientConfigs.js';
import { atomicWrite } from '../../adapters/outbound/fs/atomicWrite.js';
import { npxCacheOf } from '../../domain/setup/transientInstall.js';
import { BIN_PATH } from '../cliPaths.js';
import { defaultStateDir } from '../createContainer.js';
import { VERSION } from '../version.js';
import { tokenPath } from '../../adapters/outbound/fs/tokenFile.js';

/** How a client should start this installation's bridge: this Node and this CLI, by absolute path (GUI clients often have no useful PATH). */
export function serverLaunch(options: CliOptions): ServerLaunch {
  // A daemon elsewhere (docs/install.md): the bridge proves it and uses it, with the token from a file
  // (a client does not always pass the shell's environment on, and a token in its config would
  // be one more copy of it).
  if (options.daemonUrl !== undefined) {
    return {
      command: process.execPath,
      args: [BIN_PATH, 'mcp', '--daemon-url', options.daemonUrl, '--token-file', remoteTokenFile(options)],
    };
  }
  return {
    command: process.execPath,
    args: [
      BIN_PATH,
      'mcp',
      ...(options.port === DEFAULT_PORT ? [] : ['--port', String(options.port)]),
      ...(options.stateDir === defaultStateDir() ? [] : ['--state-dir', options.stateDir]),
    ],
  };
}

/**
 * `browsertap setup <client> [--print]`: merges browsertap into the client's MCP configuration
 * (docs/install.md), keeping every other server and setting; the file is written whole through a
 * temporary file, and the first time a `.bak` copy of the original is kept. `--print` changes
 * nothing: the snippet alone goes to stdout (valid JSON, or TOML for Codex, ready to pipe), the
 * file's path and the steps to stderr. Run from npm's npx cache, it writes nothing (that copy
 * goes away when npm prunes its cache) and says how to install for good.
 */
export async function setupCommand(options: CliOptions): Promise<number> {
  const client = options.client ?? 'claude';
  const config = clientConfig(client, serverLaunch(options));
  const notes = config.notes.map((line) => `  ${line}`).join('\n');
  const transient = npxCacheOf(BIN_PATH);
  if (options.print === true) {
    process.stdout.write(config.snippet);
    process.stderr.write(
      `Add the above to ${config.path} (browsertap setup ${client} writes it for you).\n${notes}\n${remoteNotes(options)}`,
    );
    if (transient !== undefined) process.stderr.write(`browsertap: warning: ${npxWarning(transient, client)}`);
    return 0;
  }
  if (transient !== undefined) {
    process.stderr.write(`browsertap: not writing ${config.path}: ${npxWarning(transient, client)}`);
    return 1;
  }
  const current = existsSync(config.path) ? readFileSync(config.path, 'utf8') : undefined;
  let next: string;
  try {
    next = config.merge(current);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`browsertap: ${error.message}\nAdd this to it by hand:\n${config.snippet}`);
    return 1;
  }
  if (next === current) {
    process.stderr.write(`browsertap is already set up in ${config.path}\n${notes}\n${remoteNotes(options)}`);
    return 0;
  }
  try {
    mkdirSync(dirname(config.path), { recursive: true });
    if (current !== undefined && !existsSync(`${config.path}.bak`)) writeFileSync(`${config.path}.bak`, current);
    // The file keeps its permissions; a new one is private (~/.claude.json holds credentials).
    await atomicWrite(config.path, next, current === undefined ? 0o600 : statSync(config.path).mode & 0o777);
  } catch (error) {
    process.stderr.write(`browsertap: could not write ${config.path}: ${(error as Error).message}\n`);
    return 1;
  }
  process.stderr.write(
    `${current === undefined ? 'wrote' : 'updated'} ${config.path}: browsertap added${current === undefined ? '' : ', everything else kept'}\n${notes}\n${remoteNotes(options)}`,
  );
  return 0;
}

/** The token file a remote bridge reads, as an absolute path: `--token-file`, else `<state-dir>/token`. */
function remoteTokenFile(options: CliOptions): string {
  return resolve(options.tokenFile ?? tokenPath(options.stateDir));
}

/** What a client set up for a daemon elsewhere still needs: the token in its file, and a check. */
function remoteNotes(options: CliOptions): string {
  if (options.daemonUrl === undefined) return '';
  const file = remoteTokenFile(options);
  const lines = [
    ...(existsSync(file)
      ? []
      : [
          `  put the daemon's token in ${file}: on the browser's machine run 'browsertap token' (only you should read the file: chmod 600)`,
        ]),
    `  check the way to the daemon: browsertap doctor --daemon-url ${options.daemonUrl} --token-file ${file}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Why a path in npm's npx cache must not go into a client's configuration, and what to run instead. */
function npxWarning(cache: string, client: string): string {
  return [
    `this browsertap runs from npm's npx cache (${cache}), which npm empties when it prunes its cache; ${client} would then fail to start browsertap.`,
    'Install it for good, then set up from there:',
    `  npm install -g ./browsertap-${VERSION}.tgz    (the tarball you gave npx)`,
    `  browsertap setup ${client}`,
    '',
  ].join('\n');
}
