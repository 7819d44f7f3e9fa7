import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { listenLocal } from '../../support/servers.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A daemon the test starts itself (`browsertap daemon`), as a person on the browser's machine would. */
export interface TestDaemon {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  stop(): Promise<void>;
}

export async function startTestDaemon(port: number, stateDir: string, extra: string[] = []): Promise<TestDaemon> {
  const child = spawn(process.execPath, ['dist/cli.js', 'daemon', '--port', String(port), '--state-dir', stateDir, ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 400 && !stderr.includes('daemon listening on'); i++) {
    if (child.exitCode !== null) break;
    await sleep(25);
  }
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** `browsertap token` on the daemon's state dir, written into `file` (0600) as a person copies it. */
export function copyToken(stateDir: string, file: string): string {
  const printed = spawnSync(process.execPath, ['dist/cli.js', 'token', '--state-dir', stateDir], { encoding: 'utf8' });
  if (printed.status !== 0) throw new Error(`browsertap token failed: ${printed.stderr}`);
  writeFileSync(file, printed.stdout, { mode: 0o600 });
  return printed.stdout.trim();
}

export interface RemoteBridge {
  readonly client: Client;
  readonly stderr: () => string;
  readonly pid: () => number | null;
  close(): Promise<void>;
}

/**
 * An SDK client over stdio to `node dist/cli.cjs mcp <args>` with only `env` (plus the SDK's
 * PATH-like defaults): HOME is the agent's machine's, no BROWSERTAP_* is inherited.
 */
export async function connectRemoteBridge(args: string[], env: Record<string, string>): Promise<RemoteBridge> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['dist/cli.cjs', 'mcp', ...args],
    env,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'remote-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    pid: () => transport.pid,
    close: () => client.close().catch(() => undefined),
  };
}

/** `configure health` through the bridge: its result, or the error message. */
export async function health(bridge: RemoteBridge): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  try {
    const result = (await bridge.client.callTool({ name: 'configure', arguments: { action: 'health' } })) as {
      content: Array<{ text?: string }>;
      isError?: boolean;
    };
    return { ok: true, text: result.content.map((block) => block.text ?? '').join('') };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** Something else on a port that answers every request with `answer` and records what reaches it. */
export async function startImpostor(answer: (url: string) => { status: number; body: unknown }, port = 0) {
  const seen: Recorded[] = [];
  const server = await listenLocal((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    const { status, body } = answer(req.url ?? '');
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }, port);
  return { port: server.port, seen, close: server.close };
}

/** Listens on a free loopback port; `close` ends the open sockets first (a held one would keep it open). */
async function listenTcp(server: Server, sockets: Set<Socket>): Promise<{ port: number; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that takes connections and never answers (a firewall that drops, a hung process). */
export async function startSilent(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  return listenTcp(server, sockets);
}

/** A TCP forward from a port of its own to `target` on loopback, bytes as they are (what `ssh -R` does). */
export async function startForward(target: number): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    sockets.add(inbound).add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  return listenTcp(server, sockets);
}

/** GET `path` on `host:port` with its own Host header: status and body. */
export function getWithHost(
  address: string,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: address, port, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

export const homeOf = (dir: string) => ({ HOME: dir });
export const tokenFileIn = (dir: string) => join(dir, 'browsertap-token');
