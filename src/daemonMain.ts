// dist/daemon.cjs: the daemon as one CommonJS file, which dist/cli.cjs runs with V8's code cache
// (src/composition/codeCache.ts). Node 20 gives an ES module build no such cache, and its ES
// module loader resolved, translated and linked the daemon's chunks before its first line. The
// MCP side (src/composition/mcpSessions.ts) is a file of its own, dist/daemon-mcp.cjs, read and
// compiled only when the daemon first needs it (scripts/build.mjs, runDaemonBundle.ts).
export { daemonCommand } from './composition/commands/daemonCommand.js';
