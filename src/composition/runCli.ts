import { CommandDeadlines } from '../application/commands/CommandDeadlines.js';
import { TYPES } from '../application/tokens.js';
import { createContainer } from './createContainer.js';
import { VERSION } from './version.js';

const USAGE = `usage: browsertap [daemon|mcp|status|stop|--version|--help]`;

/**
 * The CLI's entry: parses arguments and runs a command. Writes only to stderr; stdout is
 * reserved for the MCP channel of `browsertap mcp`. Returns the process exit code.
 */
export async function runCli(args: readonly string[], _env: NodeJS.ProcessEnv): Promise<number> {
  const [command = 'mcp'] = args;
  switch (command) {
    case '--version':
      process.stderr.write(`browsertap ${VERSION}\n`);
      return 0;
    case '--help':
      process.stderr.write(`${USAGE}\n`);
      return 0;
    case 'daemon':
      return startCore();
    default:
      process.stderr.write(`browsertap: '${command}' is not available yet (this build has the domain core only)\n${USAGE}\n`);
      return 2;
  }
}

/** Builds the container and starts the deadline timers: everything that exists before the daemon issue. */
function startCore(): number {
  const container = createContainer();
  const deadlines = container.get(CommandDeadlines);
  deadlines.start();
  const logger = container.get(TYPES.LoggerPort);
  logger.info(`browsertap ${VERSION}: composition root started (domain core, command lifecycle, clock, ids, logging)`);
  logger.info('the HTTP daemon and MCP server are not part of this build yet; stopping');
  deadlines.stop();
  return 0;
}
