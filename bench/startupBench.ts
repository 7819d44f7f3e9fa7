// `node --import tsx bench/startupBench.ts [cli.js …]`: docs/install.md's start-up and memory figures
// for one or more builds, measured in turns so machine drift hits each build alike (default:
// this checkout's dist/cli.js; pass an older build's cli.js to compare). Prints a Markdown
// table of medians; docs/benchmarks.md keeps the latest run.
//   daemon spawn → /health answered       (target < 250 ms)
//   bridge spawn → initialize answered    (no daemon running; target < 100 ms)
//   bridge spawn → first tools/call       (no daemon running; target < 400 ms)
//   bridge RSS after its first call       (target < 45 MB)
//   first session on a running daemon     (a daemon up 2.5 s, no client yet: a bridge's first call)
//   remote bridge, a silent URL           (spawn → the first call's error; target < 3 000 ms, docs/install.md)
//   bridge exit when stdin closes         (mid-call, a wait held in the daemon; target < 1 000 ms)
//   daemon RSS after 500 000 entries      (target < 90 MB)
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { freePort, tempDir } from '../test/support/processes.js';
import { ingest } from './daemonBench.js';
import { launchEnv, launchFlags, median, startDaemonProcess } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 11);
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The bridge's stdout holds the answer to request `id`. */
const answered = (out: string, id: number) => out.includes(`"id":${id},`) || out.includes(`"id":${id}}`);

/**
 * A stdio bridge's MCP session: `initialize` sent (and `notifications/initialized` after it, unless
 * `initialized: false`), `send` for the next messages, `out` for what it has answered so far.
 */
function mcpSession(
  child: ChildProcessByStdio<Writable, Readable, null>,
  initialized = true,
): { send: (message: object) => void; out: () => string } {
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
  send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
  });
  if (initialized) send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { send, out: () => out };
}

async function daemonSpawn(cli: string): Promise<number> {
  const port = await freePort();
  const stateDir = tempDir('browsertap-bench-');
  const started = performance.now();
  const child = spawn(process.execPath, [...launchFlags(cli), cli, 'daemon', '--port', String(port), '--state-dir', stateDir], {
    stdio: 'ignore',
    env: { ...process.env, ...launchEnv(cli) },
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(2);
  }
  const ms = performance.now() - started;
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(stateDir, { recursive: true, force: true });
  return ms;
}

async function bridgeCold(cli: string): Promise<{ initialize: number; firstCall: number; rss: number }> {
  const port = await freePort();
  const stateDir = tempDir('browsertap-bench-');
  const figures = await bridgeSession(cli, port, stateDir);
  const stop = spawn(process.execPath, [cli, 'stop', '--port', String(port), '--state-dir', stateDir], { stdio: 'ignore' });
  await new Promise((resolve) => stop.once('exit', resolve));
  rmSync(stateDir, { recursive: true, force: true });
  return figures;
}

/** A bridge as a client starts it: initialize, then one tools/call; its RSS after that. */
async function bridgeSession(
  cli: string,
  port: number,
  stateDir: string,
): Promise<{ initialize: number; firstCall: number; rss: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'mcp', '--port', String(port), '--state-dir', stateDir], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const { send, out } = mcpSession(child, false);
  const until = async (id: number) => {
    while (!answered(out(), id)) await sleep(1);
    return performance.now() - started;
  };
  const initialize = await until(1);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'configure', arguments: { action: 'health' } } });
  const firstCall = await until(2);
  await sleep(200);
  const rss = rssMb(child.pid as number);
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  return { initialize, firstCall, rss };
}

/** A daemon up for 2.5 s that no client has asked yet, then one bridge: its first call (ms). */
async function firstSessionOnRunningDaemon(cli: string): Promise<number> {
  const port = await freePort();
  const stateDir = tempDir('browsertap-bench-');
  const daemon = spawn(process.execPath, [...launchFlags(cli), cli, 'daemon', '--port', String(port), '--state-dir', stateDir], {
    stdio: 'ignore',
    env: { ...process.env, ...launchEnv(cli) },
  });
  await sleep(2_500);
  const { firstCall } = await bridgeSession(cli, port, stateDir);
  daemon.kill('SIGKILL');
  await new Promise((resolve) => daemon.once('exit', resolve));
  rmSync(stateDir, { recursive: true, force: true });
  return firstCall;
}

/**
 * A bridge with --daemon-url at a port that takes the connection and never answers: from its
 * spawn to its first call's error (ms). Its 2.5 s deadline is meant to leave room for its own
 * start within the 3 s a client's first call may wait (docs/install.md).
 */
async function remoteSilentFirstCall(cli: string): Promise<number> {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const home = tempDir('browsertap-bench-remote-');
  const tokenFile = join(home, 'token');
  writeFileSync(tokenFile, `${'c'.repeat(64)}\n`, { mode: 0o600 });
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BROWSERTAP_')));
  const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'mcp', '--daemon-url', url, '--token-file', tokenFile], {
    stdio: ['pipe', 'pipe', 'ignore'],
    env: { ...env, HOME: home },
  });
  const { send, out } = mcpSession(child);
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'configure', arguments: { action: 'health' } } });
  while (!answered(out(), 2)) await sleep(1);
  const ms = performance.now() - started;
  if (!out().includes('no answer within 2.5 s')) throw new Error(`the silent URL did not fail by its deadline: ${out()}`);
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  rmSync(home, { recursive: true, force: true });
  return ms;
}

/**
 * A bridge on a running daemon with a call held there (an observe wait of 20 s): from its stdin
 * closing to its exit (ms), which includes ending its daemon session. The contract: within 1 s.
 */
async function bridgeExitOnStdinEnd(cli: string): Promise<number> {
  const port = await freePort();
  const stateDir = tempDir('browsertap-bench-');
  const daemon = spawn(process.execPath, [...launchFlags(cli), cli, 'daemon', '--port', String(port), '--state-dir', stateDir], {
    stdio: 'ignore',
    env: { ...process.env, ...launchEnv(cli) },
  });
  const heldWaits = () =>
    fetch(`http://127.0.0.1:${port}/health`).then(
      async (response) => ((await response.json()) as { held_waits: number }).held_waits,
      () => -1,
    );
  while ((await heldWaits()) < 0) await sleep(10);
  const child = spawn(process.execPath, [cli, 'mcp', '--port', String(port), '--state-dir', stateDir], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const { send, out } = mcpSession(child);
  send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'observe', arguments: { what: 'logs' } } });
  while (!answered(out(), 2)) await sleep(1);
  const cursor = Number(/"cursor":(\d+)/.exec(out())?.[1] ?? 0);
  send({
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'observe', arguments: { what: 'logs', after_cursor: cursor, wait_ms: 20_000 } },
  });
  while ((await heldWaits()) < 1) await sleep(2);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const closed = performance.now();
  child.stdin.end();
  await exited;
  const ms = performance.now() - closed;
  daemon.kill('SIGKILL');
  await new Promise((resolve) => daemon.once('exit', resolve));
  rmSync(stateDir, { recursive: true, force: true });
  return ms;
}

async function daemonRss500k(cli: string): Promise<number> {
  const daemon = await startDaemonProcess(cli);
  await ingest(daemon, 5_000, 4);
  await sleep(500);
  const rss = daemon.rssKb() / 1024;
  await daemon.stop();
  return rss;
}

const clis = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['dist/cli.js'];
const samples = clis.map(() => ({
  spawn: [] as number[],
  initialize: [] as number[],
  firstCall: [] as number[],
  bridgeRss: [] as number[],
  warmFirstCall: [] as number[],
  remoteSilent: [] as number[],
  bridgeExit: [] as number[],
  rss500k: [] as number[],
}));
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, cli] of clis.entries()) {
    const figures = samples[i]!;
    figures.spawn.push(await daemonSpawn(cli));
    const bridge = await bridgeCold(cli);
    figures.initialize.push(bridge.initialize);
    figures.firstCall.push(bridge.firstCall);
    figures.bridgeRss.push(bridge.rss);
    figures.warmFirstCall.push(await firstSessionOnRunningDaemon(cli));
    figures.remoteSilent.push(await remoteSilentFirstCall(cli));
    figures.bridgeExit.push(await bridgeExitOnStdinEnd(cli));
  }
}
for (const [i, cli] of clis.entries()) for (let run = 0; run < 3; run++) samples[i]!.rss500k.push(await daemonRss500k(cli));

const rows: Array<[string, keyof (typeof samples)[number], string]> = [
  ['daemon spawn → /health answered (ms)', 'spawn', '< 250'],
  ['bridge spawn → initialize answered, no daemon (ms)', 'initialize', '< 100'],
  ['bridge spawn → first tools/call answered, no daemon (ms)', 'firstCall', '< 400'],
  ['bridge RSS after its first call (MB)', 'bridgeRss', '< 45'],
  ['first session on a running daemon: bridge spawn → first tools/call (ms)', 'warmFirstCall', ''],
  ['remote bridge, a silent URL: bridge spawn → first call’s error (ms)', 'remoteSilent', '< 3 000'],
  ['bridge exit after stdin closes mid-call (ms)', 'bridgeExit', '< 1 000'],
  ['daemon RSS after 500 000 entries (MB)', 'rss500k', '< 90'],
];
process.stdout.write(
  `| figure (median of ${ROUNDS}; RSS 500k: of 3) | ${clis.join(' | ')} | target |\n|---|${clis.map(() => '---|').join('')}---|\n`,
);
for (const [label, key, target] of rows) {
  process.stdout.write(
    `| ${label} | ${samples.map((s) => median(s[key]).toFixed(label.endsWith('(MB)') ? 1 : 0)).join(' | ')} | ${target} |\n`,
  );
}
process.exit(0);
