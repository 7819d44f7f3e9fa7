// "Point at it" in real Chromium with the real extension: how soon a streaming agent is
// pushed the person's pick after they press Enter (target: median within 100 ms), how soon the
// overlay is up after the agent asks, and how soon the box follows the pointer onto an element.
//
// The person is Playwright's own mouse and keyboard (CDP input: trusted); the agent an MCP SDK
// client through the stdio bridge, subscribed to `pick` events. Each round: interact pick → the
// overlay's banner shows → the pointer moves onto a button (its label shows its name) → a click →
// the note field shows → one letter → Enter, timed from just before the Enter key is sent to the
// notification's arrival at the client (the bridge's stdout, parsed).
//
// Run: npm run bench -- pick (the median of 3 runs into docs/benchmarks.md), or one run:
// node --import tsx bench/extension/pickBench.ts (builds nothing: build first)
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { launchPlaywright } from '../../test/e2e/support/chromium.js';
import { eventually, openTrackedPage, startAgent } from '../../test/e2e/support/stack.js';
import { median, percentile } from '../lib.js';
import type { PickFigures } from './figures.js';

const ROUNDS = Number(process.env.PICK_ROUNDS ?? 22);
const WARM_UP = 2;
/** Longest any step of a round may take before the run fails (ms): a stuck run must not hold the machine. */
const STEP_MS = 10_000;

const PAGE = `<!doctype html><html><head><title>pick bench</title></head><body style="margin:0;font:16px sans-serif">
<h1>Shop</h1><main>${Array.from(
  { length: 40 },
  (_, i) => `<article class="card"><h2>Product ${i}</h2><p>A fine product.</p><button id="buy${i}">Buy ${i}</button></article>`,
).join('')}</main></body></html>`;

export async function runPickBench(): Promise<PickFigures> {
  const server: Server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop.html`;
  const agent = await startAgent();
  const browser = await launchPlaywright(agent.port);
  const arrived = new Map<string, number>();
  agent.bridge.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    const data = (n.params as { data: { event_type?: string; note?: string } }).data;
    if (data.event_type === 'pick' && typeof data.note === 'string') arrived.set(data.note, performance.now());
  });
  try {
    await agent.extensionConnected();
    const page: Page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await openTrackedPage(agent, page, url);
    await agent.ok('configure', { action: 'streaming', enabled: true, subscribe: ['pick'], filters: { rate_limit: 1000 } });
    const pushed: number[] = [];
    const overlays: number[] = [];
    const hovers: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const asked = performance.now();
      await agent.ok('interact', { action: 'pick', prompt: `round ${round}` });
      const frame = await overlayOf(page);
      await frame.locator('#banner').waitFor({ state: 'visible', timeout: STEP_MS });
      const shown = performance.now() - asked;
      const target = await page.locator(`#buy${round % 4}`).boundingBox();
      if (target === null) throw new Error('no button');
      const x = target.x + target.width / 2;
      const y = target.y + target.height / 2;
      const moved = performance.now();
      await page.mouse.move(x, y);
      await frame.waitForFunction(
        (name) => document.getElementById('label')?.textContent?.includes(name) === true,
        `Buy ${round % 4}`,
        { polling: 'raf', timeout: STEP_MS },
      );
      const hovered = performance.now() - moved;
      await page.mouse.click(x, y);
      await frame.locator('#note').waitFor({ state: 'visible', timeout: STEP_MS });
      const note = `n${round}`;
      await page.keyboard.type(note);
      const enter = performance.now();
      await bounded(page.keyboard.press('Enter'), `round ${round}: the Enter key was never handled`);
      await eventually(() => arrived.has(note), 5_000, `round ${round}: no pick event`);
      if (round >= WARM_UP) {
        pushed.push((arrived.get(note) as number) - enter);
        overlays.push(shown);
        hovers.push(hovered);
      }
      await eventually(() => page.frames().every((f) => !f.url().includes('/pick-frame.html')), 5_000, 'the overlay stayed');
    }
    const sorted = [...pushed].sort((a, b) => a - b);
    return {
      pushedP50: median(pushed),
      pushedP90: percentile(sorted, 90),
      overlayP50: median(overlays),
      hoverP50: median(hovers),
      rounds: pushed.length,
    };
  } finally {
    await browser.stop();
    await agent.stop();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** `work`, or a failure saying `what` once STEP_MS have passed. */
async function bounded<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), STEP_MS)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function overlayOf(page: Page): Promise<Frame> {
  let found: Frame | undefined;
  await eventually(
    () => (found = page.frames().find((f) => f.url().includes('/pick-frame.html') && !f.isDetached())) !== undefined,
    10_000,
    'the overlay never showed',
  );
  return found as Frame;
}

if (process.argv[1]?.endsWith('pickBench.ts')) {
  const figures = await runPickBench();
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
