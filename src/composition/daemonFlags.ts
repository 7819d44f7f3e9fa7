/**
 * V8 settings for the long-lived daemon (and, below, the stdio bridge's), applied at run time rather
 * than on its command line.
 * Node ships its built-in modules with V8 code compiled for its default flags; one V8 flag on the
 * command line (any: `--max-semi-space-size=2` alone does it) makes V8 refuse all of that code, and
 * Node then compiles its bootstrap and every built-in module the daemon loads from source:
 * ≈ 20 ms of every daemon start on this 2-core machine (docs/benchmarks.md). So the daemon starts
 * with V8's defaults, loads the built-in modules it uses (`DAEMON_BUILTINS`, each from Node's own
 * compiled code), then sets these flags, before its own bundle is compiled (with its code cache,
 * made and read under the same flags):
 * - `--semi-space-growth-factor=1`: the young generation keeps its starting size (1 MB a
 *   semi-space) instead of growing to 16 MB under sustained ingest; the semi-space size flags
 *   have no effect once the heap is set up, the growth factor does;
 * - `--heap-growing-percent=50`: the old generation's limit grows by half of what is live, not
 *   by V8's default factor, so memory stays flat under ingest (docs/benchmarks.md: without it
 *   RSS after 500 000 entries was 108 MB instead of 83);
 * - `--expose-gc`: V8's `gc` in the contexts made after it, for the one full collection once a
 *   burst of ingest has ended (src/application/capture/CollectWhenQuiet.ts).
 */
export const DAEMON_RUNTIME_V8_FLAGS: readonly string[] = [
  '--semi-space-growth-factor=1',
  '--heap-growing-percent=50',
  '--expose-gc',
];

/**
 * Node's built-in modules the daemon loads before its first answer, and those it loads soon after
 * on every path (its own `require`s, and what Node loads behind them: `cluster` and `dns` at `listen`):
 * loaded before `DAEMON_RUNTIME_V8_FLAGS` are set, each one later would be compiled from source
 * (≈ 3 times as long). One left out costs only that.
 */
export const DAEMON_BUILTINS: readonly string[] = [
  'node:async_hooks',
  'node:buffer',
  'node:cluster',
  'node:crypto',
  'node:dns',
  'node:events',
  'node:fs',
  'node:fs/promises',
  'node:http',
  'node:net',
  'node:os',
  'node:path',
  'node:stream',
  'node:url',
  'node:util',
  'node:v8',
  'node:vm',
];

/**
 * Built-in modules only the Koa app and the extension's channel load (Koa's `assert`, `destroy`'s
 * and ws's `zlib`, `debug`'s `tty`): the app is built after the daemon's first answer
 * (docs/install.md, start-up), so these are left to compile from source then (≈ 1.4 ms more,
 * once, while the daemon is idle) rather than loaded before `/health` can answer (≈ 2 ms of every
 * start). `perf_hooks` (behind `performance`) is left out too: nothing the daemon runs asks for it.
 */
export const DAEMON_LATER_BUILTINS: readonly string[] = ['node:assert', 'node:tty', 'node:zlib'];

/**
 * Loads `DAEMON_BUILTINS`, then sets `DAEMON_RUNTIME_V8_FLAGS` (those the command line did not
 * already give). `requireBuiltin` is the caller's `require` (the bundles have one each).
 */
export function applyDaemonV8Flags(requireBuiltin: (id: string) => unknown): void {
  for (const id of DAEMON_BUILTINS) requireBuiltin(id);
  const { setFlagsFromString } = requireBuiltin('node:v8') as typeof import('node:v8');
  applyRuntimeV8Flags(DAEMON_RUNTIME_V8_FLAGS, setFlagsFromString);
}

/**
 * The stdio bridge's run-time V8 flag: `--semi-space-growth-factor=1`, its young generation kept at
 * its starting size. The bridge carries every answer to the client (a screenshot's ≈ 300 KB of
 * base64 among them) and its young generation grew with them: after the browser bench's
 * screenshots and reads its own memory (USS) was 19 MB, against 7–9 MB for a bare Node relay
 * (docs/benchmarks.md). Set, like the daemon's, at run time rather than on its command line, and
 * only once its start is behind it (`BRIDGE_FLAGS_AFTER_MS`): a built-in module loaded after a flag
 * changed is compiled from source, and the bridge's start loads the ones it uses.
 */
export const BRIDGE_RUNTIME_V8_FLAGS: readonly string[] = ['--semi-space-growth-factor=1'];
/** How long after its start the bridge sets `BRIDGE_RUNTIME_V8_FLAGS` (ms). */
export const BRIDGE_FLAGS_AFTER_MS = 2_000;

/** Sets each of `flags` the command line did not already give. */
export function applyRuntimeV8Flags(flags: readonly string[], setFlag: (flag: string) => void): void {
  for (const flag of flags) if (!process.execArgv.includes(flag)) setFlag(flag);
}

/**
 * Environment for the daemon a bridge starts (glibc's malloc; other C libraries ignore both).
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates its own malloc arena (up to 8 per
 *   core); the daemon's V8 and libuv threads each kept one partly full. Two arenas cut its RSS
 *   after 500 000 entries by ≈ 3.5 MB with no change in ingest rate (docs/benchmarks.md).
 * - `MALLOC_MMAP_THRESHOLD_=65536`: a block of 64 KB or more (reading the bundles and their code
 *   caches, a large request body) is mapped on its own and given back to the system when freed;
 *   from the heap, it left a hole glibc kept: ≈ 3 MB less RSS at start, 2 MB after 500 000 entries.
 * Read at process start, so a daemon started by hand gets them only if the shell sets them.
 */
export const DAEMON_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
