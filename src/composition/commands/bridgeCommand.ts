import { join } from 'node:path';
import { StdioBridge } from '../../adapters/inbound/mcp/bridge/StdioBridge.js';
import { formatExtensions, type CliOptions } from '../../adapters/inbound/cli/parseCli.js';
import { LOG_ROTATE_BYTES } from '../../adapters/outbound/logging/RotatingFileSink.js';
import { StderrLogger } from '../../adapters/outbound/logging/StderrLogger.js';
import { DaemonLauncher } from '../../adapters/outbound/process/DaemonLauncher.js';
import { CLI_PATH } from '../cliPaths.js';
import { DAEMON_ENV, DAEMON_V8_FLAGS } from '../daemonFlags.js';
import { VERSION } from '../version.js';
import { provenDaemon } from './connectDaemon.js';

/** `browsertap mcp`: the stdio bridge an MCP client launches. stdout carries MCP only. */
export async function bridgeCommand(options: CliOptions): Promise<number> {
  const logger = new StderrLogger(options.logLevel ?? 'warn', process.stderr);
  const daemonArgs = [
    ...process.execArgv,
    ...DAEMON_V8_FLAGS,
    CLI_PATH,
    'daemon',
    '--port',
    String(options.port),
    '--state-dir',
    options.stateDir,
    '--log-file',
    join(options.stateDir, 'daemon.log'),
  ];
  if (options.extensions !== undefined) daemonArgs.push('--extension-id', formatExtensions(options.extensions));
  const launcher = new DaemonLauncher({
    port: options.port,
    stateDir: options.stateDir,
    command: process.execPath,
    args: daemonArgs,
    env: DAEMON_ENV,
    logger,
    rotateBytes: LOG_ROTATE_BYTES,
  });
  const bridge = new StdioBridge(process.stdin, process.stdout, {
    endpoint: `http://127.0.0.1:${options.port}/mcp`,
    ensureDaemon: async () => {
      await launcher.ensureRunning();
      const { token, identity } = await provenDaemon(options.port, options.stateDir, logger);
      return { version: identity.health.version, token };
    },
    bridgeVersion: VERSION,
    logger,
  });
  const stop = () => bridge.stop();
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await bridge.run();
  // Ended (stdin closed or a signal) and the daemon session closed: nothing left to wait for,
  // not even a kept-alive socket or a stream the client left half-open.
  process.exit(0);
}
