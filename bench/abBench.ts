// `BENCH_BASE_CLI=/path/to/old/dist/cli.js npx tsx bench/abBench.ts`: this build against another on
// the same machine at the same time — two daemons, measured in interleaved rounds, so machine
// drift falls on both sides. Prints ratios; nothing is written.
import { request, Agent } from 'node:http';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { answerCommands, logEntry, median, percentile, RawMcpClient, startDaemonProcess, type DaemonProcess } from './lib.js';

const BASE = process.env.BENCH_BASE_CLI;
const ROUNDS = 6;

async function samples(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

const batch = JSON.stringify({ entries: Array.from({ length: 100 }, (_, i) => logEntry(i)) });
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
function post(port: number): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/logs',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(batch), ...EXTENSION_HEADERS },
      },
      (res) => res.resume().on('end', () => resolve()),
    );
    req.end(batch);
  });
}
async function ingestRate(port: number, ms: number): Promise<number> {
  const until = performance.now() + ms;
  let entries = 0;
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (performance.now() < until) {
        await post(port);
        entries += 100;
      }
    }),
  );
  return entries / (ms / 1000);
}

async function main(): Promise<void> {
  if (BASE === undefined) throw new Error('set BENCH_BASE_CLI to the other build’s dist/cli.js');
  const sides = [
    { name: 'base', daemon: await startDaemonProcess(BASE) },
    { name: 'this', daemon: await startDaemonProcess('dist/cli.js') },
  ];
  const stop = new AbortController();
  const figures = new Map<string, { observe: number[]; roundTrip: number[]; ingest: number[] }>();
  const clients = new Map<string, RawMcpClient>();
  for (const { name, daemon } of sides) {
    await post(daemon.port);
    clients.set(name, await new RawMcpClient(daemon.port, daemon.token).connect());
    void answerCommands(daemon, stop.signal);
    figures.set(name, { observe: [], roundTrip: [], ingest: [] });
  }
  for (let round = 0; round <= ROUNDS; round++) {
    for (const { name, daemon } of round % 2 === 0 ? sides : [...sides].reverse()) {
      const client = clients.get(name) as RawMcpClient;
      const observe = await samples(300, () => client.callTool('observe', { what: 'logs' }));
      const roundTrip = await samples(60, () =>
        client.callTool('interact', { action: 'execute_js', script: 'return 1', wait_ms: 5_000 }),
      );
      const ingest = await ingestRate(daemon.port, 2_000);
      if (round === 0) continue; // warm-up
      const f = figures.get(name) as { observe: number[]; roundTrip: number[]; ingest: number[] };
      f.observe.push(...observe);
      f.roundTrip.push(...roundTrip);
      f.ingest.push(ingest);
    }
  }
  stop.abort();
  const row = (label: string, pick: (name: string) => number, unit: string) => {
    const [base, now] = [pick('base'), pick('this')];
    process.stdout.write(
      `${label.padEnd(42)} base ${base.toFixed(2)} ${unit}  this ${now.toFixed(2)} ${unit}  ratio ${(now / base).toFixed(2)}\n`,
    );
  };
  const q = (values: number[], p: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    );
  row('observe 100 entries, lean client, p50', (n) => q(figures.get(n)!.observe, 50), 'ms');
  row('observe 100 entries, lean client, p99', (n) => q(figures.get(n)!.observe, 99), 'ms');
  row('command round trip, p50', (n) => q(figures.get(n)!.roundTrip, 50), 'ms');
  row('command round trip, p99', (n) => q(figures.get(n)!.roundTrip, 99), 'ms');
  row('ingest, 4 senders × 100, median of rounds', (n) => median(figures.get(n)!.ingest), 'entries/s');
  for (const client of clients.values()) client.close();
  for (const { daemon } of sides) await daemon.stop();
  agent.destroy();
}

await main();
