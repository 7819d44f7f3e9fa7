// Stacks in source (docs/extension.md) in real Chromium: how long a thrown error takes to be readable with its
// source-mapped `at` — the first error of a script (its map not read yet) and a later one (cached) —
// and what 50 large maps cost the extension's service worker in memory.
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BrowserCdp } from '../../test/e2e/support/cdp.js';
import { launchRaw } from '../../test/e2e/support/chromium.js';
import { type Agent, startAgent } from '../../test/e2e/support/stack.js';
import { median } from '../lib.js';
import type { SourceMapFigures } from './figures.js';
import { entriesOf } from '../../test/support/listEntries.js';

/** Scripts (each with its own map): as many as the worker keeps (MAX_MAPS). */
const SCRIPTS = 50;
/** Generated lines per bundle, each mapped to a line of one of SOURCES sources. */
const LINES = 20_000;
const SOURCES = 40;

/** A bundle of LINES small functions ending with `boom<n>()`, and its map (sources with their text). */
function bundle(n: number): { script: string; map: string } {
  const lines = Array.from({ length: LINES }, (_, i) => `function f${n}_${i}(a){return a+${i}}`);
  lines.push(`function boom${n}(){throw new Error('mapped boom ${n}')}`);
  const mappings: SourceMapSegment[][] = lines.map((_, i) => [
    [0, i % SOURCES, Math.floor(i / SOURCES), 0],
    [9, i % SOURCES, Math.floor(i / SOURCES), 9],
    [20, i % SOURCES, Math.floor(i / SOURCES), 18],
  ]);
  const sources = Array.from({ length: SOURCES }, (_, s) => `../../src/feature${n}/module${s}.ts`);
  const sourcesContent = sources.map((_, s) =>
    Array.from(
      { length: Math.ceil(LINES / SOURCES) + 1 },
      (__, l) => `export function f${s}_${l}(a: number): number { return a + ${l}; }`,
    ).join('\n'),
  );
  const map = JSON.stringify({ version: 3, file: `${n}.js`, sources, sourcesContent, names: [], mappings: encode(mappings) });
  return { script: `${lines.join('\n')}\n//# sourceMappingURL=${n}.js.map\n`, map };
}

async function startMapSite() {
  const cache = new Map<number, { script: string; map: string }>();
  const of = (n: number) => {
    let built = cache.get(n);
    if (built === undefined) cache.set(n, (built = bundle(n)));
    return built;
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const script = /^\/maps\/(\d+)\.js$/.exec(url.pathname);
    const map = /^\/maps\/(\d+)\.js\.map$/.exec(url.pathname);
    if (url.pathname === '/mapped.html') {
      const n = Number(url.searchParams.get('n'));
      return void response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(`<!doctype html><title>mapped ${n}</title><script src="/maps/${n}.js"></script><h1>mapped ${n}</h1>`);
    }
    if (script !== null)
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(of(Number(script[1])).script);
    if (map !== null) return void response.writeHead(200, { 'content-type': 'application/json' }).end(of(Number(map[1])).map);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    mapBytes: Buffer.byteLength(of(0).map),
    scriptBytes: Buffer.byteLength(of(0).script),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Throws from `boom<n>` (a timer, so it is uncaught) and long-polls `observe errors` until the
 * entry is there: its page timestamp → the poll that returned it, and its `at`.
 */
async function throwAndRead(agent: Agent, tabId: number, n: number): Promise<{ ms: number; at: string }> {
  let { cursor } = await agent.ok('observe', { what: 'errors', tab_id: tabId, limit: 1 });
  await agent.interact('execute_js', { tab_id: tabId, script: `setTimeout(() => boom${n}(), 0); return true` });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const page = await agent.ok('observe', { what: 'errors', tab_id: tabId, after_cursor: cursor, wait_ms: 5_000 });
    const now = Date.now();
    cursor = page.cursor;
    const base = page.ts_base as number;
    const entry = (entriesOf(page) as Array<{ message: string; ts: number; at?: string }>).find((e) =>
      e.message.endsWith(`mapped boom ${n}`),
    );
    if (entry !== undefined) return { ms: now - (base + entry.ts), at: entry.at ?? '' };
  }
  throw new Error(`the error of script ${n} never arrived`);
}

export async function runSourceMapBench(): Promise<SourceMapFigures> {
  const site = await startMapSite();
  const agent = await startAgent();
  const browser = launchRaw(agent.port, ['--remote-debugging-port=0']);
  let cdp: BrowserCdp | undefined;
  try {
    await agent.extensionConnected(20_000);
    cdp = await BrowserCdp.connect(browser.profile);
    const opened = await agent.interact('new_tab', { url: site.url('/mapped.html?n=0') });
    const tabId = opened.result.data.tab_id as number;
    const heapBefore = await cdp.workerHeapMb(true);
    const first: number[] = [];
    const cached: number[] = [];
    for (let n = 0; n < SCRIPTS; n++) {
      if (n > 0) await agent.interact('navigate', { tab_id: tabId, url: site.url(`/mapped.html?n=${n}`) });
      const cold = await throwAndRead(agent, tabId, n);
      const warm = await throwAndRead(agent, tabId, n);
      for (const { at } of [cold, warm]) {
        if (!at.startsWith(`src/feature${n}/module`)) throw new Error(`script ${n}: not mapped (at ${at})`);
      }
      first.push(cold.ms);
      cached.push(warm.ms);
    }
    const heapAfter = await cdp.workerHeapMb(true);
    return {
      firstMappedP50: median(first),
      firstMappedMax: Math.max(...first),
      cachedMappedP50: median(cached),
      workerHeapBeforeMb: heapBefore,
      workerHeapAfterMb: heapAfter,
      mapBytes: site.mapBytes,
      scriptBytes: site.scriptBytes,
    };
  } finally {
    cdp?.close();
    await browser.stop();
    await agent.stop();
    await site.close();
  }
}
