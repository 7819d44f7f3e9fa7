// browsertap's daemon beside the Go peer (Gasoline 0.7.9), each figure taken from both in turns in
// the same run: start-up, memory, reads, 8 callers, and the command path (inline and polled).
// `npm run bench -- go-peer` writes the table; docs/benchmarks.md says how each figure is taken.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { freePort, tempDir } from '../test/support/processes.js';
import {
  goCommandStatus,
  goDaemonPid,
  goExtension,
  GoMcpClient,
  goPeerBinary,
  goPeerEnv,
  GO_EXTENSION_HEADERS,
  GO_PEER_VERSION,
  spawnGoDaemon,
} from './goPeer.js';
import { JsonHttp } from './jsonHttp.js';
import { simulateExtension } from './simulatedExtension.js';
import { BENCH_CLI, launchEnv, launchFlags, logEntry, median, percentile, RawMcpClient } from './lib.js';

export interface SideFigures {
  /** Daemon spawn → /health answered (ms), median of the spawns. */
  spawnHealthMs: number;
  /** The same for browsertap's first start in a state dir (no code cache yet); not taken for the build before. */
  spawnHealthFirstMs?: number;
  rssStartMb: number;
  /** 3 s after its first MCP session (initialize, one observe) ended. */
  rssAfterSessionMb: number;
  rss500kMb: number;
  rss500kLaterMb: number;
  bridgeFirstCallMs: number;
  observeP50: number;
  observeP99: number;
  callersPerS: number;
  roundTripP50: number;
  roundTripP99: number;
  /** browsertap: the same with the extension on the HTTP API (long poll, each claim and result posted), the channel's fallback. */
  roundTripHttpP50?: number;
  pollSeenP50: number;
  pollSeenP99: number;
}

export interface GoPeerFigures {
  readonly ours: SideFigures;
  /** The build before (`BENCH_BASE_CLI`), when measured beside. */
  readonly before?: SideFigures;
  readonly go: SideFigures;
  /** Bare Node doing the least each start-up, memory and read figure needs (bench/floor/), when measured. */
  readonly floor?: Partial<SideFigures>;
}

const SPAWNS = 7;
const BRIDGES = 5;
const WARM_UP = 30;
const OBSERVES = 300;
const CALLERS_MS = 2_000;
const ROUND_TRIPS = 200;
const POLLED = 100;
const POLL_EVERY_MS = 10;
const POLL_DAEMONS = 3;
const INGEST_BATCHES = 5_000;
const RSS_START_AFTER_MS = 3_000;
const RSS_LATER_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

function health(port: number): Promise<{ ok: boolean; body: string }> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/health', agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ ok: res.statusCode === 200, body }));
    });
    req.on('error', () => resolve({ ok: false, body: '' }));
  });
}
const healthy = async (port: number) => (await health(port)).ok;

/** Until the daemon says its (simulated) extension is connected. */
async function untilConnected(side: Side, port: number): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    const body = JSON.parse((await health(port)).body) as {
      extension?: { connected?: boolean };
      capture?: { extension_connected?: boolean };
    };
    if ((side.name === 'go' ? body.capture?.extension_connected : body.extension?.connected) === true) return;
    await sleep(2);
  }
  throw new Error(`${side.name}: the simulated extension never connected`);
}

async function untilHealthy(port: number, started = performance.now()): Promise<number> {
  for (let i = 0; i < 10_000; i++) {
    if (await healthy(port)) return performance.now() - started;
    await sleep(1);
  }
  throw new Error(`nothing answered /health on ${port}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(3_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
}

/** Stops a daemon a bridge started, by the pid it reported (never by name). */
async function stopPid(pid: number | undefined): Promise<void> {
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(10);
  }
  process.kill(pid, 'SIGKILL');
}

interface Daemon {
  readonly port: number;
  readonly stateDir: string;
  readonly child: ChildProcess;
  readonly spawnMs: number;
  stop(): Promise<void>;
}

/**
 * A daemon spawned on a free port in `stateDir` (a fresh temporary one, removed at stop, when not
 * given), timed from its spawn to its first /health answer.
 */
async function startedDaemon(
  prefix: string,
  stateDir: string | undefined,
  spawnChild: (port: number, dir: string) => ChildProcess,
): Promise<Daemon> {
  const port = await freePort();
  const dir = stateDir ?? tempDir(prefix);
  const started = performance.now();
  const child = spawnChild(port, dir);
  const spawnMs = await untilHealthy(port, started);
  return {
    port,
    stateDir: dir,
    child,
    spawnMs,
    stop: async () => {
      await stopProcess(child);
      if (stateDir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One implementation under test: how to start it, ingest into it, call it and be its extension. */
interface Side {
  readonly name: SideName;
  /**
   * Tool calls a daemon of this side answers in its first minute, when it refuses more: the
   * 8 callers stop there (their calls/s is then over the calls allowed, a shorter time).
   */
  readonly callBudget?: number;
  startDaemon(stateDir?: string): Promise<Daemon>;
  /** A bridge (stdio) with no daemon running: spawn → its first tools/call answered (ms). */
  bridgeFirstCall(stateDir: string): Promise<number>;
  readonly ingestHeaders: Readonly<Record<string, string>>;
  client(daemon: Daemon): Promise<{ call(name: string, args: Record<string, unknown>): Promise<unknown>; close(): void }>;
  readonly observe: Record<string, unknown>;
  readonly inline: Record<string, unknown>;
  readonly queued: Record<string, unknown>;
  correlationOf(answer: unknown): string;
  complete(answer: unknown): boolean;
  extension(port: number, stop: AbortSignal, options: ExtensionOptions): Promise<void>;
}

type SideName = 'ours' | 'before' | 'go' | 'floor';

interface ExtensionOptions {
  /** browsertap's: `http` keeps its extension on the HTTP API (the channel's fallback). */
  readonly transport?: 'channel' | 'http';
  readonly holdMs?: () => number;
  readonly posted?: (correlationId: string, at: number) => void;
}

/** A bridge speaking MCP on stdio: initialize, then one tools/call; resolves at its answer. */
async function stdioFirstCall(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], env });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const send = (message: object) => child.stdin!.write(`${JSON.stringify(message)}\n`);
  const answered = async (id: number) => {
    for (let i = 0; i < 20_000 && !out.includes(`"id":${id},`) && !out.includes(`"id":${id}}`); i++) await sleep(1);
    return performance.now() - started;
  };
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  await answered(1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'observe', arguments: { what: 'errors' } } });
  const ms = await answered(2);
  child.stdin!.end();
  return { ms, child };
}

/**
 * browsertap's daemon and bridge as `cli` starts them (`daemon` and `mcp`): this build, or another
 * build's dist/cli.js (`BENCH_BASE_CLI`) measured beside it.
 */
function browsertap(name: 'ours' | 'before', cli: string, bridgeCli: string): Side {
  return {
    name,
    startDaemon: (stateDir) =>
      startedDaemon('browsertap-bench-', stateDir, (port, dir) =>
        spawn(
          process.execPath,
          [...launchFlags(cli), cli, 'daemon', '--port', String(port), '--state-dir', dir, '--log-level', 'warn'],
          { stdio: 'ignore', env: { ...process.env, ...launchEnv(cli) } },
        ),
      ),
    async bridgeFirstCall(stateDir) {
      const port = await freePort();
      const { ms, child } = await stdioFirstCall(
        process.execPath,
        [bridgeCli, 'mcp', '--port', String(port), '--state-dir', stateDir],
        process.env,
      );
      await new Promise((resolve) => child.once('exit', resolve));
      await stopPid(Number(readFileSync(`${stateDir}/daemon.pid`, 'utf8')));
      return ms;
    },
    ingestHeaders: EXTENSION_HEADERS,
    async client(daemon) {
      const token = readFileSync(`${daemon.stateDir}/token`, 'utf8').trim();
      const raw = await new RawMcpClient(daemon.port, token).connect();
      return { call: (name, args) => raw.callTool(name, args), close: () => raw.close() };
    },
    observe: { what: 'logs', limit: 100 },
    inline: { action: 'execute_js', script: 'return document.title', wait_ms: 5_000 },
    queued: { action: 'execute_js', script: 'return document.title' },
    correlationOf: (answer) => (answer as { structuredContent: { correlation_id: string } }).structuredContent.correlation_id,
    complete: (answer) => (answer as { structuredContent?: { status?: string } }).structuredContent?.status === 'complete',
    async extension(port, stop, options) {
      // What the real worker speaks: its channel, or the HTTP API when the daemon has none (the build before).
      await simulateExtension(port, stop, options);
    },
  };
}

const ours = browsertap('ours', BENCH_CLI, BENCH_CLI);
const BASE_CLI = process.env.BENCH_BASE_CLI;
/** The build before (`BENCH_BASE_CLI`, its dist/cli.js): its daemon and bridge from the dist/cli.cjs beside it, as its bridge starts them. */
const BASE_BIN = BASE_CLI?.replace(/cli\.js$/, 'cli.cjs');
const before = BASE_BIN === undefined ? undefined : browsertap('before', BASE_BIN, BASE_BIN);

const go: Side = {
  name: 'go',
  // It refuses the 501st tool call in any minute (a sliding window of 500); a fast machine gets
  // there within the 2 s of the 8 callers.
  callBudget: 490,
  startDaemon: (stateDir) => startedDaemon('gasoline-bench-', stateDir, spawnGoDaemon),
  async bridgeFirstCall(stateDir) {
    const port = await freePort();
    const { ms, child } = await stdioFirstCall(
      goPeerBinary(),
      ['--port', String(port), '--state-dir', stateDir],
      goPeerEnv(stateDir),
    );
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(2_000)]);
    if (child.exitCode === null) await stopProcess(child);
    await stopPid(goDaemonPid(port, stateDir));
    return ms;
  },
  ingestHeaders: GO_EXTENSION_HEADERS,
  async client(daemon) {
    const http = new JsonHttp(daemon.port);
    const client = new GoMcpClient(http);
    return { call: (name, args) => client.callTool(name, args), close: () => http.close() };
  },
  observe: { what: 'logs', limit: 100 },
  inline: { what: 'execute_js', script: 'return document.title' },
  queued: { what: 'execute_js', script: 'return document.title', background: true },
  correlationOf: (answer) => {
    const match = /"correlation_id":"([^"]+)"/.exec((answer as { text: string }).text);
    if (match === null) throw new Error(`no correlation id in ${(answer as { text: string }).text.slice(0, 200)}`);
    return match[1] as string;
  },
  complete: (answer) => goCommandStatus((answer as { text: string }).text) === 'complete',
  async extension(port, stop, options) {
    const http = new JsonHttp(port);
    try {
      await goExtension(http, stop, options);
    } finally {
      http.close();
    }
  },
};

/**
 * The floor (bench/floor/): bare Node doing the least each start-up, memory and read figure
 * needs (an HTTP server that keeps the newest 1 000 entries and answers a read with the newest
 * 100, payload twice, on SSE; a stdio bridge that starts it at once), to say what Node itself
 * costs on this machine. It has no command path.
 */
const FLOOR_DIR = new URL('./floor/', import.meta.url).pathname;
const noCommands = (): never => {
  throw new Error('the floor has no command path');
};
const floor: Side = {
  name: 'floor',
  startDaemon: (stateDir) =>
    startedDaemon('floor-bench-', stateDir, (port, dir) =>
      spawn(process.execPath, [`${FLOOR_DIR}daemon.cjs`, String(port), dir], { stdio: 'ignore' }),
    ),
  async bridgeFirstCall(stateDir) {
    const port = await freePort();
    const { ms, child } = await stdioFirstCall(process.execPath, [`${FLOOR_DIR}bridge.cjs`, String(port), stateDir], process.env);
    await new Promise((resolve) => child.once('exit', resolve));
    await stopPid(Number(readFileSync(`${stateDir}/daemon.pid`, 'utf8')));
    return ms;
  },
  ingestHeaders: {},
  async client(daemon) {
    const raw = await new RawMcpClient(daemon.port, 'floor').connect();
    return { call: (name, args) => raw.callTool(name, args), close: () => raw.close() };
  },
  observe: { what: 'logs', limit: 100 },
  inline: {},
  queued: {},
  correlationOf: noCommands,
  complete: noCommands,
  extension: noCommands,
};

async function ingest(port: number, headers: Readonly<Record<string, string>>, batches: number): Promise<void> {
  const http = new JsonHttp(port, 4);
  const body = { entries: Array.from({ length: 100 }, (_, i) => logEntry(i)) };
  let next = 0;
  try {
    await Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (next++ < batches) {
          const { status } = await http.post('/logs', body, headers);
          if (status !== 200) throw new Error(`ingest answered ${status}`);
        }
      }),
    );
  } finally {
    http.close();
  }
}

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

/**
 * A state dir in which browsertap's daemon has run once and served an agent (its code caches
 * written), as a user's is: one observe, then 2.5 s (each cache is written at most 1.5 s after
 * the code it holds has run).
 */
async function usedStateDir(side: Side): Promise<string> {
  const dir = tempDir('browsertap-bench-');
  const daemon = await side.startDaemon(dir);
  const client = await side.client(daemon);
  await client.call('observe', side.observe);
  client.close();
  await sleep(2_500);
  await daemon.stop();
  return dir;
}

async function withDaemon<T>(side: Side, stateDir: string | undefined, fn: (daemon: Daemon) => Promise<T>): Promise<T> {
  const daemon = await side.startDaemon(stateDir);
  try {
    return await fn(daemon);
  } finally {
    await daemon.stop();
  }
}

/** The agent polls `command_result` every 10 ms; from the extension's post to the agent seeing `complete`. */
async function pollSeen(
  side: Side,
  call: (name: string, args: Record<string, unknown>) => Promise<unknown>,
  postedAt: Map<string, number>,
): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < POLLED + 10; i++) {
    const id = side.correlationOf(await call('interact', side.queued));
    for (let polls = 0; polls < 1_000; polls++) {
      const started = performance.now();
      const answer = await call('observe', { what: 'command_result', correlation_id: id });
      if (side.complete(answer)) {
        const posted = postedAt.get(id);
        if (posted === undefined) throw new Error(`complete before its post was seen: ${id}`);
        if (i >= 10) seen.push(performance.now() - posted);
        break;
      }
      await sleep(Math.max(0, POLL_EVERY_MS - (performance.now() - started)));
    }
  }
  return seen.sort((a, b) => a - b);
}

/** RSS of a daemon 3 s after it answered /health (a browsertap daemon started by hand loads its MCP side for its first agent). */
function rssAtStart(side: Side, stateDir: string | undefined): Promise<number> {
  return withDaemon(side, stateDir, async (daemon) => {
    await sleep(RSS_START_AFTER_MS);
    return rssMb(daemon.child.pid as number);
  });
}

/** RSS 3 s after a first MCP session (initialize, one observe, closed): browsertap's MCP side loads for it. */
function rssAfterSession(side: Side, stateDir: string | undefined): Promise<number> {
  return withDaemon(side, stateDir, async (daemon) => {
    const client = await side.client(daemon);
    await client.call('observe', side.observe);
    client.close();
    await sleep(RSS_START_AFTER_MS);
    return rssMb(daemon.child.pid as number);
  });
}

/** RSS after 500 000 log entries (batches of 100, 4 senders): 0.5 s and 10 s after the last. */
function rssAfterEntries(side: Side, stateDir: string | undefined): Promise<{ rss500kMb: number; rss500kLaterMb: number }> {
  return withDaemon(side, stateDir, async (daemon) => {
    await ingest(daemon.port, side.ingestHeaders, INGEST_BATCHES);
    await sleep(500);
    const after = rssMb(daemon.child.pid as number);
    await sleep(RSS_LATER_MS);
    return { rss500kMb: after, rss500kLaterMb: rssMb(daemon.child.pid as number) };
  });
}

/** Sequential reads of 100 entries (p50, p99 of the timed calls). */
function reads(side: Side, stateDir: string | undefined): Promise<{ observeP50: number; observeP99: number }> {
  return withDaemon(side, stateDir, async (daemon) => {
    await ingest(daemon.port, side.ingestHeaders, 1);
    const client = await side.client(daemon);
    try {
      const observe = () => client.call('observe', side.observe);
      await timed(WARM_UP, observe);
      const samples = await timed(OBSERVES, observe);
      return { observeP50: percentile(samples, 50), observeP99: percentile(samples, 99) };
    } finally {
      client.close();
    }
  });
}

/** 8 callers (each its own connection and session) reading 100 entries back to back: calls/s. */
function callers(side: Side, stateDir: string | undefined): Promise<number> {
  return withDaemon(side, stateDir, async (daemon) => {
    await ingest(daemon.port, side.ingestHeaders, 1);
    const clients = await Promise.all(Array.from({ length: 8 }, () => side.client(daemon)));
    try {
      const until = performance.now() + CALLERS_MS;
      const budget = side.callBudget ?? Infinity;
      let started = 0;
      let done = 0;
      const begun = performance.now();
      await Promise.all(
        clients.map(async (client) => {
          while (performance.now() < until && started < budget) {
            started++;
            await client.call('observe', side.observe);
            done++;
          }
        }),
      );
      return done / ((performance.now() - begun) / 1000);
    } finally {
      for (const client of clients) client.close();
    }
  });
}

/** `execute_js` answered inline (the extension posts `complete` at once): p50, p99. */
function roundTrips(
  side: Side,
  stateDir: string | undefined,
  transport: 'channel' | 'http' = 'channel',
): Promise<{ roundTripP50: number; roundTripP99: number }> {
  return withDaemon(side, stateDir, async (daemon) => {
    const client = await side.client(daemon);
    const stop = new AbortController();
    const extension = side.extension(daemon.port, stop.signal, { transport });
    try {
      await untilConnected(side, daemon.port);
      const inline = () =>
        client.call('interact', side.inline).then((answer) => {
          if (!side.complete(answer)) throw new Error(`${side.name}: no inline result: ${JSON.stringify(answer).slice(0, 300)}`);
        });
      await timed(WARM_UP, inline);
      const samples = await timed(ROUND_TRIPS, inline);
      return { roundTripP50: percentile(samples, 50), roundTripP99: percentile(samples, 99) };
    } finally {
      stop.abort();
      await extension;
      client.close();
    }
  });
}

/**
 * The polled pattern: the extension holds each command 0–10 ms (so its post falls anywhere
 * between two polls) and posts; the agent polls `command_result` every 10 ms. From the post to
 * the agent's answer saying `complete`, for each of one daemon's commands. The post's phase in
 * the poll's 10 ms spreads each figure by up to 10 ms, so a run takes POLL_DAEMONS daemons' worth
 * (a fresh one each, in turns with the other sides) before its p50 and p99.
 */
function polled(side: Side, stateDir: string | undefined): Promise<number[]> {
  return withDaemon(side, stateDir, async (daemon) => {
    const client = await side.client(daemon);
    const postedAt = new Map<string, number>();
    const stop = new AbortController();
    const extension = side.extension(daemon.port, stop.signal, {
      holdMs: () => Math.random() * POLL_EVERY_MS,
      posted: (id, at) => postedAt.set(id, at),
    });
    try {
      await untilConnected(side, daemon.port);
      return await pollSeen(side, (name, args) => client.call(name, args), postedAt);
    } finally {
      stop.abort();
      await extension;
      client.close();
    }
  });
}

/**
 * Which groups of figures a run takes (`BENCH_GO_PEER=start,memory,reads,commands`, all by default):
 * a subset is for looking at one change; docs/benchmarks.md gets whole runs only.
 */
const GROUPS = process.env.BENCH_GO_PEER?.split(',');
const want = (group: 'start' | 'memory' | 'reads' | 'commands') => GROUPS === undefined || GROUPS.includes(group);

/** One run: each figure of every side, in turns (the start-up ones alternate spawn by spawn). */
export async function runGoPeerBench(): Promise<GoPeerFigures> {
  goPeerBinary();
  const peers = [ours, ...(before === undefined ? [] : [before]), go];
  // Start-up, memory and reads are measured on the floor too; commands are not (it has none).
  const sides = [...peers, floor];
  // browsertap's daemons run in a state dir a daemon has used (as a user's), the others in fresh ones.
  const dirs = new Map<Side, string | undefined>();
  for (const side of sides) dirs.set(side, side === go || side === floor ? undefined : await usedStateDir(side));
  const each = async <T>(
    measure: (side: Side, stateDir: string | undefined) => Promise<T>,
    among: readonly Side[] = sides,
  ): Promise<Map<Side, T>> => {
    const found = new Map<Side, T>();
    for (const side of among) {
      // A daemon that failed a figure (the Go peer once left a command unanswered for 20 s) gets
      // it measured once more on a fresh daemon, said on stderr, rather than losing the run.
      let value: T;
      try {
        value = await measure(side, dirs.get(side));
      } catch (error) {
        process.stderr.write(`go-peer bench: ${side.name}: ${(error as Error).message.slice(0, 200)}; measured again\n`);
        value = await measure(side, dirs.get(side));
      }
      found.set(side, value);
    }
    return found;
  };
  try {
    const spawns = new Map(sides.map((side) => [side, [] as number[]]));
    const firstSpawns: number[] = [];
    for (let i = 0; want('start') && i < SPAWNS; i++) {
      for (const side of sides) spawns.get(side)!.push(await withDaemon(side, dirs.get(side), async (d) => d.spawnMs));
      firstSpawns.push(await withDaemon(ours, undefined, async (d) => d.spawnMs));
    }
    const bridges = new Map(sides.map((side) => [side, [] as number[]]));
    for (let i = 0; want('start') && i < BRIDGES; i++) {
      for (const side of sides) {
        const dir = dirs.get(side) ?? tempDir(`${side.name}-bench-`);
        bridges.get(side)!.push(await side.bridgeFirstCall(dir));
        if (dirs.get(side) === undefined) rmSync(dir, { recursive: true, force: true });
      }
    }
    const none = new Map<Side, never>();
    const start = want('memory') ? await each(rssAtStart) : none;
    const afterSession = want('memory') ? await each(rssAfterSession) : none;
    const memory = want('memory') ? await each(rssAfterEntries) : none;
    // Every figure below gets fresh daemons: the Go peer refuses a daemon's 501st tool call in any
    // minute (a sliding window of 500); the reads make 330, its 8 callers stop at its budget.
    const read = want('reads') ? await each(reads) : none;
    const eight = want('reads') ? await each(callers) : none;
    const inline = want('commands') ? await each(roundTrips, peers) : none;
    const overHttp = want('commands') ? (await roundTrips(ours, dirs.get(ours), 'http')).roundTripP50 : NaN;
    const seen = new Map(peers.map((side) => [side, [] as number[]]));
    for (let i = 0; want('commands') && i < POLL_DAEMONS; i++)
      for (const [side, batch] of await each(polled, peers)) seen.get(side)!.push(...batch);
    const poll: Map<Side, { pollSeenP50: number; pollSeenP99: number }> = !want('commands')
      ? none
      : new Map(
          [...seen].map(([side, all]) => {
            const sorted = all.sort((a, b) => a - b);
            return [side, { pollSeenP50: percentile(sorted, 50), pollSeenP99: percentile(sorted, 99) }];
          }),
        );
    const startUp = (side: Side): Omit<SideFigures, 'roundTripP50' | 'roundTripP99' | 'pollSeenP50' | 'pollSeenP99'> => ({
      spawnHealthMs: median(spawns.get(side)!),
      ...(side === before ? {} : { spawnHealthFirstMs: side === ours ? median(firstSpawns) : median(spawns.get(side)!) }),
      bridgeFirstCallMs: median(bridges.get(side)!),
      rssStartMb: start.get(side)!,
      rssAfterSessionMb: afterSession.get(side)!,
      ...memory.get(side)!,
      ...read.get(side)!,
      callersPerS: eight.get(side)!,
    });
    const figures = (side: Side): SideFigures => ({ ...startUp(side), ...inline.get(side)!, ...poll.get(side)! });
    return {
      ours: { ...figures(ours), roundTripHttpP50: overHttp },
      ...(before === undefined ? {} : { before: figures(before) }),
      go: figures(go),
      floor: startUp(floor),
    };
  } finally {
    for (const dir of dirs.values()) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}

interface PeerRow {
  readonly label: string;
  readonly key: keyof SideFigures;
  readonly unit: string;
  readonly digits: number;
  /** Larger is better (calls/s); otherwise smaller is. */
  readonly higher?: boolean;
  /** The peer's figure this one compares with, when not its own key. */
  readonly peerKey?: keyof SideFigures;
  /** The issue's target, as text, and whether a median meets it (given the peer's median). */
  readonly target?: { readonly text: string; readonly ok: (ours: number, peer: number) => boolean };
}

const PEER_ROWS: readonly PeerRow[] = [
  {
    label: 'daemon spawn → /health answered (its code cache in the state dir, as every start after the first)',
    key: 'spawnHealthMs',
    unit: 'ms',
    digits: 1,
    target: { text: '≤ 100', ok: (v) => v <= 100 },
  },
  { label: 'the same, the first start in a new state dir (no code cache yet)', key: 'spawnHealthFirstMs', unit: 'ms', digits: 1 },
  {
    label: 'stdio bridge spawn → first tools/call answered, no daemon running',
    key: 'bridgeFirstCallMs',
    unit: 'ms',
    digits: 1,
    target: { text: '≤ 200', ok: (v) => v <= 200 },
  },
  {
    label: 'daemon RSS 3 s after /health',
    key: 'rssStartMb',
    unit: 'MB',
    digits: 1,
    target: { text: '≤ 45', ok: (v) => v <= 45 },
  },
  {
    label: 'the same, 3 s after its first MCP session (initialize, one observe)',
    key: 'rssAfterSessionMb',
    unit: 'MB',
    digits: 1,
  },
  {
    label: 'daemon RSS after 500 000 entries (0.5 s after the last batch)',
    key: 'rss500kMb',
    unit: 'MB',
    digits: 1,
    target: { text: '≤ 60', ok: (v) => v <= 60 },
  },
  { label: 'the same, 10 s later', key: 'rss500kLaterMb', unit: 'MB', digits: 1 },
  {
    label: 'observe (100 entries), lean HTTP client, p50',
    key: 'observeP50',
    unit: 'ms',
    digits: 2,
    target: { text: '≥ 12× the peer', ok: (v, peer) => peer / v >= 12 },
  },
  { label: 'the same, p99', key: 'observeP99', unit: 'ms', digits: 2 },
  {
    label: '8 concurrent callers (observe, 100 entries)',
    key: 'callersPerS',
    unit: 'calls/s',
    digits: 0,
    higher: true,
    target: { text: '≥ 8× the peer', ok: (v, peer) => v / peer >= 8 },
  },
  {
    label: 'command round trip, result inline (interact execute_js waiting), p50',
    key: 'roundTripP50',
    unit: 'ms',
    digits: 2,
    target: { text: '≥ 1× the peer', ok: (v, peer) => v <= peer },
  },
  { label: 'the same, p99', key: 'roundTripP99', unit: 'ms', digits: 2 },
  {
    label: 'the same, p50, with the extension on the HTTP API (long poll, claim and result posted: the fallback)',
    key: 'roundTripHttpP50',
    unit: 'ms',
    digits: 2,
    peerKey: 'roundTripP50',
  },
  {
    label: 'polled every 10 ms: extension’s post → the agent reads complete, p50',
    key: 'pollSeenP50',
    unit: 'ms',
    digits: 2,
    target: { text: '≥ 1× the peer', ok: (v, peer) => v <= peer },
  },
  { label: 'the same, p99', key: 'pollSeenP99', unit: 'ms', digits: 2 },
];

const number = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace(/,/g, ' ');

/** The table of `runs` for docs/benchmarks.md: medians, each run, the build before if measured, the peer. */
export function goPeerSection(runs: readonly GoPeerFigures[], machine: string, date: string): string {
  const med = (pick: (run: GoPeerFigures) => number | undefined) => {
    const values = runs.map(pick).filter((v): v is number => v !== undefined);
    return values.length === 0 ? undefined : median(values);
  };
  const hasBefore = runs.some((run) => run.before !== undefined);
  const hasFloor = runs.some((run) => run.floor !== undefined);
  const lines = [
    `## The daemon beside the Go peer (${date})`,
    '',
    `Machine: ${machine}. Gasoline ${GO_PEER_VERSION} (its linux-x64 binary from npm) and browsertap, each figure taken from`,
    `both in turns in the same run; ${runs.length} runs, medians (each run in brackets).`,
    '',
    `| figure | browsertap |${hasBefore ? ' before |' : ''} Go peer | browsertap vs peer |${hasFloor ? ' bare Node (floor) |' : ''} target | met |`,
    `|---|---|${hasBefore ? '---|' : ''}---|---|${hasFloor ? '---|' : ''}---|---|`,
  ];
  for (const row of PEER_ROWS) {
    const ours = med((run) => run.ours[row.key]) as number;
    const peer = med((run) => run.go[row.peerKey ?? row.key]) as number;
    if (ours === undefined || peer === undefined) continue; // a group this run did not take (BENCH_GO_PEER)
    const old = med((run) => run.before?.[row.key]);
    const bare = med((run) => run.floor?.[row.key]);
    const eachOf = (pick: (run: GoPeerFigures) => number | undefined) =>
      runs.map((run) => number(pick(run) ?? NaN, row.digits)).join(' / ');
    const each = eachOf((run) => run.ours[row.key]);
    // The build before and the peer by run too: the machine's speed swings from run to run.
    const oldEach = eachOf((run) => run.before?.[row.key]);
    const peerEach = eachOf((run) => run.go[row.peerKey ?? row.key]);
    const ratio = row.unit === 'MB' ? peer / ours : row.higher === true ? ours / peer : peer / ours;
    const met = row.target === undefined ? '' : row.target.ok(ours, peer) ? 'yes' : '**no**';
    lines.push(
      `| ${row.label} | ${number(ours, row.digits)} ${row.unit} (${each}) |${hasBefore ? ` ${old === undefined ? '' : `${number(old, row.digits)} ${row.unit} (${oldEach})`} |` : ''} ${number(peer, row.digits)} ${row.unit} (${peerEach}) | ${number(ratio, 2)}× |${hasFloor ? ` ${bare === undefined ? '' : `${number(bare, row.digits)} ${row.unit}`} |` : ''} ${row.target?.text ?? ''} | ${met} |`,
    );
  }
  return lines.join('\n');
}
