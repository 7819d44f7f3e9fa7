import { join } from 'node:path';
import type { CliOptions } from '../adapters/inbound/cli/parseCli.js';
import { daemonCodeCache, requireWithCodeCache } from './codeCache.js';
import type { DaemonStart } from './commands/daemonCommand.js';
import { applyDaemonV8Flags } from './daemonFlags.js';
import type { McpSide } from './startDaemon.js';

type DaemonCommand = (options: CliOptions, start: DaemonStart) => Promise<number>;

/** How the MCP side's bundle names a module it takes from the daemon's (scripts/build.mjs). */
const SHARED_PREFIX = 'browsertap-daemon:';

/**
 * `browsertap daemon` from the installed command (and as a bridge starts it): runs dist/daemon.cjs,
 * and dist/daemon-mcp.cjs (the MCP side: SDK, zod, the tools) when the daemon first needs it, each
 * with its own code cache in the state dir. The daemon's is written once it has started (or,
 * started by a client, served that client's first session), the MCP side's once it has served its
 * first session, so later starts find that code compiled.
 */
export async function runDaemonBundle(options: CliOptions, bundle: string, requireBuiltin: NodeJS.Require): Promise<number> {
  // Before the bundle is compiled: its code cache is made and read under the same V8 flags.
  applyDaemonV8Flags(requireBuiltin);
  const daemon = requireWithCodeCache(bundle, daemonCodeCache(options.stateDir), requireBuiltin);
  const daemonCommand = daemon.exports.daemonCommand as DaemonCommand;
  let mcp: ReturnType<typeof requireWithCodeCache> | undefined;
  const loadMcpSide = async (): Promise<McpSide> => {
    mcp ??= requireWithCodeCache(
      join(bundle, '..', 'daemon-mcp.cjs'),
      daemonCodeCache(options.stateDir, 'daemon-mcp'),
      await sharedRequire(daemon.exports.sharedModules as SharedModules, requireBuiltin),
    );
    return mcp.exports as unknown as McpSide;
  };
  return daemonCommand(options, {
    codeCache: daemon.fromCache ? 'used' : 'compiled',
    afterStart: () => daemon.save(),
    afterWarmUp: () => {
      daemon.save();
      mcp?.save();
    },
    loadMcpSide,
  });
}

/** The daemon's modules the MCP side imports, by path: each loads (it may not have yet) when asked. */
type SharedModules = Readonly<Record<string, () => Promise<object>>>;

/**
 * The `require` the MCP side's bundle runs with: the daemon's own instances of the modules it
 * shares (one container, one `DomainError`, the same use-case classes), as CommonJS modules,
 * and Node's built-ins.
 */
async function sharedRequire(shared: SharedModules, requireBuiltin: NodeJS.Require): Promise<(id: string) => unknown> {
  const modules = new Map<string, object>();
  for (const [path, load] of Object.entries(shared)) modules.set(`${SHARED_PREFIX}${path}`, asCommonJs(await load()));
  return (id) => modules.get(id) ?? requireBuiltin(id);
}

/** An ES module namespace as a CommonJS module of the same bindings (`__esModule`, as bundlers mark one). */
function asCommonJs(namespace: object): object {
  const module = Object.defineProperty({}, '__esModule', { value: true });
  for (const key of Object.keys(namespace)) {
    if (key === '__esModule') continue;
    Object.defineProperty(module, key, { enumerable: true, get: () => (namespace as Record<string, unknown>)[key] });
  }
  return module;
}
