import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { BENCH_CLI, logEntry, percentile, startDaemonProcess, type DaemonProcess } from './lib.js';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';

export interface StreamFigures {
  notifyP50: number;
  notifyP99: number;
  ingestNoSubscriberPerS: number;
  ingestSubscribedPerS: number;
  ingestCostPct: number;
  cpuPerEntryNoSubscriberUs: number;
  cpuPerEntrySubscribedUs: number;
  cpuCostPct: number;
}

const EVENTS = 1_000;
/** Alternating windows without and with a subscriber. */
const ROUNDS = 4;
const WINDOW_MS = 2_500;

async function bridgeClient(daemon: DaemonProcess, onNotice: (data: Record<string, unknown>) => void): Promise<Client> {
  const client = new Client({ name: 'bench-stream', version: '1' });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) =>
    onNotice((n.params as { data: Record<string, unknown> }).data),
  );
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BENCH_CLI, 'mcp', '--port', String(daemon.port), '--state-dir', daemon.stateDir],
      stderr: 'ignore',
    }),
  );
  return client;
}

/** Ingest for `ms`; returns entries/s and the daemon's CPU time per entry (µs). */
async function ingestRate(daemon: DaemonProcess, ms: number): Promise<{ perS: number; cpuUs: number }> {
  // 10 % of the batch are console errors (see logEntry): what a subscriber to `error` matches.
  const body = JSON.stringify({ entries: Array.from({ length: 100 }, (_, i) => logEntry(i)) });
  const cpuBefore = daemon.cpuMs();
  const started = performance.now();
  const until = started + ms;
  let batches = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (performance.now() < until) {
        await fetch(`http://127.0.0.1:${daemon.port}/logs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
          body,
        }).then((r) => r.arrayBuffer());
        batches++;
      }
    }),
  );
  const entries = batches * 100;
  return { perS: entries / ((performance.now() - started) / 1000), cpuUs: ((daemon.cpuMs() - cpuBefore) * 1000) / entries };
}

/** Notification latency through the bridge, and what one subscriber costs ingest. */
export async function runStreamBench(): Promise<StreamFigures> {
  const daemon = await startDaemonProcess();
  const samples: number[] = [];
  try {
    let waiting: { id: string; resolve: () => void } | undefined;
    const client = await bridgeClient(daemon, (data) => {
      if (waiting !== undefined && String(data.message) === waiting.id) waiting.resolve();
    });
    await client.callTool({
      name: 'configure',
      arguments: { action: 'streaming', enabled: true, subscribe: ['error'], filters: { rate_limit: 1000 } },
    });
    for (let i = 0; i < EVENTS + 50; i++) {
      const id = `bench-event-${i}`;
      const arrived = new Promise<void>((resolve) => (waiting = { id, resolve }));
      const posted = performance.now();
      await fetch(`http://127.0.0.1:${daemon.port}/logs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
        body: JSON.stringify({ entries: [{ ...logEntry(0), level: 'error', message: id }] }),
      }).then((r) => r.arrayBuffer());
      await arrived;
      if (i >= 50) samples.push(performance.now() - posted);
    }
    await client.close();
  } finally {
    await daemon.stop();
  }
  samples.sort((a, b) => a - b);

  // Ingest cost: one daemon, alternating 4 s windows without and with a subscriber, so both
  // sides see the same process, heap and machine state.
  const daemonForIngest = await startDaemonProcess();
  let notices = 0;
  const subscriber = await bridgeClient(daemonForIngest, () => notices++);
  await ingestRate(daemonForIngest, 6_000); // warm-up: the JIT keeps improving for several seconds
  const without: Array<{ perS: number; cpuUs: number }> = [];
  const withSubscriber: Array<{ perS: number; cpuUs: number }> = [];
  const measure = async (subscribed: boolean) => {
    const args = subscribed
      ? { action: 'streaming', enabled: true, subscribe: ['error'] }
      : { action: 'streaming', enabled: false };
    await subscriber.callTool({ name: 'configure', arguments: args });
    (subscribed ? withSubscriber : without).push(await ingestRate(daemonForIngest, WINDOW_MS));
  };
  // A B B A order, twice: any drift (warm-up, heap growth) falls on both sides alike.
  for (let round = 0; round < ROUNDS / 2; round++) {
    for (const subscribed of [false, true, true, false]) await measure(subscribed);
  }
  await subscriber.close();
  await daemonForIngest.stop();
  if (notices === 0) throw new Error('the subscriber received nothing');
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const ingestNoSubscriberPerS = mean(without.map((w) => w.perS));
  const ingestSubscribedPerS = mean(withSubscriber.map((w) => w.perS));
  const cpuPerEntryNoSubscriberUs = mean(without.map((w) => w.cpuUs));
  const cpuPerEntrySubscribedUs = mean(withSubscriber.map((w) => w.cpuUs));

  return {
    notifyP50: percentile(samples, 50),
    notifyP99: percentile(samples, 99),
    ingestNoSubscriberPerS,
    ingestSubscribedPerS,
    ingestCostPct: (1 - ingestSubscribedPerS / ingestNoSubscriberPerS) * 100,
    cpuPerEntryNoSubscriberUs,
    cpuPerEntrySubscribedUs,
    cpuCostPct: (cpuPerEntrySubscribedUs / cpuPerEntryNoSubscriberUs - 1) * 100,
  };
}
