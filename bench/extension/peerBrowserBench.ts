// Screenshots and reads beside Chrome DevTools MCP and Playwright MCP, in real Chromium, in the
// same run: one screenshot a second of the same two pages, the same 100 console messages and the
// same 50 requests listed, and what each MCP server (ours: the stdio bridge and the daemon) holds
// in memory afterwards. Ours is the whole stack (bridge, daemon, the extension in Chromium launched
// without automation attached, an SDK client); the peers are the dev dependencies
// (chrome-devtools-mcp, @playwright/mcp) over stdio, each driving its own /usr/bin/chromium,
// headless, 1280×720. The three take turns (the order rotates every round), so the machine's
// drift falls on all of them. Run: node --import tsx bench/extension/peerBrowserBench.ts
// (after `npm run build` and `npm run build:extension`), or `npm run bench -- browser`.
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CHROMIUM, launchRaw } from '../../test/e2e/support/chromium.js';
import { buildFixtureApp } from '../../test/e2e/support/fixtureApp.js';
import { noisePng } from '../../test/e2e/support/noisePng.js';
import { type Agent, eventually, startAgent } from '../../test/e2e/support/stack.js';
import { typicalRequests } from '../../test/support/typicalCapture.js';
import { daemonPids, freePort } from '../../test/support/processes.js';
import { median } from '../lib.js';
import type { BrowserPeerFigures, FloorFigures, SideFigures } from './figures.js';
import { startPeer as startChromeDevTools } from './peerBench.js';
import { TYPICAL_CONSOLE_HTML, typicalConsoleScript } from './typicalPage.js';

const PLAYWRIGHT_MCP = join('node_modules', '@playwright', 'mcp', 'cli.js');
const FLOOR_DAEMON = new URL('../floor/daemon.cjs', import.meta.url).pathname;
const FLOOR_RELAY = new URL('../floor/relay.cjs', import.meta.url).pathname;
export const PLAYWRIGHT_MCP_VERSION = '0.0.83';
/** Screenshots per side and page, one a second, after the loads below; the first is left out of their p50. */
const SHOTS = 11;
/**
 * Loads per side and page, the sides in turns: after each, a screenshot at once (the first after
 * a load, its median reported) and a second one right after it.
 */
const LOADS = 5;
/** Between one side's load and its screenshots and the next side's load (ms): the last one's page is quiet by then. */
const LOAD_GAP_MS = 300;
/** Reads per side of each list, in turns. */
const READS = 40;
const MESSAGES = 100;
const REQUESTS = 50;
const VIEWPORT = { width: 1280, height: 720 };

/** The figures the floor (bare Node's bridge and daemon, reads only) has. */
const FLOOR_KEYS: ReadonlySet<keyof SideFigures> = new Set([
  'consoleP50Ms',
  'consoleBytes',
  'networkP50Ms',
  'networkBytes',
  'rssMb',
  'ussMb',
]);

/** Each side's times on stderr as they come (ms). */
function progress(what: string, times: ReadonlyMap<string, readonly number[]>): void {
  const sides = [...times].map(([name, ms]) => `${name} ${ms.map((t) => t.toFixed(1)).join(' ')}`);
  process.stderr.write(`${what}\n  ${sides.join('\n  ')}\n`);
}

/** `SHOW=1` prints what each side answered (its text blocks) on stderr. */
function show(label: string, result: CallToolResult): void {
  if (process.env.SHOW !== '1') return;
  process.stderr.write(`--- ${label} (${wireBytes(result)} bytes)\n${text(result)}\n`);
}

/** One MCP server and its browser, as the bench drives it. */
interface Side {
  readonly name: 'ours' | 'cdt' | 'pw' | 'floor';
  /** Loads `url` in the side's tab; `fresh`: what the tab captured before is forgotten (ours keeps a tab's entries across loads). */
  navigate(url: string, fresh?: boolean): Promise<void>;
  screenshot(): Promise<CallToolResult>;
  readConsole(): Promise<CallToolResult>;
  readNetwork(): Promise<CallToolResult>;
  /** How many console messages / requests a read's result stands for. */
  consoleCount(result: CallToolResult): number;
  networkCount(result: CallToolResult): number;
  /** The MCP server's processes (ours: the bridge and the daemon), not the browser's. */
  serverPids(): number[];
  stop(): Promise<void>;
}

interface Block {
  readonly type: string;
  readonly text?: string;
  readonly data?: string;
}

const blocks = (result: CallToolResult) => result.content as Block[];
const text = (result: CallToolResult) =>
  blocks(result)
    .map((block) => block.text ?? '')
    .join('\n');

/** What the client receives besides images: the text blocks and `structuredContent`, UTF-8 bytes. */
export function wireBytes(result: CallToolResult): number {
  const texts = blocks(result).reduce((sum, block) => sum + (block.type === 'text' ? Buffer.byteLength(block.text ?? '') : 0), 0);
  return texts + (result.structuredContent === undefined ? 0 : Buffer.byteLength(JSON.stringify(result.structuredContent)));
}

/**
 * What a model is shown of a result: the text blocks, or `structuredContent` where the client
 * prefers it (docs/mcp-tools.md, "What the model sees"): one copy, the larger of the two.
 */
export function seenBytes(result: CallToolResult): number {
  const texts = blocks(result).reduce((sum, block) => sum + (block.type === 'text' ? Buffer.byteLength(block.text ?? '') : 0), 0);
  return Math.max(
    texts,
    result.structuredContent === undefined ? 0 : Buffer.byteLength(JSON.stringify(result.structuredContent)),
  );
}

/** Bytes of the image a screenshot result carries (decoded from base64). */
function imageBytes(result: CallToolResult): number {
  const image = blocks(result).find((block) => block.type === 'image');
  if (image?.data === undefined) throw new Error(`no image in ${JSON.stringify(result).slice(0, 300)}`);
  return Buffer.from(image.data, 'base64').length;
}

/** A page that makes REQUESTS fetches, one after the other: test/support/typicalCapture.ts's mix (5 × 404, 5 × 500). */
function networkScript(): string {
  const calls = typicalRequests(REQUESTS).map((request) => {
    const path = new URL(request.url).pathname + new URL(request.url).search;
    return { path: `/mix${path}`, method: request.method, status: request.status };
  });
  return [
    `const calls = ${JSON.stringify(calls)};`,
    '(async () => {',
    '  for (const call of calls) {',
    "    try { const r = await fetch(call.path + (call.path.includes('?') ? '&' : '?') + 'status=' + call.status, { method: call.method }); await r.text(); } catch {}",
    '  }',
    "  document.title = 'done';",
    '})();',
  ].join('\n');
}

/** A page with a picture's worth of detail: a gradient, 60 coloured lines of text, a photo-like image. */
const RICH_HTML = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Gallery</title></head>
<body style="margin:0;font:16px sans-serif"><div style="height:160px;background:linear-gradient(45deg,#f06,#48f,#0c6)"></div>
${Array.from({ length: 60 }, (_, i) => `<p style="margin:4px 12px;color:hsl(${i * 6},60%,35%)">Line ${i}: the quick brown fox jumps over the lazy dog.</p>`).join('')}
<img src="/noise.png" alt="" style="position:absolute;top:180px;right:24px;width:540px;height:360px"></body></html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** The pages, on 127.0.0.1 (a development origin: ours captures it without being told to). */
async function startBenchSite(appDir: string) {
  const noise = noisePng(600, 400);
  const files: Record<string, { type: string; body: string | Buffer }> = {
    '/console.html': { type: TYPES['.html'] as string, body: TYPICAL_CONSOLE_HTML },
    '/console.js': { type: TYPES['.js'] as string, body: typicalConsoleScript(MESSAGES) },
    '/network.html': {
      type: TYPES['.html'] as string,
      body: '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>requests</title></head><body><h1>Todos</h1><script src="network.js"></script></body></html>',
    },
    '/network.js': { type: TYPES['.js'] as string, body: networkScript() },
    '/rich.html': { type: TYPES['.html'] as string, body: RICH_HTML },
    '/noise.png': { type: 'image/png', body: noise },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/mix/')) {
        const status = Number(url.searchParams.get('status') ?? 200);
        const json = url.pathname.includes('/api/');
        response.writeHead(status, {
          'content-type': json ? 'application/json' : 'text/javascript',
          'cache-control': 'no-store',
        });
        return void response.end(json ? '{"ok":true}' : 'export {};');
      }
      const file = files[url.pathname];
      if (file !== undefined) {
        response.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' });
        return void response.end(file.body);
      }
      if (url.pathname.startsWith('/app/')) {
        const path = normalize(url.pathname.slice('/app/'.length));
        if (!path.startsWith('..')) {
          const body = await readFile(join(appDir, path)).catch(() => undefined);
          if (body !== undefined) {
            response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
            return void response.end(body);
          }
        }
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Chromium's own processes (the browser, its helpers), by their executable (not their title: a server may rename itself). */
const BROWSER_PROCESS = /(^|\/)(chrom(e|ium)|chrome_crashpad_handler)$/;

/** The processes under `root` (itself included) that are not the browser's. */
function serverTree(root: number | null | undefined): number[] {
  if (root === null || root === undefined) return [];
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const visit = (pid: number) => {
    let executable = '';
    try {
      executable = readlinkSync(`/proc/${pid}/exe`);
    } catch {
      return;
    }
    if (BROWSER_PROCESS.test(executable)) return;
    out.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return out;
}

function rssMb(name: string, pids: readonly number[]): number {
  return statusSumMb(name, pids, `/proc/PID/status`, /VmRSS:\s+(\d+)/);
}

/**
 * USS (unique set size, what `smem` reports): the pages only the server's own processes map
 * (`Private_Clean` + `Private_Dirty`), what stopping it gives back. A stdio bridge and its daemon
 * are two Node processes mapping the same binary (≈ 30 MB of its pages), which summed RSS counts
 * twice; a page shared with another process (Node's binary, libraries) counts in neither here.
 */
function ussMb(name: string, pids: readonly number[]): number {
  return (
    statusSumMb(name, pids, `/proc/PID/smaps_rollup`, /^Private_Clean:\s+(\d+)/m) +
    statusSumMb(name, pids, `/proc/PID/smaps_rollup`, /^Private_Dirty:\s+(\d+)/m)
  );
}

/** The sum over `pids` of a kB figure that `pattern` reads from each one's `file` (PID replaced). */
function statusSumMb(name: string, pids: readonly number[], file: string, pattern: RegExp): number {
  if (pids.length === 0) throw new Error(`${name}: no server process found to measure`);
  let kb = 0;
  for (const pid of pids) {
    try {
      const one = Number(pattern.exec(readFileSync(file.replace('PID', String(pid)), 'utf8'))?.[1] ?? 0);
      if (process.env.BENCH_VERBOSE === '1') process.stderr.write(`${name} pid ${pid} ${file}: ${(one / 1024).toFixed(1)} MB\n`);
      kb += one;
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

async function oursSide(): Promise<Side> {
  // BENCH_BROWSER_CLI (with BROWSERTAP_EXTENSION_DIST): the build before's CLI, measured with this harness.
  const agent: Agent = await startAgent(process.env.BENCH_BROWSER_CLI);
  // A 1280×720 viewport: headless Chromium keeps 143 px of the window for its frame (measured in 156).
  const browser = launchRaw(agent.port, [`--window-size=${VIEWPORT.width},${VIEWPORT.height + 143}`]);
  let tabId: number | undefined;
  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await agent.call(name, args);
    if (answer.isError) throw new Error(`ours: ${name} ${JSON.stringify(args)}: ${JSON.stringify(answer.payload).slice(0, 300)}`);
    return answer.raw;
  };
  try {
    await agent.extensionConnected(20_000);
  } catch (error) {
    await browser.stop();
    await agent.stop();
    throw error;
  }
  /** Entries the compact list stands for (a folded row counts its `count`), of those `keep` accepts. */
  const rows = (result: CallToolResult, keep: (row: unknown[], columns: string[]) => boolean = () => true) => {
    const payload = result.structuredContent as { rows?: unknown[][]; columns?: string[] } | undefined;
    const columns = payload?.columns ?? [];
    const at = columns.indexOf('count');
    return (payload?.rows ?? [])
      .filter((row) => keep(row, columns))
      .reduce<number>((sum, row) => sum + (typeof row[at] === 'number' ? (row[at] as number) : 1), 0);
  };
  return {
    name: 'ours',
    navigate: async (url, fresh = false) => {
      if (fresh) {
        // Twice, a moment apart: what the last page's requests still had on its way is gone too.
        await call('configure', { action: 'clear', buffer: 'all' });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await call('configure', { action: 'clear', buffer: 'all' });
      }
      const answer = (
        await call('interact', { action: 'navigate', url, wait_ms: 15_000, ...(tabId === undefined ? {} : { tab_id: tabId }) })
      ).structuredContent as { status: string; result?: { data?: { tab_id?: number } } };
      if (answer.status !== 'complete') throw new Error(`ours: navigate answered ${JSON.stringify(answer).slice(0, 300)}`);
      tabId = answer.result?.data?.tab_id;
    },
    screenshot: () => call('interact', { action: 'screenshot', tab_id: tabId, wait_ms: 15_000 }),
    readConsole: () => call('observe', { what: 'logs', tab_id: tabId }),
    readNetwork: () => call('observe', { what: 'network', tab_id: tabId }),
    consoleCount: (result) => rows(result),
    networkCount: (result) => rows(result, (row, columns) => String(row[columns.indexOf('url')]).includes('/mix/')),
    // The daemon is detached from the bridge that started it, but may still be its child.
    serverPids: () => [...new Set([...serverTree(agent.bridge.transport.pid), ...daemonPids(agent.port)])],
    stop: async () => {
      await browser.stop();
      await agent.stop();
    },
  };
}

/** Messages a peer's text lists: one line per message, `[N times]` for a folded run. */
function peerMessages(result: CallToolResult, start: RegExp): number {
  let count = 0;
  for (const line of text(result).split('\n')) {
    if (!start.test(line)) continue;
    count += Number(/ \[(\d+) times\]$/.exec(line)?.[1] ?? 1);
  }
  return count;
}

function peerSide(name: 'cdt' | 'pw', client: Client, transport: StdioClientTransport): Side {
  const call = async (tool: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 60_000 })) as CallToolResult;
    if (result.isError === true) throw new Error(`${name}: ${tool}: ${text(result).slice(0, 300)}`);
    return result;
  };
  const pids = () => serverTree(transport.pid);
  const stop = async () => {
    await client.close().catch(() => undefined);
  };
  if (name === 'cdt') {
    return {
      name,
      navigate: async (url) => void (await call('navigate_page', { pageId: 1, type: 'url', url })),
      screenshot: () => call('take_screenshot', { pageId: 1 }),
      readConsole: () => call('list_console_messages', { pageId: 1 }),
      readNetwork: () => call('list_network_requests', { pageId: 1 }),
      consoleCount: (result) => peerMessages(result, /^msgid=/),
      networkCount: (result) => peerMessages(result, /^reqid=.*\/mix\//),
      serverPids: pids,
      stop,
    };
  }
  return {
    name,
    navigate: async (url) => void (await call('browser_navigate', { url })),
    screenshot: () => call('browser_take_screenshot', { type: 'png' }),
    readConsole: () => call('browser_console_messages', { level: 'debug' }),
    readNetwork: () => call('browser_network_requests', { static: false }),
    // Its messages span lines (stacks, multi-line text): the count it gives is the one to take.
    consoleCount: (result) => Number(/Total messages: (\d+)/.exec(text(result))?.[1] ?? 0),
    networkCount: (result) => peerMessages(result, /\/mix\//),
    serverPids: pids,
    stop,
  };
}

async function cdtSide(): Promise<Side> {
  const client = await startChromeDevTools();
  return peerSide('cdt', client, client.transport as StdioClientTransport);
}

async function playwrightSide(outputDir: string): Promise<Side> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      PLAYWRIGHT_MCP,
      '--headless',
      '--isolated',
      '--executable-path',
      CHROMIUM,
      // As root (this VM) Chrome starts only without its sandbox.
      '--no-sandbox',
      '--viewport-size',
      `${VIEWPORT.width}x${VIEWPORT.height}`,
      '--output-dir',
      outputDir,
    ],
    env: { ...(process.env as Record<string, string>), PLAYWRIGHT_MCP_NO_TELEMETRY: '1' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'browsertap-peer-bench', version: '0.0.0' });
  await client.connect(transport);
  return peerSide('pw', client, transport);
}

/**
 * The floor of a read through a stdio bridge and a daemon: two bare Node processes doing the least
 * that path must (bench/floor/relay.cjs on stdio, POSTing each line to bench/floor/daemon.cjs, which
 * answers a tools/call with the payload browsertap's own read answered in this run, twice, on SSE),
 * read by an SDK client in turns with the others. Reads only: it has no browser.
 */
async function floorSide(): Promise<Side & { serve(what: string, result: CallToolResult): Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), 'browsertap-floor-'));
  const port = await freePort();
  const daemon = spawn(process.execPath, [FLOOR_DAEMON, String(port), stateDir], { stdio: 'ignore' });
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.ok === true,
    10_000,
    () => 'the floor daemon never answered /health',
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FLOOR_RELAY, String(port), 'floor'],
    stderr: 'ignore',
  });
  const client = new Client({ name: 'browsertap-floor-bench', version: '0.0.0' });
  await client.connect(transport);
  const call = async (what: string) =>
    (await client.callTool({ name: 'observe', arguments: { what } }, undefined, { timeout: 60_000 })) as CallToolResult;
  const count = (result: CallToolResult) => (result.structuredContent as { rows?: unknown[] } | undefined)?.rows?.length ?? 0;
  return {
    name: 'floor',
    navigate: async () => undefined,
    screenshot: () => Promise.reject(new Error('the floor takes no screenshot')),
    readConsole: () => call('logs'),
    readNetwork: () => call('network'),
    consoleCount: count,
    networkCount: count,
    serverPids: () => [transport.pid as number, daemon.pid as number],
    serve: async (what, result) => {
      const answer = await fetch(`http://127.0.0.1:${port}/payload`, {
        method: 'POST',
        body: JSON.stringify({ what, payload: result.structuredContent }),
      });
      if (answer.status !== 204) throw new Error(`the floor daemon refused the payload: ${answer.status}`);
    },
    stop: async () => {
      await client.close();
      daemon.kill('SIGTERM');
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Calls `act` on every side in turns, the first side changing every round; each side's times in ms. */
async function inTurns(
  sides: readonly Side[],
  rounds: number,
  periodMs: number,
  act: (side: Side, round: number) => Promise<void>,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < sides.length; i++) await act(sides[(round + i) % sides.length] as Side, round);
    const left = periodMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

/**
 * Screenshots of `url` on each side: LOADS loads in turns (a new url each time, `?load=N`: a page
 * not seen before), each followed at once by a screenshot and a second one right after it; then
 * one a second of the last load, the p50 of the rest after the first.
 */
async function screenshots(sides: readonly Side[], url: string) {
  const firsts = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  const nexts = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  await inTurns(sides, LOADS, 0, async (side, round) => {
    await side.navigate(`${url}?load=${round}`);
    firsts.get(side.name)?.push((await timed(() => side.screenshot())).ms);
    nexts.get(side.name)?.push((await timed(() => side.screenshot())).ms);
    await new Promise((resolve) => setTimeout(resolve, LOAD_GAP_MS));
  });
  progress(`the first screenshot after each load of ${url}`, firsts);
  progress('the second, right after it', nexts);
  const times = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  const sizes = new Map<string, number>();
  await inTurns(sides, SHOTS, 1_000, async (side) => {
    const { ms, value } = await timed(() => side.screenshot());
    times.get(side.name)?.push(ms);
    sizes.set(side.name, imageBytes(value));
  });
  progress(`screenshots of ${url}, one a second`, times);
  return (name: string) => {
    const [, ...rest] = times.get(name) ?? [];
    return {
      first: median(firsts.get(name) ?? []),
      next: median(nexts.get(name) ?? []),
      p50: median(rest),
      bytes: sizes.get(name) ?? NaN,
    };
  };
}

/**
 * Each side lists what the page at `url` made (once all `expected` are in), READS times in turns;
 * `floor` (bare Node's bridge and daemon) serves what ours listed, as `what`, and takes its turns too.
 */
async function reads(
  sides: readonly Side[],
  url: string,
  expected: number,
  read: (side: Side) => Promise<CallToolResult>,
  count: (side: Side, result: CallToolResult) => number,
  floor?: { readonly side: Awaited<ReturnType<typeof floorSide>>; readonly what: string },
) {
  for (const side of sides) {
    await side.navigate(url, true);
    let last: CallToolResult | undefined;
    await eventually(
      async () => count(side, (last = await read(side))) >= expected,
      20_000,
      () => `${side.name} never listed ${expected}: ${last === undefined ? '' : text(last).slice(0, 600)}`,
    );
    if (side.name === 'ours' && floor !== undefined) await floor.side.serve(floor.what, last as CallToolResult);
  }
  const all = floor === undefined ? sides : [...sides, floor.side];
  const times = new Map<string, number[]>(all.map((side) => [side.name, []]));
  const results = new Map<string, CallToolResult>();
  await inTurns(all, READS, 0, async (side) => {
    const { ms, value } = await timed(() => read(side));
    times.get(side.name)?.push(ms);
    results.set(side.name, value);
  });
  progress(`reads of ${url}`, times);
  for (const [name, result] of results) show(`${name}: the read of ${url}`, result);
  return (side: Side) => {
    const result = results.get(side.name) as CallToolResult;
    return {
      p50: median(times.get(side.name) ?? []),
      bytes: wireBytes(result),
      seen: seenBytes(result),
      count: count(side, result),
    };
  };
}

/** One run: the three servers side by side on the same pages. */
export async function runBrowserPeerBench(): Promise<BrowserPeerFigures> {
  const app = await buildFixtureApp();
  const site = await startBenchSite(app);
  const outputDir = join(app, 'playwright-mcp-output');
  const sides: Side[] = [];
  try {
    sides.push(await oursSide(), await cdtSide(), await playwrightSide(outputDir));
    const floor = await floorSide();
    sides.push(floor);
    const browsers = sides.filter((side) => side !== floor);
    const todo = await screenshots(browsers, site.url('/app/index.html'));
    const rich = await screenshots(browsers, site.url('/rich.html'));
    const logs = await reads(
      browsers,
      site.url('/console.html'),
      MESSAGES,
      (side) => side.readConsole(),
      (side, r) => side.consoleCount(r),
      { side: floor, what: 'logs' },
    );
    const requests = await reads(
      browsers,
      site.url('/network.html'),
      REQUESTS,
      (side) => side.readNetwork(),
      (side, r) => side.networkCount(r),
      { side: floor, what: 'network' },
    );
    const figures = (side: Side): SideFigures => {
      const [app, picture, consoleRead, networkRead] = [todo(side.name), rich(side.name), logs(side), requests(side)];
      return {
        shotFirstMs: app.first,
        shotNextMs: app.next,
        shotP50Ms: app.p50,
        shotBytes: app.bytes,
        richShotFirstMs: picture.first,
        richShotNextMs: picture.next,
        richShotP50Ms: picture.p50,
        richShotBytes: picture.bytes,
        consoleP50Ms: consoleRead.p50,
        consoleBytes: consoleRead.bytes,
        consoleSeenBytes: consoleRead.seen,
        consoleCount: consoleRead.count,
        networkP50Ms: networkRead.p50,
        networkBytes: networkRead.bytes,
        networkSeenBytes: networkRead.seen,
        networkCount: networkRead.count,
        rssMb: rssMb(side.name, side.serverPids()),
        ussMb: ussMb(side.name, side.serverPids()),
      };
    };
    const [ours, cdt, pw] = browsers as [Side, Side, Side];
    // The floor took part in the reads only: of its figures, those.
    const floorAll = figures(floor);
    const floorFigures = Object.fromEntries([...FLOOR_KEYS].map((key) => [key, floorAll[key]])) as unknown as FloorFigures;
    return { ours: figures(ours), cdt: figures(cdt), pw: figures(pw), floor: floorFigures };
  } finally {
    for (const side of sides) await side.stop().catch(() => undefined);
    await site.close();
  }
}

if (process.argv[1]?.endsWith('peerBrowserBench.ts')) {
  const figures = await runBrowserPeerBench();
  const out = `${JSON.stringify(figures, null, 2)}\n`;
  if (process.env.OUT !== undefined) writeFileSync(process.env.OUT, out);
  process.stdout.write(out);
}

/** The docs/benchmarks.md section of `npm run bench -- browser`: each figure's median over the runs, the three servers side by side. */
export function browserPeerSection(
  runs: readonly BrowserPeerFigures[],
  machine: string,
  chromium: string,
  date: string,
  before: readonly BrowserPeerFigures[] = [],
): string {
  const sides = ['ours', 'cdt', 'pw'] as const;
  const m = (side: (typeof sides)[number], key: keyof SideFigures) => median(runs.map((run) => run[side][key] ?? NaN));
  const cell = (side: (typeof sides)[number], key: keyof SideFigures, digits: number) =>
    `${m(side, key).toFixed(digits)} (${runs.map((run) => (run[side][key] ?? NaN).toFixed(digits)).join(' / ')})`;
  const measuredBefore = (key: keyof SideFigures) => before.filter((run) => run.ours[key] !== undefined);
  const beforeCell = (key: keyof SideFigures, digits: number) =>
    measuredBefore(key).length === 0
      ? '—'
      : `${median(measuredBefore(key).map((run) => run.ours[key] as number)).toFixed(digits)} (${measuredBefore(key)
          .map((run) => (run.ours[key] as number).toFixed(digits))
          .join(' / ')})`;
  // Time and memory: theirs / ours (above 1: ours is faster or smaller); bytes the same way.
  const ratio = (key: keyof SideFigures, peer: 'cdt' | 'pw') => `${(m(peer, key) / m('ours', key)).toFixed(2)}×`;
  const floorRuns = runs.filter((run) => run.floor !== undefined);
  const floorCell = (key: keyof SideFigures, digits: number) =>
    floorRuns.length === 0 || !FLOOR_KEYS.has(key)
      ? ''
      : `${median(floorRuns.map((run) => run.floor![key as keyof FloorFigures])).toFixed(digits)} (${floorRuns
          .map((run) => run.floor![key as keyof FloorFigures].toFixed(digits))
          .join(' / ')})`;
  const row = (label: string, key: keyof SideFigures, unit: string, digits = 1) =>
    `| ${label} (${unit}) | ${beforeCell(key, digits)} | ${cell('ours', key, digits)} | ${cell('cdt', key, digits)} | ${cell('pw', key, digits)} | ${ratio(key, 'cdt')} / ${ratio(key, 'pw')} | ${floorCell(key, digits)} |`;
  return [
    `## Screenshots and reads beside Chrome DevTools MCP and Playwright MCP (${date})`,
    '',
    `Machine: ${machine}; ${chromium} headless, 1280×720; chrome-devtools-mcp 1.11.0, @playwright/mcp ${PLAYWRIGHT_MCP_VERSION}. ${runs.length} runs, medians (the runs in brackets).${before.length === 0 ? '' : ` "Before": ${before.length} runs of the same harness with the build before this work, in turns with these (its peers' figures not shown).`}`,
    '',
    '| figure | browsertap before | browsertap | Chrome DevTools MCP | Playwright MCP | theirs / ours (CDT / PW) | bare Node bridge + daemon (floor) |',
    '|---|---|---|---|---|---|---|',
    row('screenshot one a second, TodoMVC page, p50 of 10 after the first', 'shotP50Ms', 'ms'),
    row(`the first, at once after the page loaded, median of ${LOADS} loads`, 'shotFirstMs', 'ms'),
    row('a second one right after it, median', 'shotNextMs', 'ms'),
    row('its image', 'shotBytes', 'bytes', 0),
    row('screenshot one a second, a detailed page (photo-like image, gradient, coloured text), p50', 'richShotP50Ms', 'ms'),
    row(`the first after a load, median of ${LOADS}`, 'richShotFirstMs', 'ms'),
    row('a second one right after it, median', 'richShotNextMs', 'ms'),
    row('its image (ours: JPEG, its PNG is over 750 KB)', 'richShotBytes', 'bytes', 0),
    row(`console read of ${MESSAGES} messages, p50 of ${READS}`, 'consoleP50Ms', 'ms', 2),
    row('its text + structuredContent (the wire)', 'consoleBytes', 'bytes', 0),
    row('what a model is shown of it (one copy, the larger)', 'consoleSeenBytes', 'bytes', 0),
    row(`network read of ${REQUESTS} requests, p50 of ${READS}`, 'networkP50Ms', 'ms', 2),
    row('its text + structuredContent (the wire)', 'networkBytes', 'bytes', 0),
    row('what a model is shown of it (one copy, the larger)', 'networkSeenBytes', 'bytes', 0),
    row('MCP server RSS after all that (ours: bridge + daemon)', 'rssMb', 'MB'),
    row('the same, USS (pages no other process maps: what stopping the server gives back)', 'ussMb', 'MB'),
    '',
    'How (`bench/extension/peerBrowserBench.ts`, `npm run bench -- browser`): one local site on 127.0.0.1; ours is',
    'the whole stack (stdio bridge, daemon, Chromium with the extension launched without automation',
    'attached, window sized for a 1280×720 viewport), theirs `chrome-devtools-mcp --headless --isolated',
    '--viewport 1280x720` and `@playwright/mcp --headless --isolated --viewport-size 1280x720`, each with',
    '`--executablePath /usr/bin/chromium`, over stdio from an SDK client in the same process. The three',
    'take turns, the first of each round rotating: for each page, 5 rounds in which each side loads it',
    '(a new url each round, `?load=N`), takes one `interact screenshot` / `take_screenshot` /',
    '`browser_take_screenshot` (PNG, the viewport) as soon as its load is answered and a second right after',
    'it, 300 ms before the next side loads; then 11 rounds a second apart of one screenshot each, all',
    'timed at the client; then each loads a page that logs test/support/typicalCapture.ts’s 100 console',
    'messages (`bench/extension/typicalPage.ts`), and one that fetches its 50 requests one after another',
    '(5 × 404, 5 × 500), and once all are listed, 15 rounds of `observe logs` / `list_console_messages` /',
    '`browser_console_messages {level: "debug"}` and of `observe network` / `list_network_requests` /',
    '`browser_network_requests`, each with its defaults (ours with the buffers cleared before the page',
    'loads). Bytes are what the client receives besides images: the text blocks and `structuredContent`',
    '(JSON), UTF-8. RSS is `VmRSS` of the server’s processes after all that, Chromium’s left out; USS is',
    'the `Private_Clean` + `Private_Dirty` of their `smaps_rollup`: a page another process maps too (Node’s binary) is not counted.',
    'The floor is bare Node doing the least a stdio bridge and a daemon must for a read (`bench/floor/relay.cjs`',
    'POSTs each line from stdin to `bench/floor/daemon.cjs`’s `/mcp`, which answers a tools/call with the payload',
    'browsertap’s own read gave in this run, twice, on SSE, and the relay writes the data line to stdout), read by',
    `the same SDK client in the same rounds; its RSS and USS are its two processes' after those reads (no screenshots).`,
  ].join('\n');
}
