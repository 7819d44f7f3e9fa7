// What `observe performance` (docs/mcp-tools.md) costs and how soon it answers, in real Chromium.
//
// 1. Page cost. A cross-origin-isolated page (performance.now() to 5 µs) makes 200 long animation
//    frames (55-95 ms of script each, from a few named functions) and loads 60 resources. The
//    capture's performance and vitals modules run on it as in the extension, every entry point
//    they have (observer callbacks, their timers, the bus's send) wrapped in a timer: their sum
//    over the frames is the main-thread time they add per long frame.
// 2. Slow click to answer. The built fixture shop (test/e2e/fixtures/app/perf.html) in a tracked
//    tab with the real extension: a person's click on its 300 ms button, then `observe
//    performance` every 20 ms until INP's script is named in source. The first round reads the
//    bundle's source map; the later ones (each after a reload) find it cached in the worker.
//
// Run: node --import tsx bench/extension/performanceBench.ts  (build first: npm run build && npm run build:extension)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildFixtureApp } from '../../test/e2e/support/fixtureApp.js';
import { type PageSession, startPageSession } from '../../test/e2e/support/session.js';
import { CHROMIUM } from '../../test/e2e/support/chromium.js';
import { median } from '../lib.js';
import { bundleForPage } from './pageBundle.js';

const FRAMES = 250;
/** Frames before the steady state is measured: the page's load, its first records, cold code. */
const WARM_UP = 50;
const RESOURCES = 60;
const CLICK_ROUNDS = 6;

const BUSY_PAGE = `<!doctype html><html><head><title>long frames</title></head><body><h1>Busy</h1><div id="out"></div>
<script>
function layoutWork(ms) { const end = performance.now() + ms; while (performance.now() < end); document.getElementById('out').textContent = String(end); }
function renderList(ms) { layoutWork(ms); }
function onTick(i) { renderList(55 + ((i * 37) % 41)); }
window.__framesDone = new Promise((resolve) => {
  let i = 0;
  const next = () => {
    if (i === ${WARM_UP}) window.__warm = { ms: window.__spent.ms, calls: window.__spent.calls };
    if (i >= ${FRAMES}) return resolve(i);
    onTick(i++);
    requestAnimationFrame(next);
  };
  setTimeout(() => requestAnimationFrame(next), 300);
});
for (let r = 0; r < ${RESOURCES}; r++) fetch('/r' + r + '.json');
</script></body></html>`;

async function harness(): Promise<string> {
  return bundleForPage(
    `import { PageBus } from './extension/src/page/PageBus.ts';
import { observePerformance } from './extension/src/page/performance.ts';
import { observeVitals } from './extension/src/page/vitals.ts';
const spent = { ms: 0, calls: 0, sent: 0 };
window.__spent = spent;
spent.by = {};
const timed = (fn, kind = 'other') => function (...args) {
  const started = performance.now();
  try { return fn.apply(this, args); } finally { const d = performance.now() - started; spent.ms += d; spent.calls++; spent.by[kind] = (spent.by[kind] ?? 0) + d; }
};
const Native = PerformanceObserver;
window.PerformanceObserver = class extends Native { constructor(callback) { super(timed(callback, 'observer')); } };
const setTimer = window.setTimeout.bind(window);
const clock = { setTimeout: (fn, ms) => setTimer(timed(fn, 'timer'), ms), now: Date.now };
const bus = new PageBus(timed((json) => { spent.sent += json.length; }), clock, () => location.href);
bus.markReady();
if (window.__which !== 'performance') observeVitals(bus, Date.now);
if (window.__which !== 'vitals') observePerformance(bus, clock);`,
  );
}

type Which = 'performance' | 'vitals' | 'both';

interface Cost {
  /** Steady state: main-thread µs the modules spent per long frame after the warm-up. */
  readonly usPerFrame: number;
  /** Their whole time over the page's life (load, requests, first records, every frame), ms. */
  readonly totalMs: number;
  readonly frames: number;
  readonly calls: number;
  readonly sentChars: number;
}

async function pageCost(which: Which): Promise<Cost> {
  const isolated = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
  const script = await harness();
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/r'))
      return void response.writeHead(200, { 'content-type': 'application/json', ...isolated }).end('{}');
    response.writeHead(200, { 'content-type': 'text/html', ...isolated }).end(BUSY_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.addInitScript({ content: `window.__which = ${JSON.stringify(which)};\n${script}` });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const frames = (await page.evaluate('window.__framesDone')) as number;
    await page.waitForTimeout(5_500); // the last frames' entries and the record's send (5 s when only the count moved)
    const spent = (await page.evaluate('window.__spent')) as { ms: number; calls: number; sent: number; by: object };
    const warm = (await page.evaluate('window.__warm')) as { ms: number };
    if (process.env.DIAG) console.log(which, JSON.stringify(spent.by));
    const loafs = (await page.evaluate(
      `new Promise((resolve) => new PerformanceObserver((list) => resolve(list.getEntries().length)).observe({ type: 'long-animation-frame', buffered: true }))`,
    )) as number;
    if (loafs < frames / 2) throw new Error(`only ${loafs} long frames were reported for ${frames}`);
    return {
      usPerFrame: ((spent.ms - warm.ms) * 1_000) / (frames - WARM_UP),
      totalMs: spent.ms,
      frames,
      calls: spent.calls,
      sentChars: spent.sent,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

/** Click to INP's script in source (`firstMs`, `cachedMs`) and to the long frame's (`frame…`). */
async function clickToAnswer(): Promise<{ firstMs: number; cachedMs: number[]; frameFirstMs: number; frameCachedMs: number[] }> {
  let session: PageSession | undefined;
  try {
    session = await startPageSession('/second.html', await buildFixtureApp());
    const { agent, page, tabId, site } = session;
    const times: number[] = [];
    const frames: number[] = [];
    for (let round = 0; round < CLICK_ROUNDS; round++) {
      await page.goto(site.url(`/app/perf.html?round=${round}`));
      await page.waitForFunction("document.getElementById('promo') !== null && document.getElementById('hero').complete");
      const box = await page.locator('#add-to-cart').boundingBox();
      if (box === null) throw new Error('no button');
      const clicked = performance.now();
      const clickedAt = Date.now();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      let frameAt: number | undefined;
      for (;;) {
        const answer = await agent.ok('observe', { what: 'performance', tab_id: tabId, url: `round=${round}` });
        const report = answer.pages?.[0];
        const inSource = (script: any) => script?.at?.startsWith('src/slow.ts:') === true;
        if (frameAt === undefined && report?.long_frames?.longest?.some((f: any) => f.scripts.some(inSource))) {
          frameAt = performance.now() - clicked;
        }
        if (inSource(report?.vitals?.INP?.scripts?.[0])) break;
        if (performance.now() - clicked > 15_000) throw new Error(`no answer: ${JSON.stringify(answer).slice(0, 500)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      times.push(performance.now() - clicked);
      frames.push(frameAt ?? performance.now() - clicked);
      if (process.env.DIAG) {
        const full = await agent.ok('observe', { what: 'vitals', detail: 'full', tab_id: tabId });
        const inps = full.entries.filter((e: any) => e.name === 'INP' && e.url.includes(`round=${round}`));
        console.log(
          'INP reports after the click (ms):',
          inps.map((e: any) => [e.ts - clickedAt, e.value, e.attribution?.scripts?.[0]?.at]),
        );
      }
    }
    return {
      firstMs: times[0] as number,
      cachedMs: times.slice(1),
      frameFirstMs: frames[0] as number,
      frameCachedMs: frames.slice(1),
    };
  } finally {
    await session?.stop();
  }
}

async function main(): Promise<void> {
  for (const which of ['performance', 'vitals', 'both'] as const) {
    const costs: Cost[] = [];
    for (let run = 0; run < 3; run++) costs.push(await pageCost(which));
    console.log(`page cost runs (${which})`, JSON.stringify(costs));
    const perFrame = median(costs.map((c) => c.usPerFrame)).toFixed(1);
    const total = median(costs.map((c) => c.totalMs)).toFixed(1);
    console.log(
      `page cost (${which}): ${perFrame} µs per long frame in the steady state; ${total} ms in all over ${FRAMES} frames and ${RESOURCES} requests (median of 3 runs)`,
    );
  }
  if (process.env.ONLY === 'cost') return;
  const answer = await clickToAnswer();
  console.log('click to answer', JSON.stringify(answer));
  console.log(
    `slow click -> INP's script in source: first ${answer.firstMs.toFixed(0)} ms (map read), then median ${median(answer.cachedMs).toFixed(0)} ms (map cached)`,
  );
  console.log(
    `slow click -> long frame's script in source: first ${answer.frameFirstMs.toFixed(0)} ms (map read), then median ${median(answer.frameCachedMs).toFixed(0)} ms (map cached)`,
  );
}

await main();
