// What `browsertap` runs (package.json `bin`) and what MCP clients launch (`setup` writes this
// path): a CommonJS file, bundled on its own to dist/cli.cjs. Node 20 starts a CommonJS file
// 20–35 ms sooner than an ES module (its ESM loader costs that much before the first line), and
// a client waits for the bridge's `initialize` answer at every session start (docs/install.md). The
// bridge runs from here, and the daemon (dist/daemon.cjs, with V8's code cache); every other
// command goes to the ES module build, dist/cli.js.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCli } from './adapters/inbound/cli/parseCli.js';

// Node 22.1+ keeps compiled code between runs. Asked only there: loading `node:module` on Node 20
// pulls in its ES module loader for nothing (≈ 0.5 MB of the bridge's memory).
if (Number(process.versions.node.split('.')[0]) >= 22) {
  (require('node:module') as { enableCompileCache?: () => unknown }).enableCompileCache?.();
}

const args = process.argv.slice(2);
const options =
  args[0] === 'mcp' || args[0] === 'daemon' ? parseCli(args, process.env, join(homedir(), '.browsertap')) : undefined;
if (options !== undefined && !('error' in options) && options.command === 'daemon') {
  void import('./composition/runDaemonBundle.js')
    .then(({ runDaemonBundle }) => runDaemonBundle(options, join(__dirname, 'daemon.cjs'), require))
    .then((code) => {
      process.exitCode = code;
    });
} else if (options !== undefined && !('error' in options)) {
  // Imported here, not at the top: the bundle evaluates the bridge (and loads http, crypto and
  // fs/promises for it) only on this path, not for `daemon`, `setup`, `--version`….
  void import('./composition/commands/bridgeCommand.js')
    .then(({ bridgeCommand }) => bridgeCommand(options))
    .then((code) => {
      process.exitCode = code;
    });
} else {
  // dist/cli.js reads the same process.argv (and prints any usage error).
  void import(pathToFileURL(join(__dirname, 'cli.js')).href);
}
