import { request } from 'node:http';
import { Re2PatternCompiler } from '../src/adapters/outbound/re2/Re2PatternCompiler.js';
import { NoiseRules } from '../src/domain/capture/NoiseRules.js';
import { Sanitizer, type RawLog, type RawNetwork } from '../src/domain/capture/sanitize.js';
import { Redactor } from '../src/domain/privacy/Redactor.js';
import { startDaemon } from '../src/composition/startDaemon.js';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { heapAfterGc } from '../test/support/heap.js';
import { freePort, removeDir, tempDir } from '../test/support/processes.js';
import { redosInputs } from '../test/support/redosCorpus.js';
import { logEntry, percentile, RawMcpClient, startDaemonProcess, type DaemonProcess } from './lib.js';

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

/** The attacks of issue 9, each as a ≤ 1 MB request (the 340 000-entry one is the issue's own). */
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

export async function runHostileBench(): Promise<HostileFigures> {
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
  return { attacks, sessionHeapGrowthMb: await sessionHeap(sessionCalls), sessionCalls };
}
