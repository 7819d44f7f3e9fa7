// What the extension costs a page, read from Chromium's own trace: a top page with 20
// cross-origin iframes, loaded in Chromium with the extension and in Chromium without it, in
// turns (5 loads each), on an untracked origin (`*.example`, mapped to loopback) and on a
// development origin (`*.localhost`, tracked without asking). For each load, the time the
// renderers spent in `EvaluateScript`, `v8.compile` and `v8.run` of the extension's scripts
// (`chrome-extension://` urls and the capture bundles' `browsertap-…` sourceURL names), nested
// events counted once (the union of their intervals on each thread); the service worker's own
// scripts are not the page's cost and are left out.
//
// Run: node --import tsx bench/extension/pageCostBench.ts  (build first: npm run build:extension).
// PAGE_COST_EXTENSION=before=<dir>,after=<dir> compares builds (copies of a dist) in one run, in turns.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BrowserCdp } from '../../test/e2e/support/cdp.js';
import { CHROMIUM, stopGroup } from '../../test/e2e/support/chromium.js';
import {
  extensionScriptEvents,
  extensionScriptMs,
  SCRIPT_TRACE_CATEGORIES,
  type TraceEvent,
} from '../../test/e2e/support/extensionScripts.js';
import { median } from '../lib.js';

const FRAMES = 20;
const LOADS = 5;

/** The top page (its own origin) with FRAMES iframes, each on an origin of its own. */
function site(): Promise<Server> {
  const server = createServer((request, response) => {
    const host = String(request.headers.host ?? '');
    const [name = '', port = ''] = host.split(':');
    const domain = name.split('.').slice(1).join('.');
    const html =
      request.url === '/frame'
        ? `<!doctype html><title>frame</title><p>frame ${name}</p><script>document.title = 'ready'</script>`
        : `<!doctype html><title>top</title><h1>top ${name}</h1><script>console.log('top')</script>${Array.from(
            { length: FRAMES },
            (_, i) => `<iframe src="http://f${i}.${domain}:${port}/frame"></iframe>`,
          ).join('')}`;
    response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Side {
  readonly cdp: BrowserCdp;
  readonly session: string;
  stop(): Promise<void>;
  /** Where the browser's events go now. */
  on: (method: string, params: any, sessionId?: string) => void;
}

/** Chromium as the e2e tests launch it (E2E.md), with `extension` loaded (or none), and one tab. */
async function start(extension: string | undefined, rules: string): Promise<Side> {
  const profile = mkdtempSync(join(tmpdir(), 'browsertap-profile-'));
  let copy: string | undefined;
  if (extension !== undefined) {
    copy = mkdtempSync(join(tmpdir(), 'browsertap-ext-'));
    cpSync(extension, copy, { recursive: true });
    writeFileSync(join(copy, 'defaults.json'), JSON.stringify({ daemonPort: 1 })); // no daemon: a page does not wait for one
  }
  const flags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--site-per-process',
    '--remote-debugging-port=0',
    rules,
    `--user-data-dir=${profile}`,
    ...(copy === undefined ? ['--disable-extensions'] : [`--load-extension=${copy}`, `--disable-extensions-except=${copy}`]),
  ];
  const child = spawn(CHROMIUM, [...flags, 'about:blank'], { detached: true, stdio: 'ignore' });
  const cdp = await BrowserCdp.connect(profile);
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  await cdp.send('Page.enable', {}, sessionId);
  const side: Side = {
    cdp,
    session: sessionId,
    on: () => undefined,
    stop: async () => {
      cdp.close();
      await stopGroup(child);
      for (const dir of [profile, copy]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
  cdp.onEvent((method, params, session) => side.on(method, params, session));
  return side;
}

/** Loads `url` in the side's tab under a browser-wide trace; the trace's events. */
async function tracedLoad(side: Side, url: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  let loaded!: () => void;
  let complete!: () => void;
  const onLoad = new Promise<void>((resolve) => (loaded = resolve));
  const onComplete = new Promise<void>((resolve) => (complete = resolve));
  side.on = (method, params, sessionId) => {
    if (method === 'Page.loadEventFired' && sessionId === side.session) loaded();
    if (method === 'Tracing.dataCollected') events.push(...(params.value as TraceEvent[]));
    if (method === 'Tracing.tracingComplete') complete();
  };
  await side.cdp.send('Tracing.start', {
    traceConfig: { includedCategories: SCRIPT_TRACE_CATEGORIES },
    transferMode: 'ReportEvents',
  });
  await side.cdp.send('Page.navigate', { url }, side.session);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    onLoad,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${url} never loaded`)), 30_000))),
  ]);
  clearTimeout(timer);
  await new Promise((resolve) => setTimeout(resolve, 500)); // scripts the load's last tasks start
  await side.cdp.send('Tracing.end');
  await onComplete;
  return events;
}

/** One build's cost per load, median of LOADS (ms), and each load's figure. */
export interface PageCost {
  /** CPU time of the extension's scripts on the renderers' threads (their own clocks). */
  readonly cpuMs: number;
  /** The same on the wall clock (it counts the frames' renderers waiting for one of 2 cores). */
  readonly wallMs: number;
  readonly cpuRuns: readonly number[];
  /** The extension's script events per load, and those with no thread clock (not in cpuMs). */
  readonly events: number;
  readonly noThreadClock: number;
}

/** Per page (`untracked`, `tracked`), per build (and `none`: Chromium without the extension). */
export type PageCostFigures = Record<'untracked' | 'tracked', Record<string, PageCost>>;

/** Each build's Chromium and one with no extension, loading each page in turns, LOADS times. */
export async function runPageCostBench(builds: Record<string, string>): Promise<PageCostFigures> {
  const server = await site();
  const port = (server.address() as AddressInfo).port;
  const rules = '--host-resolver-rules=MAP *.example 127.0.0.1, MAP *.localhost 127.0.0.1';
  const sides: Record<string, Side> = {};
  try {
    for (const [name, dir] of Object.entries(builds)) sides[name] = await start(dir, rules);
    sides.none = await start(undefined, rules);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the workers start and settle
    const pages = { untracked: `http://top.example:${port}/`, tracked: `http://top.localhost:${port}/` };
    const figures = { untracked: {}, tracked: {} } as PageCostFigures;
    for (const [kind, url] of Object.entries(pages) as Array<[keyof PageCostFigures, string]>) {
      const cpu: Record<string, number[]> = {};
      const wall: Record<string, number[]> = {};
      const counts: Record<string, { events: number; noThreadClock: number }> = {};
      // A first load of each page warms every browser's caches alike; then the browsers in turns.
      for (const side of Object.values(sides)) await tracedLoad(side, url);
      for (let i = 0; i < LOADS; i++) {
        for (const [name, side] of Object.entries(sides)) {
          const events = await tracedLoad(side, url);
          (cpu[name] ??= []).push(extensionScriptMs(events, 'thread'));
          (wall[name] ??= []).push(extensionScriptMs(events, 'wall'));
          const own = extensionScriptEvents(events);
          counts[name] = { events: own.length, noThreadClock: own.filter((e) => e.tdur === undefined).length };
        }
      }
      for (const name of Object.keys(sides)) {
        const runs = (cpu[name] ?? []).map((ms) => Math.round(ms * 100) / 100);
        figures[kind][name] = {
          cpuMs: median(runs),
          wallMs: Math.round(median(wall[name] ?? []) * 100) / 100,
          cpuRuns: runs,
          ...(counts[name] ?? { events: 0, noThreadClock: 0 }),
        };
      }
    }
    return figures;
  } finally {
    await Promise.all(Object.values(sides).map((side) => side.stop()));
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // PAGE_COST_EXTENSION=name=dir,name=dir compares builds in one run; by default this checkout's.
  const asked = process.env.PAGE_COST_EXTENSION;
  const builds =
    asked === undefined
      ? { 'this build': resolve('extension/dist') }
      : Object.fromEntries(asked.split(',').map((pair) => pair.split('=') as [string, string]));
  process.stdout.write(`${JSON.stringify(await runPageCostBench(builds), null, 2)}\n`);
}
