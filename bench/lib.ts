import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import WebSocket from 'ws';
import { DAEMON_ENV } from '../src/composition/daemonFlags.js';
import { freePort, tempDir } from '../test/support/processes.js';
import { EXTENSION_HEADERS, mcpMessages } from '../test/support/daemonHarness.js';

/** Percentile of already-sorted samples (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Runs `fn` `n` times in sequence and returns p50/p99 of the durations (ms). */
export async function latency(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** `callers` loops calling `fn` as fast as they can for `ms`; returns completed calls per second. */
export async function throughput(callers: number, ms: number, fn: (caller: number) => Promise<unknown>): Promise<number> {
  const until = performance.now() + ms;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      while (performance.now() < until) {
        await fn(caller);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export interface DaemonProcess {
  readonly port: number;
  readonly stateDir: string;
  readonly child: ChildProcess;
  readonly token: string;
  rssKb(): number;
  /**
   * The daemon's V8 heap in use after a full collection (MB), read over its inspector: only for a
   * daemon started with `{ inspect: true }`.
   */
  heapAfterGcMb(): Promise<number>;
  /** CPU time the daemon process has used so far (user + system, ms; 10 ms resolution). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/**
 * The V8 flags a build's own bridge puts on its daemon's command line: none since the daemon sets
 * its own at run time (src/composition/daemonFlags.ts); builds before that named them in
 * `DAEMON_V8_FLAGS`, read here from the build's dist/cli.cjs, so a build measured beside this one
 * starts as its own bridge would start it.
 */
export function launchFlags(cli: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(dirname(cli), 'cli.cjs'), 'utf8');
  } catch {
    return [];
  }
  const named = /DAEMON_V8_FLAGS=(\[[^\]]*\])/.exec(text)?.[1];
  return named === undefined ? [] : (JSON.parse(named) as string[]);
}

/**
 * The environment a build's own bridge gives its daemon (`DAEMON_ENV`, read from the build's
 * dist/cli.cjs), so a build measured beside this one gets what its bridge gave it; this
 * checkout's when the file names none.
 */
export function launchEnv(cli: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(join(dirname(cli), 'cli.cjs'), 'utf8');
  } catch {
    return { ...DAEMON_ENV };
  }
  const named = /DAEMON_ENV=\{([^}]*)\}/.exec(text)?.[1];
  if (named === undefined) return { ...DAEMON_ENV };
  return Object.fromEntries([...named.matchAll(/(\w+):"([^"]*)"/g)].map(([, key, value]) => [key as string, value as string]));
}

/** The CLI the benches run: this checkout's build, or another build to compare (`BENCH_CLI=/path/to/dist/cli.js`). */
export const BENCH_CLI = process.env.BENCH_CLI ?? 'dist/cli.cjs';

/** `cli daemon` on `port` with `stateDir`, logging warnings only: a bench's daemon, after any Node flags. */
export function daemonArgs(cli: string, port: number, stateDir: string): string[] {
  return [cli, 'daemon', '--port', String(port), '--state-dir', stateDir, '--log-level', 'warn'];
}

/**
 * The built daemon as its own process (as a bridge would start it), logging warnings only.
 * `inspect` opens its inspector on another loopback port, for `heapAfterGcMb`; `nodeFlags` go on
 * its command line before the CLI (a CPU profile's, bench/observeProfile.ts); a `stateDir` given
 * is used (and kept at its stop) instead of a fresh one.
 */

export async function startDaemonProcess(
  cli = BENCH_CLI,
  options: { inspect?: boolean; nodeFlags?: readonly string[]; stateDir?: string } = {},
): Promise<DaemonProcess> {
  const port = await freePort();
  const inspectPort = options.inspect === true ? await freePort() : undefined;
  const stateDir = options.stateDir ?? tempDir('browsertap-bench-');
  // Started the way a bridge starts it (src/composition/commands/bridgeCommand.ts).
  const child = spawn(
    process.execPath,
    [
      ...launchFlags(cli),
      ...(inspectPort === undefined ? [] : [`--inspect=127.0.0.1:${inspectPort}`]),
      ...(options.nodeFlags ?? []),
      ...daemonArgs(cli, port, stateDir),
    ],
    {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, ...launchEnv(cli) },
    },
  );
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return {
    port,
    stateDir,
    child,
    token: readFileSync(join(stateDir, 'token'), 'utf8').trim(),
    rssKb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]),
    heapAfterGcMb: async () => {
      if (inspectPort === undefined) throw new Error('started without { inspect: true }');
      return heapAfterGcMb(inspectPort);
    },
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (options.stateDir === undefined) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** A process's V8 heap in use after `HeapProfiler.collectGarbage` (MB), over its inspector on `port`. */
async function heapAfterGcMb(port: number): Promise<number> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let next = 1;
  const send = (method: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = next++;
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { id?: number; result?: Record<string, unknown>; error?: unknown };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.result === undefined) reject(new Error(`${method}: ${JSON.stringify(message.error)}`));
        else resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    const { usedSize } = (await send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize / 2 ** 20;
  } finally {
    socket.close();
  }
}

export function machine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}`;
}

export const logEntry = (i: number, overrides: Record<string, unknown> = {}) => ({
  level: i % 10 === 0 ? 'error' : 'log',
  message: `request ${i} finished: GET /api/items?page=${i % 50} → 200 in ${i % 97} ms`,
  source: 'console',
  url: 'http://localhost:3000/app/dashboard',
  tab_id: 1,
  ts: 1_767_225_600_000 + i,
  ...overrides,
});

/**
 * A lean MCP client over Streamable HTTP: keep-alive node:http, JSON in, the answer's JSON-RPC
 * message out (JSON or SSE framing), no schema validation. It measures what the daemon costs,
 * where the SDK `Client` adds its own parsing.
 */
export class RawMcpClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private headers: Record<string, string> = {};
  private next = 1;

  constructor(
    private readonly port: number,
    private readonly token: string,
  ) {}

  async connect(): Promise<this> {
    this.headers = { accept: 'application/json, text/event-stream', authorization: `Bearer ${this.token}` };
    const init = await this.post({
      jsonrpc: '2.0',
      id: this.next++,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-bench', version: '1' } },
    });
    this.headers = { ...this.headers, 'mcp-session-id': init.sessionId as string, 'mcp-protocol-version': '2025-06-18' };
    await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return this;
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<{ structuredContent?: unknown; isError?: boolean }> {
    const { body } = await this.post({
      jsonrpc: '2.0',
      id: this.next++,
      method: 'tools/call',
      params: { name, arguments: args },
    });
    const message = mcpMessages(body)[0] as {
      result?: { structuredContent?: unknown; isError?: boolean };
      error?: { message: string };
    };
    if (message.result === undefined) throw new Error(message.error?.message ?? 'no result');
    return message.result;
  }

  async ping(): Promise<void> {
    await this.post({ jsonrpc: '2.0', id: this.next++, method: 'ping' });
  }

  close(): void {
    this.agent.destroy();
  }

  private post(message: unknown): Promise<{ body: string; sessionId?: string }> {
    const text = JSON.stringify(message);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'POST',
          path: '/mcp',
          agent: this.agent,
          headers: { ...this.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              body: Buffer.concat(chunks).toString('utf8'),
              sessionId: res.headers['mcp-session-id'] as string | undefined,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }
}

/**
 * A simulated extension: long polls and completes every command it is handed at once, with
 * `result`, until `stop` aborts. Resolves when it has stopped.
 */
export function answerCommands(
  daemon: DaemonProcess,
  stop: AbortSignal,
  result: unknown = { success: true, data: 1 },
): Promise<void> {
  const base = `http://127.0.0.1:${daemon.port}`;
  return (async () => {
    while (!stop.aborted) {
      try {
        const poll = await fetch(`${base}/pending-queries?instance_id=bench&boot_id=1&wait_ms=25000`, {
          signal: stop,
          headers: EXTENSION_HEADERS,
        });
        const { queries } = (await poll.json()) as { queries: Array<{ correlation_id: string }> };
        await Promise.all(
          queries.map((query) =>
            fetch(`${base}/query-result`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
              body: JSON.stringify({ correlation_id: query.correlation_id, status: 'complete', result }),
            }).then((response) => response.arrayBuffer()),
          ),
        );
      } catch {
        // stopped
      }
    }
  })();
}
