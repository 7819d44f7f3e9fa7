/** What `bench/extension/extensionBench.ts` measures in one run (kept DOM-free for bench/run.ts). */
export interface ExtensionFigures {
  /** `interact execute_js` with wait_ms over the stdio bridge → the final result at the SDK client. */
  readonly roundTripP50: number;
  readonly roundTripP95: number;
  /** The same commands, queued → finished as the daemon saw them (`duration_ms`). */
  readonly inDaemonP50: number;
  /** µs per `console.log('…%d', i, object)` on a captured page and on an uncaptured one. */
  readonly consoleCapturedUs: number;
  readonly consoleBareUs: number;
  /** ms per same-origin `fetch` + body read on a captured page and on an uncaptured one. */
  readonly fetchCapturedMs: number;
  readonly fetchBareMs: number;
  /** Console entries of the captured pages that reached the daemon, and how many were logged. */
  readonly consoleReceived: number;
  readonly consoleLogged: number;
}
