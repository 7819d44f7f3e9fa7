import { request } from 'node:http';
import { connect } from 'node:net';
import { Re2PatternCompiler } from '../src/adapters/outbound/re2/Re2PatternCompiler.js';
import { NoiseRules } from '../src/domain/capture/NoiseRules.js';
import { Sanitizer, type RawLog, type RawNetwork } from '../src/domain/capture/sanitize.js';
import { Redactor } from '../src/domain/privacy/Redactor.js';
import { startDaemon } from '../src/composition/startDaemon.js';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { heapAfterGc } from '../test/support/heap.js';
import { freePort, removeDir, tempDir } from '../test/support/processes.js';
import { redosInputs } from '../test/support/redosCorpus.js';
import { BENCH_CLI, logEntry, median, percentile, RawMcpClient, startDaemonProcess, type DaemonProcess } from './lib.js';

/** One attack: what it sends, measured on its own daemon process. */
export interface AttackFigures {
  readonly name: string;
  /** Pattern work of one attack request (redaction and noise matching, ms), timed in process, median of 5. */
  readonly patternMs: number;
  /** Daemon CPU per attack request (ms), averaged over `REPEATS` requests: everything it cost. */
  readonly cpuMs: number;
  /** Wall time of one attack request, median (ms). */
  readonly requestMs: number;
  /** /health answers during the attack: p99 and worst (ms). */
  readonly healthP99Ms: number;
  readonly healthMaxMs: number;
  /** HTTP status the attack got. */
  readonly status: number;
}

export interface HostileFigures {
  readonly attacks: readonly AttackFigures[];
  /** Heap growth after 100 000 calls in one MCP session, after GC (MB). */
  readonly sessionHeapGrowthMb: number;
  readonly sessionCalls: number;
  /** The edge and command memory cases on this build (`BENCH_CLI`). */
  readonly edge: EdgeFigures;
  /** The same on `BENCH_BASE_CLI`, when set: the build to compare with, measured in turns. */
  readonly baseEdge?: EdgeFigures;
}

const REPEATS = 10;
/** An attack request still running after this is reported as this (the old redactor took 41 s). */
const REQUEST_LIMIT_MS = 60_000;
const MB = 1024 * 1024;

function body(entries: readonly unknown[]): string {
  return JSON.stringify({ entries });
}

/** Fills up to ~1 MB of request with copies of `entry(i)`. */
function fill(make: (i: number) => unknown): string {
  const entries: unknown[] = [];
  let size = 20;
  for (let i = 0; ; i++) {
    const entry = make(i);
    size += JSON.stringify(entry).length + 1;
    if (size > MB - 1_000 || entries.length >= 2_000) break;
    entries.push(entry);
  }
  return body(entries);
}

const inputs = Object.fromEntries(redosInputs(8_192).map(({ name, text }) => [name, text]));
const mixed = inputs['every trigger mixed'] as string;

/** The hostile requests, each ≤ 1 MB (the 340 000-entry one is the size first reported). */
export const ATTACKS: ReadonlyArray<{
  readonly name: string;
  readonly path: string;
  readonly body: () => string;
  readonly noise?: readonly string[];
}> = [
  {
    name: '1 MB console message shaped eyJ-eyJ-…',
    path: '/logs',
    body: () => body([logEntry(0, { message: 'eyJ-'.repeat(MB / 4 - 200) })]),
  },
  {
    name: '8 KB messages of eyJ- filling 1 MB',
    path: '/logs',
    body: () => fill((i) => logEntry(i, { message: 'eyJ-'.repeat(2_048) })),
  },
  {
    name: '100 console args of 8 KB (eyJ-)',
    path: '/logs',
    body: () => body([logEntry(0, { args: Array.from({ length: 100 }, () => 'eyJ-'.repeat(2_000)) })]),
  },
  {
    name: 'every redaction trigger, 8 KB messages filling 1 MB',
    path: '/logs',
    body: () => fill((i) => logEntry(i, { message: mixed })),
  },
  {
    name: 'bodies of every trigger, 16 KB each, filling 1 MB',
    path: '/network-bodies',
    body: () =>
      fill((i) => ({
        url: `http://localhost:3000/api/${i}?token=${mixed.slice(0, 100)}`,
        method: 'POST',
        status: 500,
        duration_ms: 1,
        ts: i,
        request_body: (mixed + mixed).slice(0, 16_384),
        response_body: (mixed + mixed).slice(0, 16_384),
      })),
  },
  {
    name: '50 polynomial noise rules, 2 KB entries filling 1 MB',
    path: '/logs',
    noise: Array.from(
      { length: 50 },
      (_, i) => [`a+a?a+!${i}`, `\\d+.\\d+.\\d+$${'x'.repeat(i % 5)}`, `(a+)+$|z${i}`][i % 3] as string,
    ),
    body: () => fill((i) => logEntry(i, { message: `${'a'.repeat(2_000)}${i % 2 === 0 ? '1.1.1.1' : ''}` })),
  },
  {
    name: 'args nested 100 000 deep',
    path: '/logs',
    body: () =>
      `{"entries":[${JSON.stringify(logEntry(0)).replace(/}$/, `,"args":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`)}]}`,
  },
  { name: '340 000 {} entries (the issue’s)', path: '/logs', body: () => `{"entries":[${'{},'.repeat(339_999)}{}]}` },
];

function post(port: number, path: string, text: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        timeout: REQUEST_LIMIT_MS,
        headers: { ...EXTENSION_HEADERS, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(text);
  });
}

/** Polls /health every 10 ms until `stop`; the answer times. */
async function watchHealth(port: number, stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', () => resolve());
      req.end();
    });
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return times;
}

async function attack(daemon: DaemonProcess, spec: (typeof ATTACKS)[number]): Promise<AttackFigures> {
  if (spec.noise !== undefined) {
    const client = await new RawMcpClient(daemon.port, daemon.token).connect();
    for (const pattern of spec.noise)
      await client.callTool('configure', { action: 'noise', op: 'add', pattern, category: 'logs' });
    client.close();
  }
  const text = spec.body();
  await post(daemon.port, spec.path, text); // warm-up
  const stop = { done: false };
  const health = watchHealth(daemon.port, stop);
  const cpuBefore = daemon.cpuMs();
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < REPEATS; i++) {
    const answer = await post(daemon.port, spec.path, text);
    times.push(answer.ms);
    status = answer.status;
    if (answer.ms >= REQUEST_LIMIT_MS) break; // the old code: no point repeating a 41 s stall
  }
  const cpuMs = (daemon.cpuMs() - cpuBefore) / times.length;
  stop.done = true;
  const healthTimes = (await health).sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  return {
    name: spec.name,
    patternMs: patternWork(spec),
    cpuMs,
    requestMs: percentile(times, 50),
    healthP99Ms: percentile(healthTimes, 99),
    healthMaxMs: healthTimes.at(-1) ?? NaN,
    status,
  };
}

const compiler = new Re2PatternCompiler();

/**
 * The pattern work an attack request costs the daemon: its entries through the same Sanitizer
 * (redaction, caps) and noise rules ingest uses, in this process, warm, median of 5 (0 for a
 * request the edge refuses before any entry is looked at).
 */
function patternWork(spec: (typeof ATTACKS)[number]): number {
  let entries: unknown[];
  try {
    entries = (JSON.parse(spec.body()) as { entries: unknown[] }).entries;
  } catch {
    return 0; // nested past what JSON.parse handles: the edge cuts it to 24 levels first
  }
  if (entries.length > 2_000) return 0; // refused with 413 before parsing
  const sanitizer = new Sanitizer(new Redactor());
  const noise = new NoiseRules(
    compiler,
    (spec.noise ?? []).map((pattern) => ({ pattern, category: 'logs' as const })),
  );
  const once = () => {
    const started = performance.now();
    for (const entry of entries) {
      if (spec.path === '/logs') {
        const log = entry as RawLog;
        if (!noise.drops('logs', [log.message, log.url])) sanitizer.log(log);
      } else {
        sanitizer.network(entry as RawNetwork);
      }
    }
    return performance.now() - started;
  };
  once();
  return percentile(
    Array.from({ length: 5 }, once).sort((a, b) => a - b),
    50,
  );
}

/** 100 000 calls (ping and observe, alternating) in one session of an in-process daemon; heap growth after GC. */
async function sessionHeap(calls: number): Promise<number> {
  const stateDir = tempDir('browsertap-bench-heap-');
  const daemon = await startDaemon({ port: await freePort(), stateDir, logLevel: 'silent' });
  const client = await new RawMcpClient(daemon.port, daemon.token).connect();
  try {
    const call = (i: number) => (i % 2 === 0 ? client.ping() : client.callTool('observe', { what: 'errors' }));
    for (let i = 0; i < 2_000; i++) await call(i);
    const before = heapAfterGc();
    for (let i = 0; i < calls; i++) await call(i);
    return heapAfterGc() - before;
  } finally {
    client.close();
    await daemon.stop();
    removeDir(stateDir);
  }
}

// The edge and command memory (docs/security.md): what a request the daemon refuses, and a command that
// has ended, still cost. Each case on its own daemon process of the build under test.

/** The figures of one build (`cli`). NaN for a heavy case not run in this run. */
export interface EdgeFigures {
  /** An unauthenticated 8 MB POST /mcp: the status it got, the time until it was answered or closed (median), daemon CPU per request. */
  readonly unauthStatus: number;
  readonly unauthAnswerMs: number;
  readonly unauthCpuMs: number;
  /** An agent's `observe errors` with the token (ms): alone, then while two senders loop unauthenticated 8 MB bodies. */
  readonly callP50Ms: number;
  readonly callP99Ms: number;
  readonly attackedP50Ms: number;
  readonly attackedP99Ms: number;
  readonly attackedCalls: number;
  /** The two senders' requests finished (answered, or closed by the daemon) per second meanwhile. */
  readonly attackPerS: number;
  /** `OPEN_BODIES` unauthenticated 8 MB bodies held open unfinished: daemon RSS (MB) and what became of the connections. */
  readonly openRssBeforeMb: number;
  readonly openRssPeakMb: number;
  readonly openRssHeldMb: number;
  readonly openAnswered: number;
  readonly openCut: number;
  readonly openHeld: number;
  /** GET polls of other spellings of /pending-queries with no Origin, and how many got 200. */
  readonly spelledPolls: number;
  readonly spelledPolls200: number;
  /** `FAILED_UPLOADS` failed 5 MB uploads in one session: daemon heap after GC and RSS (MB), before and after. */
  readonly failedHeapBeforeMb: number;
  readonly failedHeapAfterMb: number;
  readonly failedRssBeforeMb: number;
  readonly failedRssAfterMb: number;
  /** `QUEUED_UPLOADS` queued 5 MB uploads: the first poll's status, the commands polls delivered, the polls. */
  readonly queuedFirstPollStatus: number;
  readonly queuedDelivered: number;
  readonly queuedPolls: number;
}

const MCP_BODY_LIMIT = 8 * MB;
const OPEN_BODIES = 300;
const FAILED_UPLOADS = 100;
const QUEUED_UPLOADS = 200;
/** Commands one MCP session may have in flight (the daemon's rule): the queued uploads come from this many sessions each. */
const IN_FLIGHT_PER_SESSION = 5;
const ATTACK_WINDOW_MS = 6_000;

/**
 * An unauthenticated MCP request of 8 MB (just under the /mcp limit): a `tools/call` whose
 * arguments hold 2.8 million empty objects, the costliest body per byte to scan and parse of
 * those tried (the same 8 MB as one string cost the old build 27 ms of CPU, as zeros 115 ms).
 */
const unauthBody = once(() => {
  const head = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"observe","arguments":{"what":"errors","n":[';
  const tail = ']}}}';
  const items = Math.floor((MCP_BODY_LIMIT - 64 - head.length - tail.length) / 3);
  return Buffer.from(`${head}${'{},'.repeat(items - 1)}{}${tail}`);
});
const unauthHead = (port: number) =>
  `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
  `Accept: application/json, text/event-stream\r\nContent-Length: ${unauthBody().length}\r\n\r\n`;

/** `make()` at the first call, the same value after (the large bodies are built only when a case runs). */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Sends the unauthenticated body on a fresh connection; resolves the status of the answer and
 * the time to its status line, or 0 and the time the connection ended without the client
 * reading one (a daemon that refuses from the headers and closes can make the client's write of
 * the body fail before the 401 is read). The connection is closed as soon as the status line is in.
 */
function unauthRequest(port: number): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let head = '';
    let finished = false;
    const done = (status: number) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, ms: performance.now() - started });
    };
    const timer = setTimeout(() => done(0), REQUEST_LIMIT_MS);
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status !== null) done(Number(status[1]));
    });
    socket.on('error', () => undefined); // the refusal closes while the body is still being written
    socket.on('close', () => done(0));
    socket.write(unauthHead(port));
    socket.write(unauthBody());
  });
}

/** Case 1a: the unauthenticated body, `REPEATS` times after a warm-up; the time until the daemon answered or closed. */
async function unauthCost(daemon: DaemonProcess): Promise<Pick<EdgeFigures, 'unauthStatus' | 'unauthAnswerMs' | 'unauthCpuMs'>> {
  await unauthRequest(daemon.port);
  const cpuBefore = daemon.cpuMs();
  const answers: Array<{ status: number; ms: number }> = [];
  for (let i = 0; i < REPEATS; i++) answers.push(await unauthRequest(daemon.port));
  return {
    unauthStatus: answers.find((a) => a.status !== 0)?.status ?? 0,
    unauthAnswerMs: median(answers.map((a) => a.ms)),
    unauthCpuMs: (daemon.cpuMs() - cpuBefore) / REPEATS,
  };
}

/** `observe errors` as fast as one agent calls it, for `ms`; sorted call times. */
async function callsFor(client: RawMcpClient, ms: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    await client.callTool('observe', { what: 'errors' });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Case 1b: an agent's calls alone, then while two senders loop the unauthenticated body. */
async function callsUnderAttack(
  daemon: DaemonProcess,
): Promise<Pick<EdgeFigures, 'callP50Ms' | 'callP99Ms' | 'attackedP50Ms' | 'attackedP99Ms' | 'attackedCalls' | 'attackPerS'>> {
  const client = await new RawMcpClient(daemon.port, daemon.token).connect();
  try {
    for (let i = 0; i < 100; i++) await client.callTool('observe', { what: 'errors' });
    const alone = await callsFor(client, ATTACK_WINDOW_MS / 2);
    const stop = { done: false };
    let finished = 0;
    const sender = async () => {
      for (; !stop.done; finished++) await unauthRequest(daemon.port);
    };
    const senders = [sender(), sender()];
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const attacked = await callsFor(client, ATTACK_WINDOW_MS);
    const attackPerS = finished / ((performance.now() - started + 200) / 1000);
    stop.done = true;
    await Promise.all(senders);
    return {
      callP50Ms: percentile(alone, 50),
      callP99Ms: percentile(alone, 99),
      attackedP50Ms: percentile(attacked, 50),
      attackedP99Ms: percentile(attacked, 99),
      attackedCalls: attacked.length,
      attackPerS,
    };
  } finally {
    client.close();
  }
}

/**
 * Case 1c: `OPEN_BODIES` connections each send the unauthenticated headers and all but the last
 * KB of the body, and never finish. Daemon RSS is sampled every 50 ms until every connection
 * has handed its bytes to the kernel or ended, and for 2 s more; then all are closed.
 */
async function openBodies(
  daemon: DaemonProcess,
): Promise<Pick<EdgeFigures, 'openRssBeforeMb' | 'openRssPeakMb' | 'openRssHeldMb' | 'openAnswered' | 'openCut' | 'openHeld'>> {
  const rssBeforeMb = daemon.rssKb() / 1024;
  const partial = unauthBody().subarray(0, unauthBody().length - 1024);
  const sockets = Array.from({ length: OPEN_BODIES }, () => {
    const socket = connect(daemon.port, '127.0.0.1');
    const state = { socket, answered: false, ended: false };
    socket.on('data', () => (state.answered = true));
    socket.on('error', () => undefined);
    socket.on('close', () => (state.ended = true));
    socket.write(unauthHead(daemon.port));
    socket.write(partial);
    return state;
  });
  let peakKb = 0;
  const sample = () => (peakKb = Math.max(peakKb, daemon.rssKb()));
  const until = performance.now() + 20_000;
  while (performance.now() < until && sockets.some((s) => !s.ended && s.socket.writableLength > 0)) {
    sample();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (let i = 0; i < 40; i++) {
    sample();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const heldKb = daemon.rssKb();
  const figures = {
    openRssBeforeMb: rssBeforeMb,
    openRssPeakMb: peakKb / 1024,
    openRssHeldMb: heldKb / 1024,
    openAnswered: sockets.filter((s) => s.answered).length,
    openCut: sockets.filter((s) => s.ended && !s.answered).length,
    openHeld: sockets.filter((s) => !s.ended && !s.answered).length,
  };
  for (const { socket } of sockets) socket.destroy();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return figures;
}

/** Other spellings of /pending-queries, which a page's `<img>` or `<link>` requests with no Origin. */
const SPELLINGS = ['/PENDING-QUERIES', '/pending-queries/', '/Pending-Queries', '/PENDING-queries/'] as const;
const SPELLED_POLLS = 40;

/** Case 2: `SPELLED_POLLS` GET polls spelled otherwise, no Origin; how many got 200 (the poller became the extension). */
async function spelledPolls(daemon: DaemonProcess): Promise<Pick<EdgeFigures, 'spelledPolls' | 'spelledPolls200'>> {
  let ok = 0;
  for (let i = 0; i < SPELLED_POLLS; i++) {
    const path = `${SPELLINGS[i % SPELLINGS.length]}?instance_id=page&boot_id=1&wait_ms=0`;
    const status = await new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port: daemon.port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end();
    });
    if (status === 200) ok++;
  }
  return { spelledPolls: SPELLED_POLLS, spelledPolls200: ok };
}

/** An `interact upload` of just under upload's 5 MB of files (≈ 7 MB of base64). */
const upload = once(() => ({
  action: 'upload',
  selector: '#file',
  files: [
    {
      name: 'big.bin',
      mime_type: 'application/octet-stream',
      content_base64: Buffer.alloc(5 * MB - 4_096, 7).toString('base64'),
    },
  ],
}));

/** The extension's side, as it speaks it: POST /pending-queries with its Origin, then the results. */
async function poll(daemon: DaemonProcess): Promise<{ status: number; ids: string[] }> {
  const response = await fetch(`http://127.0.0.1:${daemon.port}/pending-queries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
    body: JSON.stringify({ instance_id: 'bench', boot_id: '1', wait_ms: 0 }),
  });
  if (!response.ok) {
    await response.arrayBuffer();
    return { status: response.status, ids: [] };
  }
  const { queries } = (await response.json()) as { queries: Array<{ correlation_id: string }> };
  return { status: response.status, ids: queries.map((q) => q.correlation_id) };
}

async function reportError(daemon: DaemonProcess, correlationId: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${daemon.port}/query-result`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
    body: JSON.stringify({ correlation_id: correlationId, status: 'error', error: 'x' }),
  });
  await response.arrayBuffer();
}

/** Queues one upload; its correlation id. */
async function queueUpload(client: RawMcpClient): Promise<string> {
  const answer = await client.callTool('interact', upload());
  const id = (answer.structuredContent as { correlation_id?: string } | undefined)?.correlation_id;
  if (id === undefined) throw new Error(`upload not queued: ${JSON.stringify(answer).slice(0, 300)}`);
  return id;
}

/**
 * Case 3a: uploads queued, delivered and reported failed one after another, in one session (the
 * failed ring holds 100); the daemon started with its inspector, for the heap.
 */
async function failedUploads(
  daemon: DaemonProcess,
): Promise<Pick<EdgeFigures, 'failedHeapBeforeMb' | 'failedHeapAfterMb' | 'failedRssBeforeMb' | 'failedRssAfterMb'>> {
  const client = await new RawMcpClient(daemon.port, daemon.token).connect();
  try {
    const failOne = async () => {
      const queued = await queueUpload(client);
      const { ids } = await poll(daemon);
      if (ids.length !== 1 || ids[0] !== queued) throw new Error(`the poll handed out ${ids.length} commands, not the upload`);
      await reportError(daemon, queued);
    };
    for (let i = 0; i < 5; i++) await failOne(); // warm-up: the MCP side and the extension routes loaded
    const failedHeapBeforeMb = await daemon.heapAfterGcMb();
    const failedRssBeforeMb = daemon.rssKb() / 1024;
    for (let i = 0; i < FAILED_UPLOADS; i++) await failOne();
    return {
      failedHeapBeforeMb,
      failedHeapAfterMb: await daemon.heapAfterGcMb(),
      failedRssBeforeMb,
      failedRssAfterMb: daemon.rssKb() / 1024,
    };
  } finally {
    client.close();
  }
}

/**
 * Case 3b: `QUEUED_UPLOADS` uploads queued from as many sessions as the in-flight rule needs,
 * then the extension polls until it has them all, a poll fails or one hands out nothing.
 */
async function queuedUploads(
  daemon: DaemonProcess,
): Promise<Pick<EdgeFigures, 'queuedFirstPollStatus' | 'queuedDelivered' | 'queuedPolls'>> {
  const clients: RawMcpClient[] = [];
  try {
    for (let i = 0; i < QUEUED_UPLOADS / IN_FLIGHT_PER_SESSION; i++)
      clients.push(await new RawMcpClient(daemon.port, daemon.token).connect());
    // Two sessions at a time (the daemon has one thread; more only queues on its socket).
    for (let i = 0; i < clients.length; i += 2) {
      await Promise.all(
        clients.slice(i, i + 2).map(async (client) => {
          for (let n = 0; n < IN_FLIGHT_PER_SESSION; n++) await queueUpload(client);
        }),
      );
    }
    const delivered = new Set<string>();
    let firstPollStatus = 0;
    let polls = 0;
    while (delivered.size < QUEUED_UPLOADS && polls < 2 * QUEUED_UPLOADS) {
      const { status, ids } = await poll(daemon);
      if (polls++ === 0) firstPollStatus = status;
      for (const id of ids) delivered.add(id);
      if (status !== 200 || ids.length === 0) break;
    }
    return { queuedFirstPollStatus: firstPollStatus, queuedDelivered: delivered.size, queuedPolls: polls };
  } finally {
    for (const client of clients) client.close();
  }
}

const notRun = {
  openRssBeforeMb: NaN,
  openRssPeakMb: NaN,
  openRssHeldMb: NaN,
  openAnswered: NaN,
  openCut: NaN,
  openHeld: NaN,
  failedHeapBeforeMb: NaN,
  failedHeapAfterMb: NaN,
  failedRssBeforeMb: NaN,
  failedRssAfterMb: NaN,
  queuedFirstPollStatus: NaN,
  queuedDelivered: NaN,
  queuedPolls: NaN,
};

/** `measure` on a fresh daemon process of the build `cli`, stopped after. */
async function onDaemon<T>(
  cli: string,
  measure: (daemon: DaemonProcess) => Promise<T>,
  options: { inspect?: boolean } = {},
): Promise<T> {
  const daemon = await startDaemonProcess(cli, options);
  try {
    return await measure(daemon);
  } finally {
    await daemon.stop();
  }
}

/** Every edge case on the build `cli`; the memory-heavy ones (1c, 3a, 3b) only when `heavy`, each on its own daemon. */
export async function runEdgeCases(cli: string, heavy: boolean): Promise<EdgeFigures> {
  const light = await onDaemon(cli, async (daemon) => ({
    ...(await unauthCost(daemon)),
    ...(await callsUnderAttack(daemon)),
    ...(await spelledPolls(daemon)),
  }));
  if (!heavy) return { ...light, ...notRun };
  return {
    ...light,
    ...(await onDaemon(cli, openBodies)),
    ...(await onDaemon(cli, failedUploads, { inspect: true })),
    ...(await onDaemon(cli, queuedUploads)),
  };
}

/** Runs (counted from 0) that include the memory-heavy edge cases: the first `BENCH_HEAVY_RUNS` (default 1). */
const HEAVY_RUNS = Number(process.env.BENCH_HEAVY_RUNS ?? 1);

/**
 * One run of the suite (`run` counts from 0). With `BENCH_BASE_CLI=<other>/dist/cli.js` the edge
 * cases also run on that build, in turns: it goes first in even runs and second in odd ones.
 */
export async function runHostileBench(run = 0): Promise<HostileFigures> {
  const attacks: AttackFigures[] = [];
  // BENCH_ATTACKS=<substring>: only the attacks whose name holds it (to compare one against an older build).
  const only = process.env.BENCH_ATTACKS;
  for (const spec of ATTACKS.filter((a) => only === undefined || a.name.includes(only))) {
    const daemon = await startDaemonProcess();
    try {
      attacks.push(await attack(daemon, spec));
    } finally {
      await daemon.stop();
    }
  }
  const sessionCalls = Number(process.env.BENCH_SESSION_CALLS ?? 100_000);
  const sessionHeapGrowthMb = await sessionHeap(sessionCalls);
  const base = process.env.BENCH_BASE_CLI;
  const heavy = run < HEAVY_RUNS;
  const baseFirst = base !== undefined && run % 2 === 0 ? await runEdgeCases(base, heavy) : undefined;
  const edge = await runEdgeCases(BENCH_CLI, heavy);
  const baseEdge = baseFirst ?? (base === undefined ? undefined : await runEdgeCases(base, heavy));
  return { attacks, sessionHeapGrowthMb, sessionCalls, edge, ...(baseEdge === undefined ? {} : { baseEdge }) };
}
