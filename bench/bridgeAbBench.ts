// `BENCH_BASE_CLI=/path/to/old/dist/cli.cjs npx tsx bench/bridgeAbBench.ts`: the stdio bridge of this
// build against another's, and the floor (bare Node relaying each line to /mcp and the answer's data
// line back, bench/floor/relay.cjs), all three before one daemon of this build, beside the same read
// sent to its /mcp directly: the bridge's hop is the difference. Taken in turns in short rounds (the
// first of each round rotating) so that the machine's drift falls on every side. `BENCH_ROUNDS`
// (40 rounds of 50 reads a side), `BENCH_THROUGHPUT_MS` (each of 10 rounds of 8 callers, 2 000);
// `BENCH_BRIDGE_PROF=<dir>` runs each relay with `--cpu-prof` into that directory. Prints a table;
// nothing is written.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { ingest } from './daemonBench.js';
import { percentile, RawMcpClient, startDaemonProcess, type DaemonProcess } from './lib.js';

const BASE = process.env.BENCH_BASE_CLI;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** Sequential calls per side per round: 40 rounds make 2 000. */
const CALLS = 50;
const RATE_ROUNDS = 10;
const CALLERS = 8;
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 2_000);
const PROFILE_DIR = process.env.BENCH_BRIDGE_PROF;
const RELAY = new URL('./floor/relay.cjs', import.meta.url).pathname;
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

  /** A bridge (`cli mcp`), or with no `cli` the floor's relay, before `daemon`. */
  static async start(cli: string | undefined, daemon: DaemonProcess, label: string): Promise<LineClient> {
    const prof =
      PROFILE_DIR === undefined
        ? []
        : ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${label}.cpuprofile`];
    const args =
      cli === undefined
        ? [RELAY, String(daemon.port), daemon.token]
        : [cli, 'mcp', '--port', String(daemon.port), '--state-dir', daemon.stateDir];
    const child = spawn(process.execPath, [...prof, ...args], { stdio: ['pipe', 'pipe', 'ignore'] });
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
  readonly call: () => Promise<unknown>;
  readonly times: number[];
  readonly rates: number[];
}

const side = (name: string, call: () => Promise<unknown>): Side => ({ name, call, times: [], rates: [] });

/** `sides` in the order of round `round`: the first rotates. */
const turn = <T>(sides: readonly T[], round: number): T[] => [
  ...sides.slice(round % sides.length),
  ...sides.slice(0, round % sides.length),
];

async function main(): Promise<void> {
  if (BASE === undefined) throw new Error('set BENCH_BASE_CLI to the other build’s dist/cli.cjs');
  const daemon = await startDaemonProcess('dist/cli.cjs');
  await ingest(daemon, 1, 1);
  const relays = {
    base: await LineClient.start(BASE, daemon, 'base'),
    this: await LineClient.start('dist/cli.cjs', daemon, 'this'),
    floor: await LineClient.start(undefined, daemon, 'floor'),
  };
  const raw = await new RawMcpClient(daemon.port, daemon.token).connect();
  const sides = [
    ...Object.entries(relays).map(([name, relay]) => side(name, () => relay.read())),
    side('direct', () => raw.callTool(READ.name, READ.arguments)),
  ];
  for (const s of sides) for (let i = 0; i < 300; i++) await s.call();
  for (let round = 0; round < ROUNDS; round++) for (const s of turn(sides, round)) await timed(CALLS, s.call, s.times);
  if (THROUGHPUT_MS > 0) {
    const bridges = sides.slice(0, 3);
    for (let round = 0; round < RATE_ROUNDS; round++) for (const s of turn(bridges, round)) s.rates.push(await rate(s.call));
  }
  const q = (values: number[], p: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    );
  const [base, now, floor, direct] = sides as [Side, Side, Side, Side];
  const hop = (s: Side) => q(s.times, 50) - q(direct.times, 50);
  const rows: Array<[string, (s: Side) => number, string]> = [
    ['observe 100, p50', (s) => q(s.times, 50), 'ms'],
    ['observe 100, p99', (s) => q(s.times, 99), 'ms'],
    ['the hop: p50 − p50 of the same read over /mcp', hop, 'ms'],
    [`${CALLERS} callers on one bridge, median of ${RATE_ROUNDS} rounds`, (s) => q(s.rates, 50), 'calls/s'],
  ];
  process.stdout.write(
    `${ROUNDS * CALLS} reads a side in ${ROUNDS} rounds; over /mcp directly p50 ${q(direct.times, 50).toFixed(3)} ms, p99 ${q(direct.times, 99).toFixed(3)} ms\n`,
  );
  for (const [label, pick, unit] of rows) {
    const [b, n, f] = [base, now, floor].map(pick) as [number, number, number];
    process.stdout.write(
      `${label.padEnd(48)} base ${b.toFixed(3)}  this ${n.toFixed(3)}  floor ${f.toFixed(3)} ${unit}  this/base ${(n / b).toFixed(2)}\n`,
    );
  }
  for (const relay of Object.values(relays)) await relay.close();
  raw.close();
  await daemon.stop();
}

await main();
