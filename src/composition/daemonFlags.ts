/**
 * V8 settings for the long-lived daemon: a small young generation and slow old-space growth
 * keep its memory flat under sustained ingest (measured in docs/benchmarks.md: RSS about 100 MB
 * from 100 000 to 500 000 entries instead of climbing past 200 MB), at a small throughput cost.
 * The young generation is 2 MB a semi-space (was 4: 2.5 MB less RSS at start and 5 MB less after
 * 500 000 entries, the same ingest rate; at 1 MB, ingest was 15–25 % slower and the start 14 ms
 * later), at its full size from the start, and the old space starts at 24 MB: loading the daemon
 * and its MCP side otherwise ran ≈ 30 scavenges and several full collections. The launcher passes
 * them at start; `browsertap daemon` run by hand applies them at runtime (where the start sizes
 * no longer matter).
 */
export const DAEMON_V8_FLAGS: readonly string[] = [
  '--max-semi-space-size=2',
  '--min-semi-space-size=2',
  '--initial-old-space-size=24',
  '--heap-growing-percent=50',
];

/**
 * Environment for the daemon a bridge starts. glibc gives each thread that allocates its own
 * malloc arena (up to 8 per core); the daemon's V8 and libuv threads each kept one partly full.
 * Two arenas cut its RSS after 500 000 entries by ≈ 3.5 MB with no change in ingest rate
 * (docs/benchmarks.md). Other C libraries ignore the variable. Read at process start, so a
 * daemon started by hand gets it only if the shell sets it.
 */
export const DAEMON_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
