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
  /** `click` on a button whose click changes nothing: the action plus its settle (DOM quiet 100 ms), p50 ms. */
  readonly clickSettleP50: number;
  /** `snapshot` of a page of about 500 elements: p50 ms, the element count, the snapshot text and the whole tool result (bytes). */
  readonly snapshotP50: number;
  readonly snapshotElements: number;
  readonly snapshotBytes: number;
  readonly snapshotResultBytes: number;
  /** snapshot → type → type → click by refs, every action settling (default), p50 ms. */
  readonly fillFormP50: number;
  /** The same with `settle_ms: 0` on the two `type`s (the click still settles), p50 ms. */
  readonly fillFormFastP50: number;
  /** 8 parallel `execute_js` with wait_ms, 5 rounds: how many completed, of how many. */
  readonly parallelOk: number;
  readonly parallelAsked: number;
  /** A line logged by an idle page → readable by an agent long-polling `observe logs` (ms). */
  readonly idleLogP50: number;
  readonly idleLogP99: number;
}

/** What `bench/extension/sourceMapBench.ts` measures in one run. */
export interface SourceMapFigures {
  /** A thrown error → readable with its source-mapped `at` (long poll), the script's map not read yet: p50 and slowest, ms. */
  readonly firstMappedP50: number;
  readonly firstMappedMax: number;
  /** The same for a second error of the same script (map cached), p50 ms. */
  readonly cachedMappedP50: number;
  /** The service worker's JS heap after a full GC (MB): before any map, and with 50 maps cached. */
  readonly workerHeapBeforeMb: number;
  readonly workerHeapAfterMb: number;
  /** Size of each map and of each bundle (bytes). */
  readonly mapBytes: number;
  readonly scriptBytes: number;
}

/** What `bench/extension/peerBench.ts` measures in one run: UTF-8 bytes of a tool result's text blocks. */
export interface PeerFigures {
  /** `observe logs` / `list_console_messages` for a page that logged 100 typical console messages. */
  readonly oursLogsBytes: number;
  readonly peerLogsBytes: number;
  /** The messages each list stands for (ours folds a run of identical ones into one row with `count`). */
  readonly oursLogsMessages: number;
  readonly peerLogsMessages: number;
  /** `interact navigate` (wait_ms, the result inline) / `navigate_page` to that page. */
  readonly oursNavigateBytes: number;
  readonly peerNavigateBytes: number;
  /** The same to the fixture app's TodoMVC page (a Vite build: its scripts and styles load). */
  readonly oursNavigateAppBytes: number;
  readonly peerNavigateAppBytes: number;
}

/** What `bench/extension/settleBench.ts` measures in one run (docs/mcp-tools.md settle). */
export interface SettleFigures {
  /** `click` (the page changes a counter) timed at the SDK client, in the agent's visible tab and behind a tab its page opened, p50 ms. */
  readonly clickVisibleP50: number;
  readonly clickHiddenP50: number;
  /** hidden / visible of those two. */
  readonly hiddenRatio: number;
  /** The same clicks' `effects.settle_ms`, p50. */
  readonly settleVisibleP50: number;
  readonly settleHiddenP50: number;
  /** `type` into a field debounced 350 ms: its `settle_ms`, p50; then `click` Send at once: how often it sent the typed value. */
  readonly typeSettleP50: number;
  readonly typedSent: number;
  /** µs per `clearTimeout(setTimeout(f, 300))`, and per `setTimeout(f, 0)` set and run, on a captured and an uncaptured page. */
  readonly timerPairCapturedUs: number;
  readonly timerPairBareUs: number;
  readonly timerRunCapturedUs: number;
  readonly timerRunBareUs: number;
}

/** What `bench/extension/pickBench.ts` measures in one run ("point at it"). */
export interface PickFigures {
  /** Enter → the `pick` notification at the agent's MCP client, p50 and p90 (ms). */
  readonly pushedP50: number;
  readonly pushedP90: number;
  /** `interact pick` sent → the overlay's banner visible, p50 (ms). */
  readonly overlayP50: number;
  /** The pointer onto another element → its name in the overlay's label, p50 (ms). */
  readonly hoverP50: number;
  readonly rounds: number;
}

/** One MCP server's figures in `bench/extension/peerBrowserBench.ts` (ms, bytes, MB). */
export interface SideFigures {
  /**
   * Screenshots of the fixture app's TodoMVC page: the first at once after a load (the median of
   * the loads; one sample in runs of harnesses before that), a second right after it (absent in
   * those runs), the p50 of one a second after the first, the image's bytes.
   */
  readonly shotFirstMs: number;
  readonly shotNextMs?: number;
  readonly shotP50Ms: number;
  readonly shotBytes: number;
  /** The same on a page with a picture's detail (gradient, coloured text, a photo-like image). */
  readonly richShotFirstMs: number;
  readonly richShotNextMs?: number;
  readonly richShotP50Ms: number;
  readonly richShotBytes: number;
  /** Listing the 100 console messages a page logged: p50, the text + structuredContent bytes, the messages it stands for. */
  readonly consoleP50Ms: number;
  readonly consoleBytes: number;
  /**
   * What a model is shown of it: one copy (a client shows the model either the text blocks or
   * `structuredContent`, docs/mcp-tools.md "What the model sees"), the larger. Absent in runs of
   * builds from before it was measured.
   */
  readonly consoleSeenBytes?: number;
  readonly consoleCount: number;
  /** Listing the 50 requests a page made: the same. */
  readonly networkP50Ms: number;
  readonly networkBytes: number;
  readonly networkSeenBytes?: number;
  readonly networkCount: number;
  /** RSS of the MCP server's processes after all that (ours: the stdio bridge and the daemon), MB. */
  readonly rssMb: number;
  /** USS of the same processes: the pages no other process maps, MB. */
  readonly ussMb?: number;
}

/** What `bench/extension/peerBrowserBench.ts` measures in one run. */
export interface BrowserPeerFigures {
  readonly ours: SideFigures;
  readonly cdt: SideFigures;
  readonly pw: SideFigures;
  /** Bare Node's stdio bridge and daemon answering ours' reads' bytes (absent in runs before it was measured). */
  readonly floor?: FloorFigures;
}

/** The floor of a read through a bridge and a daemon (bench/floor), in the browser bench's run. */
export interface FloorFigures {
  readonly consoleP50Ms: number;
  readonly consoleBytes: number;
  readonly networkP50Ms: number;
  readonly networkBytes: number;
  /** Its two processes' RSS and USS after the reads (it did no screenshots). */
  readonly rssMb: number;
  readonly ussMb: number;
}

/** The busy page's load in a soak: logs and requests per second, seconds between a person's clicks (0: none). */
export interface SoakLoad {
  readonly logsPerS: number;
  readonly requestsPerS: number;
  readonly clickEveryS: number;
}

/** One reading of a soak: minutes since the load started, memory in MB, what the daemon and page got so far. */
export interface SoakSample {
  readonly minute: number;
  /** VmRSS of the renderer that hosts the extension's service worker (`--extension-process`). */
  readonly extensionRssMb: number;
  /** The worker's V8 heap in use (`Runtime.getHeapUsage`, no collection forced). */
  readonly workerHeapMb: number;
  /** VmRSS of the page renderers together. */
  readonly pageRssMb: number;
  /** Log entries the daemon has taken in (its buffer's size plus what it evicted). */
  readonly logsReceived: number;
  readonly clicks: number;
  /** Requests the worker made so far, when a held DevTools session has Network on (else 0). */
  readonly workerRequests: number;
}

/** What `bench/extension/soakBench.ts` measures in one soak. */
export interface SoakFigures {
  readonly load: SoakLoad;
  /** How the browser ran: `raw` (nothing attached), or driven by Playwright; DevTools domains held on the worker. */
  readonly driver: 'raw' | 'playwright';
  readonly attached: readonly string[];
  readonly minutes: number;
  readonly warmupMinutes: number;
  readonly samples: readonly SoakSample[];
  /** Least-squares slopes over the samples after warm-up. */
  readonly rssSlopeMbPerMin: number;
  readonly heapSlopeMbPerMin: number;
  readonly rssStartMb: number;
  readonly rssEndMb: number;
  /** The worker's heap after a forced collection at the end. */
  readonly heapAfterGcMb: number;
  /** Log entries the daemon took in per second over the soak (the load was real). */
  readonly logsPerS: number;
}
