// browsertap's extension, simulated for the benches that measure the daemon alone: it speaks what
// the real worker speaks (extension/src/worker: PollLoop, DaemonChannel, CommandRunner), its channel
// first — a WebSocket on which commands are pushed and each claim and result is answered — and,
// when the daemon serves none (an older build), long polls of /pending-queries with each claim and
// result posted. Every command is claimed before it is acted on, as the worker does: by the daemon as it
// pushes it on the channel (`claim_on_delivery`; an older daemon ignores it and the claim is sent), or by
// a claim posted over HTTP.
import { WebSocket } from 'ws';
import { CHANNEL_PATH } from '../src/domain/wire/channel.js';
import { EXTENSION_HEADERS } from '../test/support/daemonHarness.js';
import { JsonHttp } from './jsonHttp.js';

export interface SimulatedOptions {
  /** `http`: the fallback only (the daemon's HTTP API), as against a daemon without the channel. */
  readonly transport?: 'channel' | 'http';
  /** false: acts without claiming first (the protocol before commands ran once); over HTTP only. */
  readonly claims?: boolean;
  readonly holdMs?: () => number;
  readonly posted?: (correlationId: string, at: number) => void;
}

const INSTANCE = 'bench';
const BOOT = 'b1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs until `stop` aborts; which transport it ended up on is what `onTransport` heard. */
export async function simulateExtension(
  port: number,
  stop: AbortSignal,
  options: SimulatedOptions = {},
  onTransport: (transport: 'channel' | 'http') => void = () => undefined,
): Promise<void> {
  if (options.transport !== 'http' && options.claims !== false && (await overChannel(port, stop, options, onTransport))) return;
  onTransport('http');
  await overHttp(port, stop, options);
}

/** The channel, served until `stop`; false when the daemon refused to open one (it has none). */
function overChannel(
  port: number,
  stop: AbortSignal,
  options: SimulatedOptions,
  onTransport: (transport: 'channel') => void,
): Promise<boolean> {
  return new Promise((resolve) => {
    const query = new URLSearchParams({ instance_id: INSTANCE, boot_id: BOOT, claims: 'true', claim_on_delivery: 'true' });
    const socket = new WebSocket(`ws://127.0.0.1:${port}${CHANNEL_PATH}?${query.toString()}`, {
      origin: EXTENSION_HEADERS.origin,
      perMessageDeflate: false,
    });
    let opened = false;
    let next = 1;
    const waiting = new Map<number, (answer: { accepted?: boolean }) => void>();
    const request = (body: unknown) =>
      new Promise<{ accepted?: boolean }>((answered) => {
        const id = next++;
        waiting.set(id, answered);
        socket.send(JSON.stringify({ type: 'result', id, body }));
      });
    socket.on('open', () => {
      opened = true;
      onTransport('channel');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(opened));
    stop.addEventListener('abort', () => socket.close(1000), { once: true });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        id?: number;
        queries?: Array<{ correlation_id: string; claimed?: boolean }>;
      };
      if (message.type !== 'queries') {
        const answered = message.id === undefined ? undefined : waiting.get(message.id);
        if (answered !== undefined) {
          waiting.delete(message.id as number);
          answered(message as { accepted?: boolean });
        }
        return;
      }
      for (const { correlation_id, claimed } of message.queries ?? []) {
        void (async () => {
          if (claimed !== true) {
            const claim = await request({ correlation_id, status: 'pending', boot_id: BOOT });
            if (claim.accepted !== true) return;
          }
          const hold = options.holdMs?.() ?? 0;
          if (hold > 0) await sleep(hold);
          options.posted?.(correlation_id, performance.now());
          await request({ correlation_id, status: 'complete', result: { success: true, data: 'Bench Title' } });
        })();
      }
    });
  });
}

async function overHttp(port: number, stop: AbortSignal, options: SimulatedOptions): Promise<void> {
  const http = new JsonHttp(port, 2);
  try {
    while (!stop.aborted) {
      let queries: Array<{ correlation_id: string }>;
      try {
        const poll = await http.post(
          '/pending-queries',
          { instance_id: INSTANCE, boot_id: BOOT, wait_ms: 25_000, ...(options.claims === false ? {} : { claims: true }) },
          EXTENSION_HEADERS,
          stop,
        );
        queries = (JSON.parse(poll.body) as { queries: typeof queries }).queries;
      } catch {
        continue;
      }
      await Promise.all(
        queries.map(async ({ correlation_id }) => {
          if (options.claims !== false) {
            await http.post('/query-result', { correlation_id, status: 'pending', boot_id: BOOT }, EXTENSION_HEADERS);
          }
          const hold = options.holdMs?.() ?? 0;
          if (hold > 0) await sleep(hold);
          options.posted?.(correlation_id, performance.now());
          await http.post(
            '/query-result',
            { correlation_id, status: 'complete', result: { success: true, data: 'Bench Title' } },
            EXTENSION_HEADERS,
          );
        }),
      );
    }
  } finally {
    http.close();
  }
}
