import type { CliOptions } from '../adapters/inbound/cli/parseCli.js';
import { daemonCodeCache, requireWithCodeCache } from './codeCache.js';
import type { DaemonStart } from './commands/daemonCommand.js';
import { applyDaemonV8Flags } from './daemonFlags.js';

type DaemonCommand = (options: CliOptions, start: DaemonStart) => Promise<number>;

/**
 * `browsertap daemon` from the installed command (and as a bridge starts it): runs dist/daemon.cjs
 * with the code cache kept in the state dir, written once the daemon has loaded its MCP side and
 * served one session, so the next start finds that code compiled too.
 */
export async function runDaemonBundle(options: CliOptions, bundle: string, requireBuiltin: NodeJS.Require): Promise<number> {
  // Before the bundle is compiled: its code cache is made and read under the same V8 flags.
  applyDaemonV8Flags(requireBuiltin);
  const loaded = requireWithCodeCache(bundle, daemonCodeCache(options.stateDir), requireBuiltin);
  const daemonCommand = loaded.exports.daemonCommand as DaemonCommand;
  return daemonCommand(options, { codeCache: loaded.fromCache ? 'used' : 'compiled', afterWarmUp: () => loaded.save() });
}
