// `BENCH_BASE_CLI=/path/to/old/dist/cli.cjs npx tsx bench/bridgeAbBench.ts`: the stdio bridge of this
// build against another's, each in front of its own build's daemon, in alternating rounds on the same
// machine, beside the same read sent to each daemon's /mcp directly (the bridge's hop is the
// difference). `BENCH_BRIDGE_PROF=<dir>` runs each bridge with `--cpu-prof` into that directory.
// Prints a table; nothing is written.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { ingest } from './daemonBench.js';
import { percentile, RawMcpClient, startDaemonProcess, type DaemonProcess } from './lib.js';

const BASE = process.env.BENCH_BASE_CLI;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
/** Sequential calls per side per round: 10 rounds make 2 000. */
const CALLS = 200;
const CALLERS = 8;
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 2_000);
const PROFILE_DIR = process.env.BENCH_BRIDGE_PROF;
const READ = { name: 'observe', arguments: { what: 'logs', limit: 100 } };

interface Answer {
  readonly result?: { readonly structuredContent?: { readonly count?: number } };
}

/**
 * A lean MCP client on a bridge's stdio: one JSON line out per call, answers matched by id; no
 * schema checks, so what it measures is the bridge and the daemon, not an SDK client.
 */
class LineClient {
  private next = 1;
  private pending = '';
  private readonly waiting = new Map<number, (message: Answer) => void>();

  constructor(private readonly child: ChildProcessByStdio<Writable, Readable, null>) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.pending += chunk;
      for (let end = this.pending.indexOf('\n'); end !== -1; end = this.pending.indexOf('\n')) {
        const line = this.pending.slice(0, end);
        this.pending = this.pending.slice(end + 1);
        const message = JSON.parse(line) as Answer & { id?: number };
        if (typeof message.id === 'number') this.waiting.get(message.id)?.(message);
        this.waiting.delete(message.id as number);
      }
    });
  }

  static async start(cli: string, daemon: DaemonProcess, label: string): Promise<LineClient> {
    const prof =
      PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${label}.cpuprofile`];
    const child = spawn(process.execPath, [...prof, cli, 'mcp', '--port', String(daemon.port), '--state-dir', daemon.stateDir], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const client = new LineClient(child);
    await client.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bridge-ab', version: '1' },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    return client;
  }

  request(method: string, params: unknown): Promise<Answer> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  }

  async read(): Promise<void> {
    const answer = await this.request('tools/call', READ);
    if (answer.result?.structuredContent?.count !== 100)
      throw new Error(`no 100 entries: ${JSON.stringify(answer).slice(0, 200)}`);
  }

  async close(): Promise<void> {
    this.child.stdin.end();
    await new Promise((resolve) => this.child.once('exit', resolve));
  }
}

async function timed(n: number, fn: () => Promise<unknown>, into: number[]): Promise<void> {
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    into.push(performance.now() - started);
  }
}

async function rate(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const until = started + THROUGHPUT_MS;
  let done = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (performance.now() < until) {
        await fn();
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

interface Side {
  readonly name: string;
  readonly daemon: DaemonProcess;
  readonly bridge: LineClient;
  readonly direct: RawMcpClient;
  readonly bridged: number[];
  readonly straight: number[];
  readonly rates: number[];
}

async function side(name: string, cli: string): Promise<Side> {
  const daemon = await startDaemonProcess(cli);
  await ingest(daemon, 1, 1);
  const bridge = await LineClient.start(cli, daemon, name);
  const direct = await new RawMcpClient(daemon.port, daemon.token).connect();
  for (let i = 0; i < 300; i++) await bridge.read();
  for (let i = 0; i < 300; i++) await direct.callTool(READ.name, READ.arguments);
  return { name, daemon, bridge, direct, bridged: [], straight: [], rates: [] };
}

async function main(): Promise<void> {
  if (BASE === undefined) throw new Error('set BENCH_BASE_CLI to the other build’s dist/cli.cjs');
  const sides = [await side('base', BASE), await side('this', 'dist/cli.cjs')];
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 === 0 ? sides : [...sides].reverse()) {
      await timed(CALLS, () => s.bridge.read(), s.bridged);
      await timed(CALLS / 2, () => s.direct.callTool(READ.name, READ.arguments), s.straight);
      s.rates.push(await rate(() => s.bridge.read()));
    }
  }
  const q = (values: number[], p: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    );
  const median = (values: number[]) => q(values, 50);
  const rows: Array<[string, (s: Side) => number, string]> = [
    ['observe 100 through the bridge, p50', (s) => q(s.bridged, 50), 'ms'],
    ['observe 100 through the bridge, p99', (s) => q(s.bridged, 99), 'ms'],
    ['the same to /mcp directly, p50', (s) => q(s.straight, 50), 'ms'],
    ['the bridge’s hop (p50 bridge − p50 direct)', (s) => q(s.bridged, 50) - q(s.straight, 50), 'ms'],
    [`${CALLERS} callers on one bridge, median of rounds`, (s) => median(s.rates), 'calls/s'],
  ];
  process.stdout.write(`${ROUNDS} rounds, ${ROUNDS * CALLS} bridged reads a side\n`);
  for (const [label, pick, unit] of rows) {
    const [base, now] = sides.map(pick) as [number, number];
    process.stdout.write(
      `${label.padEnd(46)} base ${base.toFixed(3)} ${unit}  this ${now.toFixed(3)} ${unit}  this/base ${(now / base).toFixed(2)}\n`,
    );
  }
  for (const s of sides) {
    await s.bridge.close();
    s.direct.close();
    await s.daemon.stop();
  }
}

await main();
