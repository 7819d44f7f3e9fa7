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
// PAGE_COST_EXTENSION=<dir> measures another build of the extension (a copy of its dist).
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BrowserCdp } from '../../test/e2e/support/cdp.js';
import { CHROMIUM, stopGroup } from '../../test/e2e/support/chromium.js';
import { extensionScriptMs, SCRIPT_TRACE_CATEGORIES, type TraceEvent } from '../../test/e2e/support/extensionScripts.js';
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

export interface PageCostFigures {
  /** ms of extension script evaluation per load of the page, median of LOADS: untracked and tracked origin, with the extension and without. */
  readonly untrackedMs: number;
  readonly untrackedBareMs: number;
  readonly trackedMs: number;
  readonly trackedBareMs: number;
  readonly untrackedRuns: readonly number[];
  readonly trackedRuns: readonly number[];
}

export async function runPageCostBench(extension = resolve('extension/dist')): Promise<PageCostFigures> {
  const server = await site();
  const port = (server.address() as AddressInfo).port;
  const rules = '--host-resolver-rules=MAP *.example 127.0.0.1, MAP *.localhost 127.0.0.1';
  const loaded = await start(extension, rules);
  const bare = await start(undefined, rules);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the worker starts and settles
    const pages = { untracked: `http://top.example:${port}/`, tracked: `http://top.localhost:${port}/` };
    const runs: Record<string, number[]> = { untracked: [], untrackedBare: [], tracked: [], trackedBare: [] };
    for (const [kind, url] of Object.entries(pages)) {
      // A first load of each page warms both browsers' caches alike; then the two in turns.
      await tracedLoad(loaded, url);
      await tracedLoad(bare, url);
      for (let i = 0; i < LOADS; i++) {
        (runs[kind] as number[]).push(extensionScriptMs(await tracedLoad(loaded, url)));
        (runs[`${kind}Bare`] as number[]).push(extensionScriptMs(await tracedLoad(bare, url)));
      }
    }
    return {
      untrackedMs: median(runs.untracked as number[]),
      untrackedBareMs: median(runs.untrackedBare as number[]),
      trackedMs: median(runs.tracked as number[]),
      trackedBareMs: median(runs.trackedBare as number[]),
      untrackedRuns: runs.untracked as number[],
      trackedRuns: runs.tracked as number[],
    };
  } finally {
    await Promise.all([loaded.stop(), bare.stop()]);
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await runPageCostBench(process.env.PAGE_COST_EXTENSION);
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
}
