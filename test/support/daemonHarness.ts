import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { FakeClock } from '../../src/adapters/outbound/clock/FakeClock.js';
import type { LifecycleRules } from '../../src/domain/command/LifecycleRules.js';
import { OUR_EXTENSION_ID, type AllowedExtensions } from '../../src/domain/extension/ourExtension.js';
import type { ConnectionLimits } from '../../src/adapters/inbound/http/KoaDaemonServer.js';
import { startDaemon, type RunningDaemon } from '../../src/composition/startDaemon.js';
import { T0 } from './lifecycleHarness.js';

export interface HarnessOptions {
  readonly fakeClock?: boolean;
  readonly rules?: Partial<LifecycleRules>;
  readonly extensions?: AllowedExtensions;
  readonly stateDir?: string;
  readonly maxSessions?: number;
  readonly resultBudget?: number;
  /** Keep the daemon's log lines (warn and above) for the test to read with `logs()`. */
  readonly captureLogs?: boolean;
  readonly connectionLimits?: Partial<ConnectionLimits>;
  /** False: every MCP message takes the SDK's dispatch (DirectToolCalls.ts), to compare the two. */
  readonly directToolCalls?: boolean;
  /** False: `POST /mcp` and `GET /health` go through the Koa app (mcpPosts.ts, healthGets.ts), to compare the two. */
  readonly leanRoutes?: boolean;
}

/**
 * A real daemon in this process (real Koa on a free port, real SDK transports), with a temp
 * state dir; optionally on the fake clock. `stop()` closes everything it opened.
 */
export async function startHarness(options: HarnessOptions = {}) {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'browsertap-test-'));
  const clock = options.fakeClock === true ? new FakeClock(T0) : undefined;
  const logLines: string[] = [];
  const daemon: RunningDaemon = await startDaemon({
    port: 0,
    stateDir,
    logLevel: options.captureLogs === true ? 'warn' : 'silent',
    logSink: { write: (line: string) => logLines.push(line) },
    ...(clock === undefined ? {} : { profile: 'fake-clock' as const, fakeClock: clock }),
    ...(options.rules === undefined ? {} : { rules: options.rules }),
    ...(options.extensions === undefined ? {} : { extensions: options.extensions }),
    ...(options.maxSessions === undefined ? {} : { maxSessions: options.maxSessions }),
    ...(options.resultBudget === undefined ? {} : { resultBudget: options.resultBudget }),
    ...(options.connectionLimits === undefined ? {} : { connectionLimits: options.connectionLimits }),
    ...(options.directToolCalls === undefined ? {} : { directToolCalls: options.directToolCalls }),
    ...(options.leanRoutes === undefined ? {} : { leanRoutes: options.leanRoutes }),
  });
  const base = `http://127.0.0.1:${daemon.port}`;
  const clients: Client[] = [];

  const harness = {
    daemon,
    clock,
    stateDir,
    base,
    port: daemon.port,
    token: daemon.token,
    /** Log lines written so far (with `captureLogs`), parsed. */
    logs: (): Array<Record<string, unknown>> => logLines.map((line) => JSON.parse(line) as Record<string, unknown>),
    /** fetch against the daemon; JSON body in, status + parsed JSON out. */
    async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      let json: any;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, headers: response.headers, body: json };
    },
    /** `call` as browsertap's extension makes it: with its `chrome-extension://` Origin. */
    ext(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
      return harness.call(method, path, body, { ...EXTENSION_HEADERS, ...headers });
    },
    /**
     * Until the daemon holds as many waits (long polls, `wait_ms` calls) as `accept` asks: a test
     * that moves on once a request is held must wait for that, never for a guess at how long it
     * takes this machine (a fixed sleep that was too short changed what the daemon did).
     */
    async holding(accept: (held: number) => boolean = (held) => held > 0): Promise<void> {
      // Bounded only so that a broken test ends; the condition itself is what is waited for.
      for (let i = 0; i < 2_000; i++) {
        if (accept((await harness.call('GET', '/health')).body.held_waits as number)) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error('the daemon never held the waits the test expected');
    },
    /** An MCP client over Streamable HTTP with the bearer token. */
    async client(name = 'test-client'): Promise<Client> {
      const client = new Client({ name, version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${daemon.token}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    extension(instanceId = 'inst-test', bootId = 'boot-1') {
      return new SimulatedExtension(base, instanceId, bootId);
    },
    async stop() {
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await daemon.stop();
      if (options.stateDir === undefined) rmSync(stateDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** What the real extension's requests carry (docs/security.md: the extension API answers only it). */
export const EXTENSION_HEADERS: Readonly<Record<string, string>> = { origin: `chrome-extension://${OUR_EXTENSION_ID}` };

/** Speaks the extension's side of docs/extension-protocol.md with plain fetch, as the real extension does. */
export class SimulatedExtension {
  /** Polls as a worker that claims each command before it starts it (the extension since it does). */
  claims = false;

  constructor(
    private readonly base: string,
    readonly instanceId: string,
    public bootId: string,
  ) {}

  /** Claims a command for this worker start, as the extension does before it runs one. */
  async claim(correlationId: string) {
    return post(`${this.base}/query-result`, { correlation_id: correlationId, status: 'pending', boot_id: this.bootId });
  }

  async poll(
    waitMs = 0,
    signal?: AbortSignal,
  ): Promise<
    Array<{
      id: string;
      correlation_id: string;
      type: string;
      params: Record<string, unknown>;
      tab_id?: number;
      default_tab_id?: number;
      resume?: boolean;
    }>
  > {
    // As the real extension polls: a POST, which carries its Origin.
    const response = await fetch(`${this.base}/pending-queries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
      body: JSON.stringify({
        instance_id: this.instanceId,
        boot_id: this.bootId,
        wait_ms: waitMs,
        ...(this.claims ? { claims: true } : {}),
      }),
      ...(signal === undefined ? {} : { signal }),
    });
    if (!response.ok) throw new Error(`poll failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { queries: [] }).queries;
  }

  async report(
    correlationId: string,
    status: string,
    extra: { result?: unknown; error?: string; message?: string; tab_id?: unknown } = {},
  ) {
    return post(`${this.base}/query-result`, { correlation_id: correlationId, status, ...extra });
  }

  async send(
    path: '/logs' | '/network-bodies' | '/websocket-events' | '/vitals' | '/actions' | '/picks' | '/performance',
    entries: unknown[],
  ) {
    return post(`${this.base}${path}`, { entries });
  }

  async page(event: { tab_id: number; url: string; title: string; event: string }) {
    return post(`${this.base}/page`, event);
  }
}

async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...EXTENSION_HEADERS },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The JSON payload of a tool result (structuredContent, checked against the text block). */
export function payload(result: unknown): any {
  const r = result as CallToolResult;
  const text = (r.content[0] as { type: string; text: string }).text;
  if (JSON.stringify(r.structuredContent) !== JSON.stringify(JSON.parse(text))) {
    throw new Error('structuredContent and the JSON text block differ');
  }
  return r.structuredContent;
}

export const logEntry = (overrides: Record<string, unknown> = {}) => ({
  level: 'error',
  message: 'TypeError: boom',
  source: 'console',
  url: 'http://localhost:3000/app',
  tab_id: 1,
  ts: Date.now(),
  ...overrides,
});

/** The JSON-RPC message(s) of an `/mcp` answer, whether the server framed it as JSON or as SSE. */
export function mcpMessages(text: string): any[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const parsed = JSON.parse(trimmed) as unknown;
    return Array.isArray(parsed) ? parsed : [parsed];
  }
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(line[5] === ' ' ? 6 : 5))
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data));
}
