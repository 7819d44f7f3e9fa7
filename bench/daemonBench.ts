import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  answerCommands,
  BENCH_CLI,
  latency,
  logEntry,
  RawMcpClient,
  startDaemonProcess,
  throughput,
  type DaemonProcess,
} from './lib.js';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';

export interface DaemonFigures {
  toolsListBytes: number;
  observeRawP50: number;
  observeRawP99: number;
  observeRawCallsPerS: number;
  observeHttpP50: number;
  observeHttpP99: number;
  observeHttpCallsPerS: number;
  observeBridgeP50: number;
  observeBridgeP99: number;
  observeBridgeCallsPerS: number;
  interactQueuedP50: number;
  interactQueuedP99: number;
  roundTripP50: number;
  roundTripP99: number;
  ingestPerS: number;
  bridgeIdleRssMb: number;
  rss100kMb: number;
  rss500kMb: number;
}

const SEQUENTIAL_CALLS = 2_000;
const THROUGHPUT_MS = 5_000;
const ROUND_TRIPS = 200;
const INGEST_MS = 10_000;

async function httpClient(daemon: DaemonProcess): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${daemon.port}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${daemon.token}` } },
  });
  await client.connect(transport);
  return client;
}

async function bridgeClient(daemon: DaemonProcess): Promise<{ client: Client; rssMb: () => number }> {
  const client = new Client({ name: 'bench-bridge', version: '1' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BENCH_CLI, 'mcp', '--port', String(daemon.port), '--state-dir', daemon.stateDir],
    stderr: 'ignore',
  });
  await client.connect(transport);
  return {
    client,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${transport.pid}/status`, 'utf8'))?.[1]) / 1024,
  };
}

export async function ingest(daemon: DaemonProcess, batches: number, senders: number): Promise<void> {
  const body = JSON.stringify({ entries: Array.from({ length: 100 }, (_, i) => logEntry(i)) });
  let next = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next++ < batches) {
        await fetch(`http://127.0.0.1:${daemon.port}/logs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
          body,
        }).then((r) => r.arrayBuffer());
      }
    }),
  );
}

async function ingestRate(daemon: DaemonProcess): Promise<number> {
  const body = JSON.stringify({ entries: Array.from({ length: 100 }, (_, i) => logEntry(i)) });
  const started = performance.now();
  const until = started + INGEST_MS;
  let batches = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        const response = await fetch(`http://127.0.0.1:${daemon.port}/logs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
          body,
        });
        const answer = (await response.json()) as { received: number };
        if (answer.received !== 100) throw new Error('ingest dropped entries');
        batches++;
      }
    }),
  );
  return (batches * 100) / ((performance.now() - started) / 1000);
}

/** One full run: MCP figures on one daemon process, ingest and memory each on a fresh one. */
export async function runDaemonBench(): Promise<DaemonFigures> {
  const daemon = await startDaemonProcess();
  const stopExtension = new AbortController();
  try {
    const client = await httpClient(daemon);
    const toolsListBytes = JSON.stringify(await client.listTools()).length;
    await ingest(daemon, 1, 1);
    const observe = (c: Client) => c.callTool({ name: 'observe', arguments: { what: 'logs', limit: 100 } });
    const check = await observe(client);
    if ((check.structuredContent as { count: number }).count !== 100) throw new Error('observe did not return 100 entries');

    const raw = await new RawMcpClient(daemon.port, daemon.token).connect();
    const rawObserve = (c: RawMcpClient) => c.callTool('observe', { what: 'logs', limit: 100 });
    await latency(200, () => rawObserve(raw));
    const observeRaw = await latency(SEQUENTIAL_CALLS, () => rawObserve(raw));
    const raws = await Promise.all(Array.from({ length: 8 }, () => new RawMcpClient(daemon.port, daemon.token).connect()));
    const observeRawCallsPerS = await throughput(8, THROUGHPUT_MS, (i) => rawObserve(raws[i] as RawMcpClient));
    for (const c of [raw, ...raws]) c.close();

    await latency(200, () => observe(client)); // warm-up
    const observeHttp = await latency(SEQUENTIAL_CALLS, () => observe(client));
    const httpClients = await Promise.all(Array.from({ length: 8 }, () => httpClient(daemon)));
    const observeHttpCallsPerS = await throughput(8, THROUGHPUT_MS, (i) => observe(httpClients[i] as Client));

    const { client: bridge, rssMb: bridgeRss } = await bridgeClient(daemon);
    const bridgeIdleRssMb = bridgeRss();
    await latency(200, () => observe(bridge));
    const observeBridge = await latency(SEQUENTIAL_CALLS, () => observe(bridge));
    const observeBridgeCallsPerS = await throughput(8, THROUGHPUT_MS, () => observe(bridge));

    const extension = answerCommands(daemon, stopExtension.signal, { success: true, data: 'Bench Title' });
    await latency(100, () => client.callTool({ name: 'interact', arguments: { action: 'refresh' } }));
    const interactQueued = await latency(SEQUENTIAL_CALLS, () =>
      client.callTool({ name: 'interact', arguments: { action: 'refresh' } }),
    );
    const roundTripCall = () =>
      client
        .callTool({ name: 'interact', arguments: { action: 'execute_js', script: 'return document.title', wait_ms: 5_000 } })
        .then((r) => {
          if ((r.structuredContent as { status: string }).status !== 'complete')
            throw new Error('round trip did not complete inline');
        });
    await latency(50, roundTripCall);
    const roundTrip = await latency(ROUND_TRIPS, roundTripCall);
    stopExtension.abort();
    await extension;

    for (const c of [client, bridge, ...httpClients]) await c.close();

    // Ingest on a fresh daemon: 4 senders, the same pre-serialised batch of 100, for 10 s.
    const ingestDaemon = await startDaemonProcess();
    const ingestPerS = await ingestRate(ingestDaemon);
    await ingestDaemon.stop();

    // RSS: a fresh daemon, 500 000 entries in batches of 100, sampled at 100 000 and 500 000.
    const fresh = await startDaemonProcess();
    await ingest(fresh, 1_000, 4);
    const rss100kMb = fresh.rssKb() / 1024;
    await ingest(fresh, 4_000, 4);
    const rss500kMb = fresh.rssKb() / 1024;
    await fresh.stop();

    return {
      toolsListBytes,
      observeRawP50: observeRaw.p50,
      observeRawP99: observeRaw.p99,
      observeRawCallsPerS,
      observeHttpP50: observeHttp.p50,
      observeHttpP99: observeHttp.p99,
      observeHttpCallsPerS,
      observeBridgeP50: observeBridge.p50,
      observeBridgeP99: observeBridge.p99,
      observeBridgeCallsPerS,
      interactQueuedP50: interactQueued.p50,
      interactQueuedP99: interactQueued.p99,
      roundTripP50: roundTrip.p50,
      roundTripP99: roundTrip.p99,
      ingestPerS,
      bridgeIdleRssMb,
      rss100kMb,
      rss500kMb,
    };
  } finally {
    stopExtension.abort();
    await daemon.stop();
  }
}
