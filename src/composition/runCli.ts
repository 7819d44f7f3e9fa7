import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseCli, USAGE } from '../adapters/inbound/cli/parseCli.js';
import { VERSION } from './version.js';

const INTRO = `browsertap ${VERSION}: gives AI coding agents eyes and hands in your own browser (a Chrome
extension, a local daemon, and MCP). Run in a terminal it has nothing to do: your MCP client
starts it (browsertap mcp) once it is set up. To begin:

  browsertap setup claude     (or cursor, vscode, codex, gemini, windsurf)
  browsertap extension        the folder for chrome://extensions → Load unpacked (or: browsertap launch)
  browsertap doctor           checks everything, with the fix for what fails
`;

/**
 * The CLI's entry: parses arguments and runs a command. Human output goes to stderr; stdout
 * carries only MCP (`mcp`) or the JSON a command prints (`status`, `stop`). Returns the exit code.
 */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const options = parseCli(args, env, join(homedir(), '.browsertap'));
  if ('error' in options) {
    process.stderr.write(`browsertap: ${options.error}\n${USAGE}\n`);
    return 2;
  }
  // A person who types `browsertap` gets told what it is; an MCP client (stdin a pipe) gets the
  // bridge, the default command, as before. Nothing starts, so no daemon is left behind.
  if (options.command === 'mcp' && !args.includes('mcp') && process.stdin.isTTY === true) {
    process.stderr.write(`${INTRO}\n${USAGE}\n`);
    return 0;
  }
  switch (options.command) {
    case 'version':
      process.stderr.write(`browsertap ${VERSION}\n`);
      return 0;
    case 'help':
      process.stderr.write(`${USAGE}\n`);
      return 0;
    // Each command loads only what it needs: the bridge an MCP client launches starts fast.
    case 'daemon':
      return (await import('./commands/daemonCommand.js')).daemonCommand(options);
    case 'mcp':
      return (await import('./commands/bridgeCommand.js')).bridgeCommand(options);
    case 'status':
      return (await import('./commands/statusCommand.js')).statusCommand(options);
    case 'stop':
      if (options.stopBrowser === true) return (await import('./commands/launchCommand.js')).stopBrowser(options.stateDir);
      return (await import('./commands/stopCommand.js')).stopCommand(options);
    case 'setup':
      return (await import('./commands/setupCommand.js')).setupCommand(options);
    case 'extension':
      return (await import('./commands/extensionCommand.js')).extensionCommand(options);
    case 'doctor':
      return (await import('./commands/doctorCommand.js')).doctorCommand(options);
    case 'launch':
      return (await import('./commands/launchCommand.js')).launchCommand(options);
    case 'token':
      return (await import('./commands/tokenCommand.js')).tokenCommand(options);
  }
}
