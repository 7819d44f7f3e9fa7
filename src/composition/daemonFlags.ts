/**
 * V8 settings for the long-lived daemon: a small young generation and slow old-space growth
 * keep its memory flat under sustained ingest (measured in docs/benchmarks.md: RSS about 100 MB
 * from 100 000 to 500 000 entries instead of climbing past 200 MB), at a small throughput cost.
 * The launcher passes them at start; `browsertap daemon` run by hand applies them at runtime.
 */
export const DAEMON_V8_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

/**
 * Environment for the daemon a bridge starts. glibc gives each thread that allocates its own
 * malloc arena (up to 8 per core); the daemon's V8 and libuv threads each kept one partly full.
 * Two arenas cut its RSS after 500 000 entries by ≈ 3.5 MB with no change in ingest rate
 * (docs/benchmarks.md). Other C libraries ignore the variable. Read at process start, so a
 * daemon started by hand gets it only if the shell sets it.
 */
export const DAEMON_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
