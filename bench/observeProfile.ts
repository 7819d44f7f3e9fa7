// `npx tsx bench/observeProfile.ts [name=path/to/dist/cli.cjs | floor] …`: the read the go-peer
// bench times (observe {what:'logs', limit:100} over POST /mcp), on each build named and on the
// floor (bench/floor/daemon.cjs), in turns: every round times each side once, in an order that
// alternates, so the VM's drift falls on all of them. Nothing is written.
// - `OBSERVE_MODE=fresh` (the default) takes the read as the go-peer bench does: each side's
//   round on a daemon started for it (in a state dir it has run in, its code caches written),
//   100 entries, 30 calls to warm up, 300 timed. `warm`: one daemon per side for the whole run,
//   1 000 entries, 500 calls to warm up, then `OBSERVE_CALLS` (2 000) timed each round.
// - `OBSERVE_ROUNDS` (default 7) rounds.
// - `OBSERVE_PROFILE=<file.cpuprofile>`: the first side only, one round, a CPU profile of its
//   daemon (50 µs interval, over its inspector) taken over the timed calls and written there.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { freePort, tempDir } from '../test/support/processes.js';
import { JsonHttp } from './jsonHttp.js';
import { BENCH_CLI, latency, logEntry, median, RawMcpClient, startDaemonProcess } from './lib.js';

const FRESH = (process.env.OBSERVE_MODE ?? 'fresh') === 'fresh';
const PROFILE = process.env.OBSERVE_PROFILE;
const ROUNDS = PROFILE === undefined ? Number(process.env.OBSERVE_ROUNDS ?? 7) : 1;
const CALLS = FRESH ? 300 : Number(process.env.OBSERVE_CALLS ?? 2_000);
const WARM_UP = FRESH ? 30 : 500;
const ENTRIES = FRESH ? 100 : 1_000;
const OBSERVE = { what: 'logs', limit: 100 };

interface Running {
  readonly client: RawMcpClient;
  /** The daemon's inspector port, when it was started to be profiled. */
  readonly inspectPort?: number;
  stop(): Promise<void>;
}

/** One implementation: started (ingested into, its client connected and warmed up) when asked. */
interface Side {
  readonly name: string;
  start(): Promise<Running>;
  /** Removes what the side kept between its daemons. */
  dispose(): void;
}

async function untilHealthy(port: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  throw new Error(`nothing answered /health on ${port}`);
}

async function ingest(port: number, headers: Readonly<Record<string, string>>): Promise<void> {
  const http = new JsonHttp(port);
  try {
    for (let batch = 0; batch < ENTRIES / 100; batch++) {
      const entries = Array.from({ length: 100 }, (_, i) => logEntry(batch * 100 + i));
      const { status } = await http.post('/logs', { entries }, headers);
      if (status !== 200) throw new Error(`ingest answered ${status}`);
    }
  } finally {
    http.close();
  }
}

async function ready(port: number, token: string, headers: Readonly<Record<string, string>>): Promise<RawMcpClient> {
  await ingest(port, headers);
  const client = await new RawMcpClient(port, token).connect();
  const check = (await client.callTool('observe', OBSERVE)) as { structuredContent?: { count?: number } };
  if (check.structuredContent?.count !== 100) throw new Error('the read did not hold 100 entries');
  await latency(WARM_UP, () => client.callTool('observe', OBSERVE));
  return client;
}

function floorSide(profiled: boolean): Side {
  return {
    name: 'floor',
    async start() {
      const port = await freePort();
      const dir = tempDir('floor-observe-');
      const inspectPort = profiled ? await freePort() : undefined;
      const flags = inspectPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectPort}`];
      const floor = new URL('./floor/daemon.cjs', import.meta.url).pathname;
      const child = spawn(process.execPath, [...flags, floor, String(port), dir], { stdio: 'ignore' });
      await untilHealthy(port);
      const client = await ready(port, 'floor', {});
      return {
        client,
        ...(inspectPort === undefined ? {} : { inspectPort }),
        stop: async () => {
          client.close();
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
    dispose: () => undefined,
  };
}

function daemonSide(name: string, cli: string, profiled: boolean): Side {
  const stateDir = tempDir('observe-profile-');
  return {
    name,
    async start() {
      const inspectPort = profiled ? await freePort() : undefined;
      const flags = inspectPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectPort}`];
      const daemon = await startDaemonProcess(cli, { nodeFlags: flags, stateDir });
      const client = await ready(daemon.port, daemon.token, EXTENSION_HEADERS);
      return {
        client,
        ...(inspectPort === undefined ? {} : { inspectPort }),
        stop: async () => {
          client.close();
          await daemon.stop();
        },
      };
    },
    dispose: () => rmSync(stateDir, { recursive: true, force: true }),
  };
}

/** p50 and p99 of `CALLS` reads on `running`; profiled over its inspector when it has one. */
async function timed(running: Running): Promise<{ p50: number; p99: number }> {
  const read = () => latency(CALLS, () => running.client.callTool('observe', OBSERVE));
  if (running.inspectPort === undefined) return read();
  const inspector = await inspectorOn(running.inspectPort);
  try {
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: 50 });
    await inspector.send('Profiler.start');
    const figure = await read();
    const { profile } = (await inspector.send('Profiler.stop')) as { profile: unknown };
    writeFileSync(PROFILE as string, JSON.stringify(profile));
    return figure;
  } finally {
    inspector.close();
  }
}

/** A DevTools protocol session with the process whose inspector listens on `port`. */
async function inspectorOn(port: number): Promise<{ send(method: string, params?: object): Promise<unknown>; close(): void }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 1;
  const waiting = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown; error?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, (message) => {
          waiting.delete(id);
          if (message.result === undefined) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
          else resolve(message.result);
        });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const specs = (named.length === 0 ? [`this=${BENCH_CLI}`, 'floor'] : named).slice(0, PROFILE === undefined ? undefined : 1);
  const sides = specs.map((spec, i) => {
    const profiled = i === 0 && PROFILE !== undefined;
    if (spec === 'floor') return floorSide(profiled);
    const [name, cli] = spec.split('=') as [string, string];
    return daemonSide(name, cli, profiled);
  });
  const figures = new Map<string, Array<{ p50: number; p99: number }>>(sides.map((side) => [side.name, []]));
  const warm = new Map<string, Running>();
  try {
    // A first daemon in each state dir writes its code caches (as a user's has them).
    if (FRESH) for (const side of sides) await (await side.start()).stop();
    else for (const side of sides) warm.set(side.name, await side.start());
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const line: string[] = [];
      for (const side of order) {
        const running = warm.get(side.name) ?? (await side.start());
        const figure = await timed(running);
        if (FRESH) await running.stop();
        figures.get(side.name)!.push(figure);
        line.push(`${side.name} p50 ${figure.p50.toFixed(3)} p99 ${figure.p99.toFixed(3)}`);
      }
      console.log(`round ${round + 1}: ${line.join(' | ')}`);
    }
    for (const [name, runs] of figures) {
      const p50 = median(runs.map((run) => run.p50));
      const p99 = median(runs.map((run) => run.p99));
      console.log(`${name}: median of ${runs.length} rounds: p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`);
    }
  } finally {
    for (const running of warm.values()) await running.stop();
    for (const side of sides) side.dispose();
  }
}

await main();
