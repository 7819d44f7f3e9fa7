import { parseArgs } from 'node:util';

export const COMMANDS = ['mcp', 'daemon', 'status', 'stop'] as const;
export type CliCommand = (typeof COMMANDS)[number] | 'help' | 'version';
export type CliLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface CliOptions {
  readonly command: CliCommand;
  readonly port: number;
  readonly stateDir: string;
  readonly extensionId?: string;
  readonly logLevel?: CliLogLevel;
}

export const DEFAULT_PORT = 7890;

export const USAGE = `usage: browsertap [mcp|daemon|status|stop] [options]

  mcp       MCP on stdio for an AI client (the default); starts the daemon if none answers
  daemon    run the daemon in the foreground (127.0.0.1 only)
  status    print the daemon's health as JSON
  stop      stop the running daemon

options:
  --port N              daemon port (env BROWSERTAP_PORT, default ${DEFAULT_PORT})
  --state-dir DIR       token, pid, log and stored data (env BROWSERTAP_HOME, default ~/.browsertap)
  --extension-id ID     accept only this extension's origin (env BROWSERTAP_EXTENSION_ID)
  --log-level LEVEL     debug|info|warn|error|silent (stderr)
  --version, --help`;

/**
 * Reads the command line and the BROWSERTAP_* environment (flags win).
 * @returns the options, or an error sentence for the user.
 */
export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  defaultStateDir: string,
): CliOptions | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        port: { type: 'string' },
        'state-dir': { type: 'string' },
        'extension-id': { type: 'string' },
        'log-level': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    return { error: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (positionals.length > 1) return { error: `one command at a time, got: ${positionals.join(' ')}` };
  const named = positionals[0] ?? 'mcp';
  if (!(COMMANDS as readonly string[]).includes(named)) return { error: `unknown command '${named}'` };
  const command: CliCommand = values.help === true ? 'help' : values.version === true ? 'version' : (named as CliCommand);

  const portText = values.port ?? env.BROWSERTAP_PORT ?? String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 0 && port <= 65_535)) return { error: `port must be a number from 0 to 65535, got '${portText}'` };

  const extensionId = values['extension-id'] ?? env.BROWSERTAP_EXTENSION_ID;
  if (extensionId !== undefined && !/^[a-p]{32}$/.test(extensionId)) {
    return { error: `extension id must be 32 letters a-p (as chrome://extensions shows it), got '${extensionId}'` };
  }
  const logLevel = values['log-level'];
  if (logLevel !== undefined && !['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    return { error: `log level must be debug, info, warn, error or silent, got '${logLevel}'` };
  }
  return {
    command,
    port,
    stateDir: values['state-dir'] ?? env.BROWSERTAP_HOME ?? defaultStateDir,
    ...(extensionId === undefined ? {} : { extensionId }),
    ...(logLevel === undefined ? {} : { logLevel: logLevel as CliLogLevel }),
  };
}
