// `npm run bench [-- <suite>…]`: each suite runs 3 times against fresh processes on loopback;
// docs/benchmarks.md gets the median of each figure (and the three runs), between the suite's
// markers, so suites can be re-run on their own. The gallery of component libraries runs only when
// named (`npm run bench -- gallery`), once.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runDaemonBench, type DaemonFigures } from './daemonBench.js';
import { runHostileBench, type EdgeFigures, type HostileFigures } from './hostileBench.js';
import { runStreamBench, type StreamFigures } from './streamBench.js';
import { goPeerSection, runGoPeerBench } from './goPeerBench.js';
import { BENCH_CLI, machine, median } from './lib.js';
import type {
  BrowserPeerFigures,
  ExtensionFigures,
  PeerFigures,
  PickFigures,
  SettleFigures,
  SoakFigures,
  SourceMapFigures,
} from './extension/figures.js';

/** Type-checked with the e2e tests (it needs the DOM and chrome types), so imported by name here. */
const EXTENSION_SUITE = './extension/extensionBench.js';
const SOURCE_MAP_SUITE = './extension/sourceMapBench.js';
const SETTLE_SUITE = './extension/settleBench.js';
const PEER_SUITE = './extension/peerBench.js';
const GALLERY_SUITE = './extension/galleryBench.js';
const PICK_SUITE = './extension/pickBench.js';
const BROWSER_PEER_SUITE = './extension/peerBrowserBench.js';
const SOAK_SUITE = './extension/soakBench.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DOC = 'docs/benchmarks.md';

interface Row<F = DaemonFigures> {
  readonly label: string;
  readonly key: keyof F & string;
  readonly unit: string;
  readonly target?: { readonly text: string; readonly ok: (value: number, all: F) => boolean };
  readonly peer?: string;
  readonly digits?: number;
}

interface Target {
  readonly text: string;
  readonly ok: (value: number) => boolean;
}
const grouped = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');
const note = (text: string, extra?: string) => (extra === undefined ? text : `${text} (${extra})`);
/** Targets on one figure, written as the table shows them ("< 5", "≥ 1 500"). */
const below = (limit: number, extra?: string): Target => ({ text: note(`< ${grouped(limit)}`, extra), ok: (v) => v < limit });
const atMost = (limit: number): Target => ({ text: `≤ ${grouped(limit)}`, ok: (v) => v <= limit });
const atLeast = (limit: number): Target => ({ text: `≥ ${grouped(limit)}`, ok: (v) => v >= limit });

const DAEMON_ROWS: readonly Row[] = [
  {
    label: 'tools/list size',
    key: 'toolsListBytes',
    unit: 'bytes',
    digits: 0,
    target: below(10_000),
    peer: '27 208',
  },
  { label: 'observe (100 entries) over /mcp, lean HTTP client, p50', key: 'observeRawP50', unit: 'ms', peer: '10.6' },
  {
    label: 'observe (100 entries) over /mcp, lean HTTP client, p99',
    key: 'observeRawP99',
    unit: 'ms',
    target: below(5),
    peer: '21.5',
  },
  {
    label: 'observe over /mcp, 8 lean clients',
    key: 'observeRawCallsPerS',
    unit: 'calls/s',
    digits: 0,
    target: atLeast(1_500),
    peer: '194',
  },
  { label: 'observe (100 entries) over /mcp, SDK Client, p50', key: 'observeHttpP50', unit: 'ms' },
  {
    label: 'observe (100 entries) over /mcp, SDK Client, p99',
    key: 'observeHttpP99',
    unit: 'ms',
    target: below(5),
  },
  {
    label: 'observe over /mcp, 8 SDK Clients',
    key: 'observeHttpCallsPerS',
    unit: 'calls/s',
    digits: 0,
    target: atLeast(1_500),
  },
  { label: 'observe (100 entries) through the stdio bridge, p50', key: 'observeBridgeP50', unit: 'ms' },
  {
    label: 'observe (100 entries) through the stdio bridge, p99',
    key: 'observeBridgeP99',
    unit: 'ms',
    target: below(5),
  },
  {
    label: 'observe through one bridge, 8 concurrent callers',
    key: 'observeBridgeCallsPerS',
    unit: 'calls/s',
    digits: 0,
    target: atLeast(1_500),
  },
  { label: 'interact queued answer, p50', key: 'interactQueuedP50', unit: 'ms' },
  { label: 'interact queued answer, p99', key: 'interactQueuedP99', unit: 'ms', target: below(5) },
  {
    label: 'command round trip (interact wait_ms → inline result), p50',
    key: 'roundTripP50',
    unit: 'ms',
    target: atMost(1.2),
    peer: '1.24',
  },
  {
    label: 'command round trip, p99',
    key: 'roundTripP99',
    unit: 'ms',
    target: atMost(2.5),
    peer: '2.5',
  },
  {
    label: 'ingest, batches of 100 from 4 senders for 10 s',
    key: 'ingestPerS',
    unit: 'entries/s',
    digits: 0,
    target: atLeast(50_000),
    peer: '22 400',
  },
  { label: 'stdio bridge RSS, connected and idle', key: 'bridgeIdleRssMb', unit: 'MB', digits: 1 },
  { label: 'daemon RSS after 100 000 entries', key: 'rss100kMb', unit: 'MB', digits: 1 },
  {
    label: 'daemon RSS after 500 000 entries',
    key: 'rss500kMb',
    unit: 'MB',
    digits: 1,
    target: { text: 'no growth after 100 000 (≤ +5 %)', ok: (v, all) => v <= all.rss100kMb * 1.05 },
    peer: '19.5',
  },
];

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.BROWSERTAP_CHROMIUM ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' })
      .trim()
      .replace(/ built on.*/, '');
  } catch {
    return 'Chromium';
  }
}

function format(value: number, digits = 2): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace(/,/g, ' ');
}

const STREAM_ROWS: ReadonlyArray<Row<StreamFigures>> = [
  { label: 'extension POST → notification at the MCP client through the bridge, p50', key: 'notifyP50', unit: 'ms' },
  {
    label: 'extension POST → notification, p99',
    key: 'notifyP99',
    unit: 'ms',
    target: below(20, 'seed 003: < 100'),
  },
  { label: 'ingest with no subscriber', key: 'ingestNoSubscriberPerS', unit: 'entries/s', digits: 0 },
  { label: 'ingest with one client subscribed to error', key: 'ingestSubscribedPerS', unit: 'entries/s', digits: 0 },
  {
    label: 'ingest throughput cost of streaming',
    key: 'ingestCostPct',
    unit: '%',
    digits: 1,
    target: atMost(10),
  },
  { label: 'daemon CPU per ingested entry, no subscriber', key: 'cpuPerEntryNoSubscriberUs', unit: 'µs', digits: 2 },
  { label: 'daemon CPU per ingested entry, one subscriber', key: 'cpuPerEntrySubscribedUs', unit: 'µs', digits: 2 },
  {
    label: 'CPU cost of streaming per ingested entry',
    key: 'cpuCostPct',
    unit: '%',
    digits: 1,
    target: atMost(10),
  },
];

const PICK_ROWS: ReadonlyArray<Row<PickFigures>> = [
  { label: 'Enter → the `pick` event at a streaming agent’s MCP client, p50', key: 'pushedP50', unit: 'ms', target: atMost(100) },
  { label: 'the same, p90', key: 'pushedP90', unit: 'ms' },
  { label: '`interact pick` sent → the overlay shows its prompt, p50', key: 'overlayP50', unit: 'ms' },
  { label: 'the pointer onto a button → its name in the overlay’s label, p50', key: 'hoverP50', unit: 'ms' },
  { label: 'rounds timed per run (after 2 warm-up)', key: 'rounds', unit: '', digits: 0 },
];

const SOURCE_MAP_ROWS: ReadonlyArray<Row<SourceMapFigures>> = [
  {
    label: 'thrown error → readable with its source-mapped `at`, map not read yet, p50',
    key: 'firstMappedP50',
    unit: 'ms',
    target: below(1_000, 'docs/extension.md: waits ≤ 1 s'),
  },
  { label: 'the same, slowest of 50 scripts', key: 'firstMappedMax', unit: 'ms' },
  { label: 'the same, a later error of the same script (map cached), p50', key: 'cachedMappedP50', unit: 'ms' },
  { label: 'service worker JS heap after GC, no map read', key: 'workerHeapBeforeMb', unit: 'MB' },
  { label: 'the same after 50 maps read (kept: ≤ 50 maps, ≤ 1 M segments)', key: 'workerHeapAfterMb', unit: 'MB' },
  { label: 'each map (sources and their text)', key: 'mapBytes', unit: 'bytes', digits: 0 },
  { label: 'each bundle', key: 'scriptBytes', unit: 'bytes', digits: 0 },
];

const SETTLE_ROWS: ReadonlyArray<Row<SettleFigures>> = [
  { label: 'click in the agent’s tab, visible, settle included, p50', key: 'clickVisibleP50', unit: 'ms' },
  {
    label: 'the same with the tab behind one its page opened (hidden), p50',
    key: 'clickHiddenP50',
    unit: 'ms',
    target: { text: '≤ 1.2× visible', ok: (v, all) => v <= 1.2 * all.clickVisibleP50 },
  },
  { label: 'hidden / visible', key: 'hiddenRatio', unit: '×', target: atMost(1.2) },
  { label: 'those clicks’ effects.settle_ms, visible, p50', key: 'settleVisibleP50', unit: 'ms', digits: 0 },
  { label: 'the same, hidden, p50', key: 'settleHiddenP50', unit: 'ms', digits: 0 },
  { label: 'type into a field debounced 350 ms: effects.settle_ms, p50', key: 'typeSettleP50', unit: 'ms', digits: 0 },
  {
    label: 'then click Send at once: the request carried the typed value',
    key: 'typedSent',
    unit: 'of 10',
    digits: 0,
    target: { text: 'all 10', ok: (v) => v === 10 },
  },
  { label: 'clearTimeout(setTimeout(f, 300)), captured page', key: 'timerPairCapturedUs', unit: 'µs', digits: 2 },
  { label: 'the same, uncaptured page', key: 'timerPairBareUs', unit: 'µs', digits: 2 },
  { label: 'setTimeout(f, 0) set and run (2 000 at once), captured page', key: 'timerRunCapturedUs', unit: 'µs', digits: 2 },
  { label: 'the same, uncaptured page', key: 'timerRunBareUs', unit: 'µs', digits: 2 },
];

const EXTENSION_ROWS: ReadonlyArray<Row<ExtensionFigures>> = [
  {
    label: 'interact execute_js → result at the MCP client (stdio bridge), p50',
    key: 'roundTripP50',
    unit: 'ms',
    target: below(150),
  },
  { label: 'the same, p95', key: 'roundTripP95', unit: 'ms' },
  { label: 'the same, queued → finished in the daemon, p50', key: 'inDaemonP50', unit: 'ms', digits: 0 },
  { label: 'console.log(format, number, object), captured page', key: 'consoleCapturedUs', unit: 'µs/call', digits: 1 },
  { label: 'console.log(format, number, object), uncaptured page', key: 'consoleBareUs', unit: 'µs/call', digits: 1 },
  { label: 'same-origin fetch + body (1 KB JSON), captured page', key: 'fetchCapturedMs', unit: 'ms', digits: 2 },
  { label: 'same-origin fetch + body (1 KB JSON), uncaptured page', key: 'fetchBareMs', unit: 'ms', digits: 2 },
  { label: 'console entries logged by the captured pages', key: 'consoleLogged', unit: '', digits: 0 },
  {
    label: 'console entries of the captured pages received by the daemon',
    key: 'consoleReceived',
    unit: '',
    digits: 0,
    target: { text: 'all logged (nothing lost)', ok: (v, all) => v >= all.consoleLogged },
  },
  { label: 'click on a quiet page, settle included, p50', key: 'clickSettleP50', unit: 'ms', target: below(150) },
  { label: 'snapshot of a page of ~500 elements, p50', key: 'snapshotP50', unit: 'ms' },
  { label: 'that page’s elements (document.querySelectorAll("*"))', key: 'snapshotElements', unit: '', digits: 0 },
  { label: 'its snapshot text', key: 'snapshotBytes', unit: 'bytes', digits: 0 },
  { label: 'its whole tool result (text of the content blocks)', key: 'snapshotResultBytes', unit: 'bytes', digits: 0 },
  {
    label: 'fill 2 fields + submit by refs, snapshot included, every action settling, p50',
    key: 'fillFormP50',
    unit: 'ms',
    target: below(300),
  },
  {
    label: 'the same with settle_ms 0 on the two types, p50',
    key: 'fillFormFastP50',
    unit: 'ms',
    target: below(300),
  },
  { label: 'a line an idle page logs → readable (observe long poll), p50', key: 'idleLogP50', unit: 'ms', digits: 0 },
  { label: 'the same, p99', key: 'idleLogP99', unit: 'ms', digits: 0, target: below(50, 'docs/mcp-tools.md') },
  {
    label: '8 parallel execute_js (wait_ms), 5 rounds: completed',
    key: 'parallelOk',
    unit: '',
    digits: 0,
    target: { text: 'all 40', ok: (v) => v === 40 },
  },
];

function table<F>(rows: ReadonlyArray<Row<F>>, runs: readonly F[], peerColumn = true): string {
  const value = (figures: F, key: keyof F) => figures[key] as unknown as number;
  const medians = Object.fromEntries(rows.map((row) => [row.key, median(runs.map((r) => value(r, row.key)))])) as unknown as F;
  const lines = [
    `| figure | median | runs | target | met |${peerColumn ? ' Go peer (Gasoline 0.7.9) |' : ''}`,
    `|---|---|---|---|---|${peerColumn ? '---|' : ''}`,
    ...rows.map((row) => {
      const m = value(medians, row.key);
      const met = row.target === undefined ? '' : row.target.ok(m, medians) ? 'yes' : '**no**';
      const runsText = runs.map((r) => format(value(r, row.key), row.digits)).join(' / ');
      return `| ${row.label} | ${format(m, row.digits)} ${row.unit} | ${runsText} | ${row.target?.text ?? ''} | ${met} |${peerColumn ? ` ${row.peer ?? ''} |` : ''}`;
    }),
  ];
  return lines.join('\n');
}

function writeSection(name: string, body: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${body}\n${end}`;
  let doc = existsSync(DOC)
    ? readFileSync(DOC, 'utf8')
    : '# Benchmarks\n\nWritten by `npm run bench`; each figure is the median of 3 runs.\n';
  if (doc.includes(start) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(start)) + section + doc.slice(doc.indexOf(end) + end.length);
  } else {
    doc = `${doc.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(DOC, doc);
  process.stderr.write(`wrote ${DOC}\n`);
}

/** Runs a suite RUNS times, saying which run is going (`run` gets its index, from 0). */
async function measure<F>(suite: string, run: (index: number) => Promise<F>): Promise<F[]> {
  const runs: F[] = [];
  for (let i = 0; i < RUNS; i++) {
    process.stderr.write(`${suite} bench: run ${i + 1}/${RUNS}\n`);
    runs.push(await run(i));
  }
  return runs;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Issue 9: each attack on a fresh daemon process; the median of the runs per figure. */
function hostileSection(runs: readonly HostileFigures[], load: number): string {
  const names = runs[0]?.attacks.map((a) => a.name) ?? [];
  const pick = (name: string, key: 'patternMs' | 'cpuMs' | 'requestMs' | 'healthP99Ms' | 'healthMaxMs') =>
    median(runs.map((r) => r.attacks.find((a) => a.name === name)?.[key] ?? NaN));
  const rows = names.map((name) => {
    const pattern = pick(name, 'patternMs');
    const health = pick(name, 'healthMaxMs');
    const status = runs[0]?.attacks.find((a) => a.name === name)?.status ?? 0;
    return `| ${name} | ${status} | ${format(pattern, 1)} | ${format(pick(name, 'cpuMs'), 1)} | ${format(pick(name, 'requestMs'), 1)} | ${format(pick(name, 'healthP99Ms'), 1)} / ${format(health, 1)} | ${pattern <= 50 && health <= 100 ? 'yes' : '**no**'} |`;
  });
  const heap = median(runs.map((r) => r.sessionHeapGrowthMb));
  const calls = runs[0]?.sessionCalls ?? 0;
  return [
    `## Hostile input (${today()})`,
    '',
    `Machine: ${machine()}. Each attack on a fresh daemon process (the built CLI), ${RUNS} runs, medians.`,
    '',
    '| attack (≤ 1 MB request) | status | pattern work (ms) | daemon CPU, all of it (ms) | request (ms) | /health during it, p99 / max (ms) | pattern ≤ 50 ms, /health ≤ 100 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `One MCP session, ${grouped(calls)} calls (ping and observe alternating), heap growth after GC: **${format(heap, 2)} MB** (target ≤ +5 MB; runs ${runs.map((r) => format(r.sessionHeapGrowthMb, 2)).join(' / ')}).`,
    '',
    'How (`bench/hostileBench.ts`): each attack is one request (the bodies are built from',
    '`test/support/redosCorpus.ts` and the issue’s reproductions), sent 10 times after a warm-up.',
    '*Pattern work* is the request’s entries through the same Sanitizer (redaction, caps) and noise',
    'rules ingest uses, timed in process (warm, median of 5). *Daemon CPU* is the daemon process’s user +',
    'system time over the 10 requests (from `/proc/<pid>/stat`, 10 ms ticks) divided by 10: everything',
    'the request cost, body parsing, validation and GC included. A second client asks `/health` every',
    '10 ms meanwhile (its worst wait is about one attack request). The heap figure',
    'is an in-process daemon (`startDaemon`) and a lean client, after 2 000 warm-up calls, measured with',
    'forced GC before and after.',
    '',
    edgeTable(runs, load),
    '',
    'How (`bench/hostileBench.ts`, `runEdgeCases`; the before column with',
    '`BENCH_BASE_CLI=<old checkout>/dist/cli.js npm run bench -- hostile`; `BENCH_HEAVY_RUNS` sets how many',
    'runs include the memory-heavy cases): the first three cases share a fresh daemon process of the build,',
    'each memory-heavy case gets its own. *Unauthenticated 8 MB*: a `tools/call` of just under the 8 MB /mcp limit whose arguments',
    'hold 2.8 million `{}` (the costliest body per byte to parse of those tried), sent on a fresh',
    'connection with no token, 10 times after a warm-up, timed to the answer’s status line or to the',
    'connection’s end, whichever the client sees first (when the daemon answers from the headers and',
    'closes, the client’s write of the body sometimes fails before it reads the 401); CPU as above.',
    '*Agent*: one lean MCP client calls `observe errors` back to back for 3 s alone, then for 6 s while',
    'two senders in the bench process loop the unauthenticated body (a p99 of a few calls is their',
    'slowest). *Unfinished bodies*: 300 connections each send the headers and all but the last KB of',
    'the same body and stop; the daemon’s VmRSS (`/proc/<pid>/status`) is sampled every 50 ms until',
    'every connection has handed its bytes to the kernel or ended, and 2 s more; the daemon keeps at',
    'most 256 connections open (one is the bench’s own keep-alive) and closes the rest at once (or the',
    'client’s write fails on a closed connection before it reads the answer: closed with no answer read).',
    '*Spelled polls*: `GET` of `/PENDING-QUERIES`, `/pending-queries/`, `/Pending-Queries` and',
    '`/PENDING-queries/` with `instance_id`, `boot_id` and `wait_ms=0`, no Origin (what a page’s `<img>`',
    'sends); a 200 means the page was taken for the extension. *Failed uploads*: one MCP session queues',
    '`interact upload` of 5 MB − 4 KB of files (≈ 7 MB of base64), a simulated extension polls it',
    '(`POST /pending-queries` with the extension’s Origin) and reports it failed, 100 times after 5',
    'warm-up; heap in use after a full collection, read over the daemon’s inspector',
    '(`HeapProfiler.collectGarbage`, `Runtime.getHeapUsage`). *Queued uploads*: 40 sessions queue 5 each',
    '(the daemon lets a session have 5 commands in flight), then the extension polls until it has all',
    '200, a poll fails or one hands out nothing.',
  ].join('\n');
}

/** The edge and command memory cases, one figure a row; `ratio: false` for a status or a count. */
const EDGE_ROWS: ReadonlyArray<{
  readonly label: string;
  readonly value: (f: EdgeFigures) => number;
  readonly unit: string;
  readonly digits: number;
  readonly ratio?: false;
}> = [
  { label: 'unauthenticated 8 MB POST /mcp: status', value: (f) => f.unauthStatus, unit: '', digits: 0, ratio: false },
  { label: 'the same: time until answered or closed, median of 10', value: (f) => f.unauthAnswerMs, unit: 'ms', digits: 1 },
  { label: 'the same: daemon CPU per request', value: (f) => f.unauthCpuMs, unit: 'ms', digits: 1 },
  { label: 'an agent’s `observe errors` with the token, alone, p50', value: (f) => f.callP50Ms, unit: 'ms', digits: 2 },
  { label: 'the same, alone, p99', value: (f) => f.callP99Ms, unit: 'ms', digits: 2 },
  {
    label: 'the same while 2 senders loop unauthenticated 8 MB bodies, p50',
    value: (f) => f.attackedP50Ms,
    unit: 'ms',
    digits: 2,
  },
  { label: 'the same while attacked, p99', value: (f) => f.attackedP99Ms, unit: 'ms', digits: 2 },
  { label: 'the agent’s calls completed in the 6 s attacked', value: (f) => f.attackedCalls, unit: '', digits: 0 },
  { label: 'the senders’ requests finished per second', value: (f) => f.attackPerS, unit: '/s', digits: 1 },
  {
    label: '300 unfinished unauthenticated 8 MB bodies: daemon RSS before',
    value: (f) => f.openRssBeforeMb,
    unit: 'MB',
    digits: 0,
  },
  { label: 'the same, daemon RSS with them open (peak)', value: (f) => f.openRssPeakMb, unit: 'MB', digits: 0 },
  { label: 'the same, 2 s after the last byte was sent', value: (f) => f.openRssHeldMb, unit: 'MB', digits: 0 },
  { label: 'the same: connections answered (401)', value: (f) => f.openAnswered, unit: '', digits: 0, ratio: false },
  {
    label: 'the same: connections closed with no answer read',
    value: (f) => f.openCut,
    unit: '',
    digits: 0,
    ratio: false,
  },
  { label: 'the same: connections still open, unanswered', value: (f) => f.openHeld, unit: '', digits: 0, ratio: false },
  {
    label: '40 no-Origin polls spelled `/PENDING-QUERIES`, `/pending-queries/`…: answered 200',
    value: (f) => f.spelledPolls200,
    unit: '',
    digits: 0,
    ratio: false,
  },
  { label: '100 failed 5 MB uploads: daemon heap after GC, before', value: (f) => f.failedHeapBeforeMb, unit: 'MB', digits: 1 },
  { label: 'the same, after', value: (f) => f.failedHeapAfterMb, unit: 'MB', digits: 1 },
  { label: 'the same, heap growth', value: (f) => f.failedHeapAfterMb - f.failedHeapBeforeMb, unit: 'MB', digits: 1 },
  { label: 'the same, daemon RSS growth', value: (f) => f.failedRssAfterMb - f.failedRssBeforeMb, unit: 'MB', digits: 1 },
  {
    label: '200 queued 5 MB uploads: the first poll’s status',
    value: (f) => f.queuedFirstPollStatus,
    unit: '',
    digits: 0,
    ratio: false,
  },
  { label: 'the same: commands delivered', value: (f) => f.queuedDelivered, unit: '', digits: 0, ratio: false },
  { label: 'the same: polls', value: (f) => f.queuedPolls, unit: '', digits: 0, ratio: false },
];

/** The commit a build was made from (its checkout's HEAD), or undefined. */
function commitOf(cli: string): string | undefined {
  try {
    return execFileSync('git', ['-C', dirname(dirname(cli)), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** A ratio after / before: `0.75×`, or `0.004× (250× less)` below 0.1. */
function ratioText(after: number, before: number): string {
  const ratio = after / before;
  if (!Number.isFinite(ratio) || ratio <= 0) return '—';
  if (ratio >= 10) return `${grouped(Math.round(ratio))}×`;
  if (ratio >= 0.1) return `${format(ratio, 2)}×`;
  return `${ratio.toPrecision(1)}× (${grouped(Math.round(1 / ratio))}× less)`;
}

/** The edge table: this build, and the base build when it ran, with ratios. */
function edgeTable(runs: readonly HostileFigures[], load: number): string {
  const cell = (all: ReadonlyArray<EdgeFigures | undefined>, row: (typeof EDGE_ROWS)[number]) => {
    const values = all.map((f) => (f === undefined ? NaN : row.value(f))).filter((v) => !Number.isNaN(v));
    if (values.length === 0) return { median: NaN, text: '' };
    const m = median(values);
    const unit = row.unit === '' ? '' : ` ${row.unit}`;
    const texts = values.map((v) => format(v, row.digits));
    const each = new Set(texts).size > 1 ? ` (${texts.join(' / ')})` : '';
    return { median: m, text: `${format(m, row.digits)}${unit}${each}` };
  };
  const base = process.env.BENCH_BASE_CLI;
  const hasBase = runs.some((r) => r.baseEdge !== undefined);
  const baseCommit = base === undefined ? undefined : commitOf(base);
  const thisCommit = commitOf(BENCH_CLI);
  const heavyRuns = runs.filter((r) => !Number.isNaN(r.edge.failedHeapAfterMb)).length;
  const rows = EDGE_ROWS.map((row) => {
    const after = cell(
      runs.map((r) => r.edge),
      row,
    );
    if (!hasBase) return `| ${row.label} | ${after.text} |`;
    const before = cell(
      runs.map((r) => r.baseEdge),
      row,
    );
    return `| ${row.label} | ${before.text} | ${after.text} | ${row.ratio === false ? '' : ratioText(after.median, before.median)} |`;
  });
  return [
    hasBase
      ? `### The edge and command memory: before (${baseCommit ?? 'base'}) → after (${thisCommit ?? 'this build'})`
      : `### The edge and command memory (${thisCommit ?? 'this build'})`,
    '',
    `Machine: ${machine()}; load average ${format(load, 1)} when the suite started.`,
    `${RUNS} ${RUNS === 1 ? 'run' : 'runs'}${hasBase ? ' of each build, in turns' : ''}; the memory-heavy cases (300 open bodies,`,
    `failed and queued uploads) in the first ${heavyRuns}. Medians, the runs in brackets when they differ.`,
    '',
    hasBase ? '| figure | before | after | after / before |' : '| figure | this build |',
    hasBase ? '|---|---|---|---|' : '|---|---|',
    ...rows,
  ].join('\n');
}

/** The soak: one row per sample, the slope after warm-up, and how it was taken. */
function soakSection(soak: SoakFigures, chromium: string): string {
  const { load } = soak;
  const rows = soak.samples.map(
    (s) =>
      `| ${format(s.minute, 1)} | ${format(s.extensionRssMb, 1)} | ${format(s.workerHeapMb, 1)} | ${format(s.pageRssMb, 0)} | ${grouped(s.logsReceived)} | ${grouped(s.clicks)} |`,
  );
  return [
    `## The extension under a busy page for ${grouped(soak.minutes)} minutes (${today()})`,
    '',
    `Machine: ${machine()}; ${chromium} headless, ${
      soak.driver === 'playwright' ? 'driven by Playwright' : 'launched without CDP or Playwright'
    }${soak.attached.length > 0 ? `, a DevTools session on the worker with ${soak.attached.join(', ')} on` : ''}.`,
    '',
    `Load: ${grouped(load.logsPerS)} console logs/s, ${grouped(load.requestsPerS)} fetches/s, a person’s click every ${grouped(load.clickEveryS)} s; the daemon took in ${format(soak.logsPerS, 1)} logs/s.`,
    `The extension’s process: **${format(soak.rssStartMb, 1)} → ${format(soak.rssEndMb, 1)} MB**; after the first ${format(soak.warmupMinutes, 0)} minutes it grew **${format(soak.rssSlopeMbPerMin, 2)} MB/min**`,
    `(least squares over the samples after warm-up; the worker’s JS heap ${format(soak.heapSlopeMbPerMin, 2)} MB/min, ${format(soak.heapAfterGcMb, 1)} MB after a collection at the end).`,
    '',
    '| minute | extension process RSS (MB) | worker JS heap (MB) | page renderers RSS (MB) | logs the daemon took in | clicks |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    'How (`bench/extension/soakBench.ts`): the daemon, the stdio bridge and an SDK `Client` as in the e2e',
    'tests; Chromium launched raw (nothing attached to the worker but one reading a minute). A tab opened',
    'as a person opens one (`Target.createTarget`) shows a page that logs `console.log(format, number, object)`',
    'in bursts ten times a second and fetches a 1 KB JSON on a timer; a person’s click (`Input.dispatchMouseEvent`',
    'over the page’s own DevTools session: trusted, recorded) lands on its button on a timer. Each sample reads',
    'the VmRSS of the renderer Chromium started with `--extension-process` (it hosts the service worker) from',
    '`/proc`, the worker’s V8 heap in use (`Runtime.getHeapUsage` over a session opened for that reading only,',
    'no collection forced), and the daemon’s log buffer (size plus evicted). `BENCH_SOAK_MINUTES`,',
    '`BENCH_SOAK_SAMPLE_S` (60), `BENCH_SOAK_WARMUP_MIN` (a quarter of the soak, at most 10) and',
    '`BENCH_SOAK_LOAD` (`logs,requests,clicks`) set it; `BENCH_SOAK_DRIVER=playwright` drives the page with',
    'Playwright instead and `BENCH_SOAK_ATTACH=Network` holds a DevTools session on the worker with those',
    'domains on (what a tool attached to the browser does; see below).',
  ].join('\n');
}

async function main(): Promise<void> {
  const suites = process.argv.slice(2);
  if (suites.length === 0 || suites.includes('daemon')) {
    const runs = await measure('daemon', runDaemonBench);
    writeSection(
      'daemon',
      [
        `## Daemon, MCP and bridge (${today()})`,
        '',
        `Machine: ${machine()}. Everything on loopback; the daemon and the stdio bridge are the built CLI`,
        '(`dist/cli.js`) in their own processes; the load generator (SDK `Client`s, fetch) shares the 2 cores.',
        '',
        table(DAEMON_ROWS, runs),
        '',
        'How each figure is taken (`bench/daemonBench.ts`): observe reads 100 buffered log entries',
        '(about 17 KB of JSON; the answer carries it twice, as structuredContent and as text), 2 000',
        'sequential calls after 200 warm-up calls, once with a lean client (keep-alive `node:http`,',
        '`JSON.parse`: what the daemon costs) and once with the SDK `Client` (which adds its own schema checks);',
        'calls/s is 8 callers calling back-to-back for 5 s (8 HTTP sessions; through the bridge, 8 concurrent',
        'calls over one bridge, as an agent client would). interact is `refresh` answered `queued` while a',
        'simulated extension drains the queue. The round trip is `interact execute_js` with `wait_ms` and',
        'a simulated extension on the long poll that answers `complete` at once; 200 commands after 50',
        'warm-up. Ingest posts the same pre-serialised batch of 100 log entries from 4 concurrent senders',
        'for 10 s. RSS is read from `/proc/<pid>/status` of a fresh daemon after 100 000 and 500 000',
        'entries (batches of 100).',
      ].join('\n'),
    );
  }
  if (suites.length === 0 || suites.includes('go-peer')) {
    const runs = await measure('go-peer', runGoPeerBench);
    // A subset of the figures (BENCH_GO_PEER) is printed, never written over the whole runs' table.
    const write = (name: string, body: string) =>
      process.env.BENCH_GO_PEER === undefined ? writeSection(name, body) : process.stdout.write(`${body}\n`);
    write(
      'go-peer',
      [
        goPeerSection(runs, machine(), today()),
        '',
        'How (`bench/goPeerBench.ts`): the peer is installed from npm into a temporary folder (`--ignore-scripts`:',
        'its install scripts kill running Gasoline daemons and write agent skills into the home folder); its daemon',
        'is `gasoline --daemon --port P --state-dir D`, its bridge `gasoline --port P --state-dir D` on stdio, its',
        'MCP calls plain JSON-RPC to its `/mcp`, its extension simulated on its `/sync` (one POST that carries',
        'results and long-polls the next commands). browsertap is the built CLI as a bridge starts it',
        '(`dist/cli.cjs daemon` and `MALLOC_ARENA_MAX=2`; the build before with the V8 flags its bridge passed) in',
        'a state dir one daemon has already run in (its code caches there, as on every start after the first); its simulated extension polls as the',
        'extension does (a long poll, a claim, then the result). Both extensions answer at once, on keep-alive',
        'connections; both agents are lean clients (keep-alive `node:http`, `JSON.parse`). Spawn: 7 spawns each,',
        'alternating, timed to the first 200 of `/health` (polled every ms). Bridge: 5 each, a fresh stdio',
        'bridge with no daemon running, `initialize` then `observe errors`, timed to its answer; the daemon it',
        'started is stopped by its pid file. RSS from `/proc/<pid>/status`: 3 s after `/health`, and after 500 000',
        'log entries (5 000 POSTs of 100 from 4 senders). Reads: 300 `observe logs` of 100 entries after 30',
        'warm-up; 8 callers: 8 connections (browsertap: 8 sessions) calling back to back for 2 s. Round trip:',
        '`interact execute_js` answered inline (browsertap `wait_ms`, the peer by default), 200 after 30 warm-up.',
        'Polled: 100 commands (after 10) queued without waiting, on each of 3 fresh daemons in turns (the post’s',
        'phase in the 10 ms between polls spreads each figure by up to 10 ms: 300 a run); the extension holds each',
        '0–10 ms, then posts; the agent calls `observe command_result` every 10 ms; from the post to the answer saying `complete`.',
        'The peer refuses a daemon’s 501st tool call within any minute, so every figure of calls gets fresh',
        'daemons on both sides and stays under 400 calls, but for the peer’s 8 callers, which stop at its 490th',
        'call (a fast run reached 500 within the 2 s). browsertap’s state dir has served one agent first (its',
        'code caches written); "the same, 3 s after its first MCP session": initialize, one observe, then 3 s.',
        'Bare Node (floor), measured in the same run for start-up, memory and reads (`bench/floor/`): an',
        '`http` server that answers /health, keeps the newest 1 000 entries of each POST /logs (parsed), and',
        'answers any tools/call with the newest 100 as rows, the payload twice, on SSE; its bridge answers',
        'initialize itself, starts it at once and asks /health every 2 ms. What Node costs here before any design.',
      ].join('\n'),
    );
  }
  if (suites.length === 0 || suites.includes('streaming')) {
    const runs = await measure('streaming', runStreamBench);
    writeSection(
      'streaming',
      [
        `## Streaming (${today()})`,
        '',
        `Machine: ${machine()}.`,
        '',
        table(STREAM_ROWS, runs, false),
        '',
        'How (`bench/streamBench.ts`): a client subscribed to `error` (rate limit 1000/s) through the stdio',
        'bridge; 1 000 console errors posted one at a time to `/logs`, each timed from the POST to its',
        '`notifications/message` arriving at the SDK client (after 50 warm-up events). Ingest cost: the daemon',
        'ingest load of the daemon section (4 senders, batches of 100 of which 10 are console errors) on one',
        'daemon, in 2.5 s windows without and with one bridge client subscribed to `error` (default filters: 5/s,',
        'queue overflow), in A-B-B-A order twice after a 6 s warm-up (so drift falls on both sides); window means.',
        'Throughput on 2 shared cores swings by ±5 % between windows, so the daemon’s own CPU time per ingested',
        'entry (user + system from `/proc/<pid>/stat`) is reported too: it is the cost streaming adds.',
      ].join('\n'),
    );
  }
  if (suites.length === 0 || suites.includes('hostile')) {
    const load = loadavg()[0] ?? NaN;
    const runs = await measure('hostile', runHostileBench);
    writeSection('hostile', hostileSection(runs, load));
  }
  if (suites.length === 0 || suites.includes('sourcemaps')) {
    const { runSourceMapBench } = (await import(SOURCE_MAP_SUITE)) as { runSourceMapBench: () => Promise<SourceMapFigures> };
    const runs = await measure('sourcemaps', runSourceMapBench);
    writeSection(
      'sourcemaps',
      [
        `## Stacks in source, in real Chromium (${today()})`,
        '',
        `Machine: ${machine()}; ${chromiumVersion()} headless.`,
        '',
        table(SOURCE_MAP_ROWS, runs, false),
        '',
        'How (`bench/extension/sourceMapBench.ts`): the daemon, the stdio bridge, Chromium with the unpacked',
        'extension; 50 pages, one after another in one tab, each loading its own bundle of 20 000 one-line',
        'functions with a map of 40 sources (their text included: 1.6 MB per map, 60 000 segments)',
        'from the same server. On each page `execute_js` schedules a throw in the bundle (uncaught, in a timer)',
        'twice; the agent long-polls `observe errors` and each delay is the poll’s return minus the entry’s',
        'page timestamp, the `at` checked to be in `src/feature<n>/…`. The first throw waits for the relay to',
        'read the bundle (from the HTTP cache) and its map, and for the worker to parse it; the second finds it',
        'cached. The worker’s heap is read over a DevTools session to it after `HeapProfiler.collectGarbage`,',
        'before the first page and after the 50th. The worker keeps at most 50 maps and 1 000 000 decoded',
        'segments (≈ 70 bytes each), least recently used out first: of these maps (60 000 segments each) 16.',
      ].join('\n'),
    );
  }
  if (suites.length === 0 || suites.includes('pick')) {
    const { runPickBench } = (await import(PICK_SUITE)) as { runPickBench: () => Promise<PickFigures> };
    const runs = await measure('pick', runPickBench);
    writeSection(
      'pick',
      [
        `## Point at it, in real Chromium (${today()})`,
        '',
        `Machine: ${machine()}; ${chromiumVersion()} headless.`,
        '',
        table(PICK_ROWS, runs, false),
        '',
        'How (`bench/extension/pickBench.ts`): the daemon, the stdio bridge (an SDK client subscribed to',
        '`pick` events, rate limit 1000/s), Chromium with the unpacked extension, a tracked page of 40 cards.',
        'The person is Playwright’s mouse and keyboard (trusted CDP input). Each round: `interact pick` with a',
        'prompt → the overlay’s banner shows → the pointer moves onto a button and its label names it → a',
        'click → the note field shows → a short note → Enter, timed from just before the Enter key is sent',
        'to the `notifications/message` arriving at the client: the overlay frame’s key handler, the pick',
        'script, the worker (the screenshot was taken at the click), `POST /picks`, the daemon’s stream,',
        'the bridge. 22 rounds per run, the first 2 not timed.',
      ].join('\n'),
    );
  }
  // The gallery runs only when named (`npm run bench -- gallery`), once: about 13 minutes, and
  // its figures are counts (flows that pass), not timings that need medians.
  if (suites.includes('gallery')) {
    const { runGalleryBench, gallerySection } = (await import(GALLERY_SUITE)) as {
      runGalleryBench: () => Promise<unknown>;
      gallerySection: (run: unknown, machine: string, chromium: string, date: string) => string;
    };
    process.stderr.write('gallery bench: one run\n');
    writeSection('gallery', gallerySection(await runGalleryBench(), machine(), chromiumVersion(), today()));
  }
  if (suites.length === 0 || suites.includes('peer')) {
    const { runPeerBench, peerSection } = (await import(PEER_SUITE)) as {
      runPeerBench: () => Promise<PeerFigures>;
      peerSection: (runs: readonly PeerFigures[], machine: string, chromium: string, date: string) => string;
    };
    const runs = await measure('peer', runPeerBench);
    writeSection('peer', peerSection(runs, machine(), chromiumVersion(), today()));
  }
  if (suites.length === 0 || suites.includes('browser')) {
    const { runBrowserPeerBench, browserPeerSection } = (await import(BROWSER_PEER_SUITE)) as {
      runBrowserPeerBench: () => Promise<BrowserPeerFigures>;
      browserPeerSection: (
        runs: readonly BrowserPeerFigures[],
        machine: string,
        chromium: string,
        date: string,
        before: readonly BrowserPeerFigures[],
      ) => string;
    };
    // BENCH_BROWSER_BEFORE: files of `OUT=… node --import tsx bench/extension/peerBrowserBench.ts` runs
    // with an earlier extension build (BROWSERTAP_EXTENSION_DIST), comma-separated: the "before" column.
    const before = (process.env.BENCH_BROWSER_BEFORE ?? '')
      .split(',')
      .filter((file) => file !== '')
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as BrowserPeerFigures);
    // BENCH_BROWSER_BASE: a checkout of the build before, built (its dist/ and extension/dist/):
    // before each run here, this bench runs its whole stack (bridge, daemon, extension), so both
    // columns come from the same harness.
    const base = process.env.BENCH_BROWSER_BASE;
    for (const built of base === undefined
      ? []
      : [join(base, 'dist', 'cli.cjs'), join(base, 'extension', 'dist', 'manifest.json')])
      if (!existsSync(built))
        throw new Error(`BENCH_BROWSER_BASE: ${built} is missing: run \`npm run build && npm run build:extension\` there`);
    const runs = await measure('browser', async (index) => {
      if (base !== undefined) {
        const out = join(tmpdir(), `browsertap-bench-before-${process.pid}-${index}.json`);
        execFileSync(process.execPath, ['--import', 'tsx', 'bench/extension/peerBrowserBench.ts'], {
          env: {
            ...process.env,
            OUT: out,
            BENCH_BROWSER_CLI: join(base, 'dist', 'cli.cjs'),
            BROWSERTAP_EXTENSION_DIST: join(base, 'extension', 'dist'),
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        before.push(JSON.parse(readFileSync(out, 'utf8')) as BrowserPeerFigures);
        rmSync(out, { force: true });
      }
      return runBrowserPeerBench();
    });
    writeSection('browser', browserPeerSection(runs, machine(), chromiumVersion(), today(), before));
  }
  if (suites.length === 0 || suites.includes('extension')) {
    const { runExtensionBench } = (await import(EXTENSION_SUITE)) as {
      runExtensionBench: () => Promise<ExtensionFigures>;
    };
    const runs = await measure('extension', runExtensionBench);
    const cost = (captured: keyof ExtensionFigures, bare: keyof ExtensionFigures) => {
      const [withCapture, without] = [median(runs.map((r) => r[captured])), median(runs.map((r) => r[bare]))];
      return { added: withCapture - without, ratio: withCapture / without };
    };
    const consoleCost = cost('consoleCapturedUs', 'consoleBareUs');
    const fetchCost = cost('fetchCapturedMs', 'fetchBareMs');
    writeSection(
      'extension',
      [
        `## Extension in real Chromium (${today()})`,
        '',
        `Machine: ${machine()}; ${chromiumVersion()} headless, launched without CDP or Playwright.`,
        '',
        table(EXTENSION_ROWS, runs, false),
        '',
        `Capture adds **${format(consoleCost.added, 1)} µs per console call** (${format(consoleCost.ratio, 2)}× the uncaptured call) and`,
        `**${format(fetchCost.added, 2)} ms per fetch** (${format(fetchCost.ratio, 2)}×), medians of ${RUNS} runs.`,
        '',
        'How (`bench/extension/extensionBench.ts`): the daemon, the stdio bridge and an SDK `Client` as in the',
        'e2e tests, Chromium with the unpacked extension. Capture cost: one tab walks a chain of 6 pages, captured',
        '(127.0.0.1, a development origin) and uncaptured (`notdev.example` mapped to the same server, where',
        'nothing of the extension loads) alternating; each page waits 1.5 s, then times 6 rounds of 500',
        "`console.log('bench item %d', i, {…})` (after a warm-up round; 80 ms pauses let the page bus flush) and",
        '150 sequential same-origin `fetch` + `text()`, and posts its medians; the figure is the median over the',
        'pages. The captured side pays the hooks, serialisation, the relay and the worker forwarding to the daemon',
        'on the same 2 cores. The round trip is 100 `interact execute_js` `return document.title` with `wait_ms`',
        '(after 10 warm-up) on a tab opened with `new_tab`, timed at the SDK client. Actions, each',
        'timed at the SDK client with `wait_ms`, p50 over 30 runs after 3 warm-up (15 for the form): `click` on a',
        'button whose click changes nothing (the settle’s 100 ms of DOM quiet is most of it); `snapshot` of a',
        'page of 70 list rows with a checkbox, text and two buttons each, a nav and a form; `snapshot` then',
        '`type` user, `type` password and `click` submit, all by refs read from that snapshot (the page’s',
        'submit handler is checked afterwards); 8 `execute_js` sent at once with `wait_ms`, 5 rounds.',
      ].join('\n'),
    );
  }
  if (suites.length === 0 || suites.includes('settle')) {
    const { runSettleBench } = (await import(SETTLE_SUITE)) as { runSettleBench: () => Promise<SettleFigures> };
    const runs = await measure('settle', runSettleBench);
    const added = (captured: keyof SettleFigures, bare: keyof SettleFigures) =>
      format(median(runs.map((r) => r[captured])) - median(runs.map((r) => r[bare])), 2);
    writeSection(
      'settle',
      [
        `## Settle in real Chromium (${today()})`,
        '',
        `Machine: ${machine()}; ${chromiumVersion()} headless, launched without CDP or Playwright.`,
        '',
        table(SETTLE_ROWS, runs, false),
        '',
        `The timer hooks add **${added('timerPairCapturedUs', 'timerPairBareUs')} µs per setTimeout + clearTimeout** and`,
        `**${added('timerRunCapturedUs', 'timerRunBareUs')} µs per timer set and run**, medians of ${RUNS} runs.`,
        '',
        'How (`bench/extension/settleBench.ts`): the daemon, the stdio bridge and an SDK `Client` as in the e2e',
        'tests; Chromium launched raw (Playwright’s launch turns background-tab throttling off, a user’s Chrome',
        'has it on). The agent’s tab shows a page whose button changes a counter; 4 rounds of: 6 `click`s with',
        '`wait_ms` while the tab is visible, a click on its `target=_blank` link (the new tab comes to the front,',
        'the agent’s tab is hidden: checked with `document.visibilityState`), 6 `click`s there, `close_tab` of the',
        'new tab; the first click of each 6 is a warm-up; timed at the SDK client, p50 over the 20 left per side.',
        'Then 10 times `type` `v<i>` into a field whose value reaches what Send reads after a 350 ms debounce',
        '(swagger-ui’s), and at once `click` Send: the server checks the query of the request. Timer cost: a tab',
        'opened over the browser-level DevTools connection walks 6 pages, captured (127.0.0.1) and uncaptured',
        '(`notdev.example` mapped to the same server) alternating; each times 6 rounds (the first a warm-up) of',
        '20 000 `clearTimeout(setTimeout(f, 300))` and of 2 000 `setTimeout(f, 0)` set at once until the last ran.',
      ].join('\n'),
    );
  }
  // The soak runs only when named: it takes as long as BENCH_SOAK_MINUTES says (60 by default), once.
  if (suites.includes('soak')) {
    const { runSoakBench, soakOptionsFromEnv } = (await import(SOAK_SUITE)) as {
      runSoakBench: (options: unknown) => Promise<SoakFigures>;
      soakOptionsFromEnv: () => unknown;
    };
    process.stderr.write('soak bench: one run\n');
    writeSection('soak', soakSection(await runSoakBench(soakOptionsFromEnv()), chromiumVersion()));
  }
}

await main();
