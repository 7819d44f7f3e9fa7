import { join } from 'node:path';
import { TYPES } from '../../application/tokens.js';
import { RotatingFileSink } from '../../adapters/outbound/logging/RotatingFileSink.js';
import { probeHealth } from '../../adapters/outbound/process/probeHealth.js';
import { removePid, writePid } from '../../adapters/outbound/fs/pidFile.js';
import { tokenPath } from '../../adapters/outbound/fs/tokenFile.js';
import type { CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { DEFAULT_PORT } from '../../adapters/inbound/cli/parseCli.js';
import { BIN_PATH, EXTENSION_DIR, extensionBuilt } from '../cliPaths.js';
import { defaultStateDir } from '../createContainer.js';
import { startDaemon, type McpSide } from '../startDaemon.js';
import { otherUsersPort } from './connectDaemon.js';
import { VERSION } from '../version.js';
import { hostPort } from '../../domain/net/hostText.js';

/** How the daemon's code is loaded (src/composition/runDaemonBundle.ts). */
export interface DaemonStart {
  /** Whether its compiled code came from the code cache in the state dir, for its log. */
  readonly codeCache?: 'used' | 'compiled';
  /** Called once it has listened and run its start-up code. */
  readonly afterStart?: () => void;
  /** Called once its MCP side has loaded and served a session. */
  readonly afterWarmUp?: () => void;
  /** Loads its MCP side (the bundled daemon: its own file). */
  readonly loadMcpSide?: () => Promise<McpSide>;
}

/** `browsertap daemon`: runs in the foreground until SIGTERM/SIGINT; writes and removes the pid file. */
export async function daemonCommand(options: CliOptions, start: DaemonStart = {}): Promise<number> {
  let daemon;
  try {
    daemon = await startDaemon({
      ...(start.afterStart === undefined ? {} : { afterStart: start.afterStart }),
      ...(start.afterWarmUp === undefined ? {} : { afterWarmUp: start.afterWarmUp }),
      ...(start.loadMcpSide === undefined ? {} : { loadMcpSide: start.loadMcpSide }),
      // A client starts the daemon with its log file (bridgeCommand.ts), and its session is next.
      clientStarted: options.logFile !== undefined,
      port: options.port,
      stateDir: options.stateDir,
      logLevel: options.logLevel ?? 'info',
      ...(options.logFile === undefined ? {} : { logSink: new RotatingFileSink(options.logFile) }),
      ...(options.extensions === undefined ? {} : { extensions: options.extensions }),
      ...(options.listen === undefined ? {} : { listen: options.listen }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      const running = await probeHealth(options.port);
      const otherUser = await otherUsersPort(options.port, running);
      process.stderr.write(
        otherUser !== undefined
          ? `browsertap: ${otherUser.daemonMessage}\n`
          : running === undefined
            ? `browsertap: port ${options.port} is taken by another program; choose one with --port or BROWSERTAP_PORT\n`
            : `browsertap: a daemon (version ${running.version}) is already running on port ${options.port}; 'browsertap stop' stops it\n`,
      );
      return 1;
    }
    process.stderr.write(`browsertap: the daemon could not start: ${(error as Error).message}\n`);
    return 1;
  }
  // Said before anything is awaited: the daemon serves from here on, and a session it serves
  // meanwhile (a client's bridge connects within milliseconds) would otherwise be logged first.
  if (daemon.listen !== undefined) {
    // To stderr or the log file (never stdout), before anything can connect there unnoticed.
    const url = `http://${hostPort(daemon.listen, daemon.port)}`;
    daemon.container
      .get(TYPES.LoggerPort)
      .warn(
        `also listening on ${url} (--listen): whoever reaches that address can try /mcp, which needs the token, and the token travels there as plain HTTP. ` +
          `Keep it to a network only this machine has (the Docker bridge, the WSL interface), never a LAN or the internet; the extension API and the status page stay on 127.0.0.1`,
        { url },
      );
  }
  if (options.logFile !== undefined) {
    // Started by a client's bridge (its log is a file): one log line, no terminal banner.
    daemon.container.get(TYPES.LoggerPort).info('daemon listening', {
      version: VERSION,
      url: `http://127.0.0.1:${daemon.port}`,
      pid: process.pid,
      state_dir: options.stateDir,
      ...(start.codeCache === undefined ? {} : { code_cache: start.codeCache }),
    });
  }
  // The pid file is a convenience (stop finds the daemon through its proof on the port), so a
  // state dir that cannot be written (read-only, full) costs a warning, never the daemon.
  await writePid(options.stateDir, process.pid).catch((error: Error) =>
    process.stderr.write(`browsertap: could not write the pid file (${error.message}); 'browsertap stop' works without it\n`),
  );
  // The banner once the pid file is there: whoever reads the banner may read the pid file next.
  if (options.logFile === undefined) process.stderr.write(banner(options, daemon.port));
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.once('SIGINT', () => resolve());
  });
  await daemon.stop();
  await removePid(options.stateDir, process.pid).catch((error: Error) =>
    process.stderr.write(`browsertap: could not remove the pid file (${error.message}); a later stop ignores it\n`),
  );
  return 0;
}

function banner(options: CliOptions, port: number): string {
  const flags = [
    ...(port === DEFAULT_PORT ? [] : ['--port', String(port)]),
    ...(options.stateDir === defaultStateDir() ? [] : ['--state-dir', options.stateDir]),
  ];
  const args = [BIN_PATH, 'mcp', ...flags];
  const base = `http://127.0.0.1:${port}`;
  return [
    `browsertap ${VERSION} daemon listening on ${base} (pid ${process.pid}); Ctrl-C stops it`,
    `  status page  ${base}/ (for you: connection, tabs, errors, commands; live; 'browsertap status --open' opens it unlocked)`,
    `  health       ${base}/health`,
    `  state dir    ${options.stateDir} (log: ${join(options.stateDir, 'daemon.log')} when started by a client)`,
    !extensionBuilt()
      ? `  extension    not built in this checkout yet (${EXTENSION_DIR})`
      : port === DEFAULT_PORT
        ? `  extension    chrome://extensions → Developer mode → Load unpacked → ${EXTENSION_DIR}`
        : `  extension    chrome://extensions → Developer mode → Load unpacked → the folder 'browsertap extension ${flags.join(' ')}' prints (it finds port ${port}; or set ${port} in the popup of the one you have)`,
    `  clients      browsertap setup <claude|cursor|vscode|codex|gemini|windsurf> writes their configuration`,
    `  Claude Code  claude mcp add browsertap -- node ${args.join(' ')}`,
    `  Cursor       .cursor/mcp.json: ${JSON.stringify({ mcpServers: { browsertap: { command: 'node', args } } })}`,
    `  HTTP MCP     ${base}/mcp with header "Authorization: Bearer $(cat ${tokenPath(options.stateDir)})"`,
    '',
  ].join('\n');
}
