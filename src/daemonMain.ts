// dist/daemon.cjs: the daemon as one CommonJS file, which dist/cli.cjs runs with V8's code cache
// (src/composition/codeCache.ts). Node 20 gives an ES module build no such cache, and its ES
// module loader resolved, translated and linked the daemon's chunks before its first line. The
// MCP side is in this file too, evaluated only when first asked for: esbuild runs a dynamically
// imported module lazily.
export { daemonCommand } from './composition/commands/daemonCommand.js';
