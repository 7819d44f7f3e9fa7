/**
 * V8 settings for the long-lived daemon: a small young generation and slow old-space growth
 * keep its memory flat under sustained ingest (measured in docs/benchmarks.md: RSS about 100 MB
 * from 100 000 to 500 000 entries instead of climbing past 200 MB), at a small throughput cost.
 * The launcher passes them at start; `browsertap daemon` run by hand applies them at runtime.
 */
export const DAEMON_V8_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];
