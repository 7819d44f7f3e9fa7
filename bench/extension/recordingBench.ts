// What recording the person's actions (docs/mcp-tools.md) costs a page, in real Chromium with the real
// extension: a person's clicks and keystrokes (Playwright's mouse and keyboard: trusted input)
// on a 500-element page, with recording on and then off (`configure recording`). Clicks both at
// machine speed (press and release at once: the release comes before the recorder's next task)
// and held as a person holds them (40 ms: the recorder hears the press before the release).
//
// The synchronous part: a capture listener on the window registered before anything else in the
// document (Playwright's init script, which runs before the extension's document_start content
// scripts) and the page's own capture listener on the document (run after the recorder's window
// listeners); the gap between them holds the recorder's listeners. The same gap with recording off
// is the baseline; the difference is what recording adds inside the event.
// The deferred part (naming the target, reading and redacting the value) runs in a task after
// the event; it is timed by running the recorder's own modules on the same page and element.
// Naming inside the press: the two ways to take a name as the person pressed (name it there, or
// print what naming reads there and compare later), each timed inside a trusted pointerdown,
// taken in turns on the same elements.
//
// Run: node --import tsx bench/extension/recordingBench.ts  (builds nothing: build first). From
// another checkout's root (its built extension and CLI), it measures that build the same way.
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchPlaywright } from '../../test/e2e/support/chromium.js';
import { type Agent, openTrackedPage, startAgent } from '../../test/e2e/support/stack.js';
import { median } from '../lib.js';
import { bundleForPage } from './pageBundle.js';

const CLICKS = 200;
/** Clicks held as a person holds them (the button down HELD_MS: the recorder hears the press before its release). */
const HELD_CLICKS = 60;
const HELD_MS = 40;
const KEYS = 200;
const DEFERRED_ROUNDS = 50;
const PRESS_ROUNDS = 60;
/** Presses before the timed ones, so the code is warm as it is after a person's first clicks. */
const PRESS_WARMUP = 10;

/** 40 product cards (each with a "Buy" button: a locator needs .nth there), a checkout button, a labelled field. */
const PAGE = `<!doctype html><html><head><title>recording bench</title><script>
for (const type of Object.keys(window.__gap)) {
  document.addEventListener(type, (event) => { if (event.isTrusted) window.__gap[type].push(performance.now() - window.__started[type]); }, true);
}
</script></head><body><h1>Shop</h1><form onsubmit="return false"><label for="coupon">Coupon</label> <input id="coupon"> <button id="checkout" type="button">Checkout</button></form><main>
${Array.from(
  { length: 40 },
  (_, i) =>
    `<article class="card"><h2>Product ${i}</h2><p>A fine product, number ${i}, with a <a href="#p${i}">link</a>.</p><ul><li>size ${i}</li><li>colour ${i}</li></ul><button>Buy</button></article>`,
).join('')}
</main>
</body></html>`;

/** Before any script of the document's or the extension's: where each event's gap starts. */
const FIRST = `window.__gap = { pointerdown: [], pointerup: [], click: [], keydown: [], beforeinput: [], input: [], focusout: [] };
window.__started = {};
for (const type of Object.keys(window.__gap)) window.addEventListener(type, () => { window.__started[type] = performance.now(); }, true);`;

interface Side {
  readonly clickUs: number;
  readonly keyUs: number;
  readonly focusoutUs: number;
  /** A click held HELD_MS between press and release, as a person's. */
  readonly heldClickUs: number;
}

async function measureSide(page: Page): Promise<Side> {
  await page.evaluate('for (const list of Object.values(window.__gap)) list.length = 0');
  const box = async (selector: string) => {
    const found = await page.locator(selector).boundingBox();
    if (found === null) throw new Error(`${selector} has no box`);
    return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
  };
  const checkout = await box('#checkout');
  for (let i = 0; i < CLICKS; i++) await page.mouse.click(checkout.x, checkout.y);
  const coupon = await box('#coupon');
  await page.mouse.click(coupon.x, coupon.y);
  for (let i = 0; i < KEYS; i++) await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
  await page.mouse.click(checkout.x, checkout.y); // blur: the edit ends
  await page.waitForTimeout(700);
  const gap = (await page.evaluate('window.__gap')) as Record<string, number[]>;
  const counts = Object.fromEntries(Object.entries(gap).map(([type, list]) => [type, list.length]));
  if (Object.values(counts).some((n) => n === 0)) throw new Error(`no events timed: ${JSON.stringify(counts)}`);
  const us = (values: number[]) => trimmedMean(values.length > 20 ? values.slice(5) : values) * 1_000;
  // A person's click: the button held, so the recorder hears the press before its release.
  await page.evaluate('for (const list of Object.values(window.__gap)) list.length = 0');
  await page.mouse.move(checkout.x, checkout.y);
  for (let i = 0; i < HELD_CLICKS; i++) {
    await page.mouse.down();
    await page.waitForTimeout(HELD_MS);
    await page.mouse.up();
  }
  const held = (await page.evaluate('window.__gap')) as Record<string, number[]>;
  return {
    clickUs: us(gap.pointerdown as number[]) + us(gap.pointerup as number[]) + us(gap.click as number[]),
    keyUs: us(gap.keydown as number[]) + us(gap.beforeinput as number[]) + us(gap.input as number[]),
    focusoutUs: us(gap.focusout as number[]),
    heldClickUs: us(held.pointerdown as number[]) + us(held.pointerup as number[]) + us(held.click as number[]),
  };
}

/** The recorder's deferred work on this page: naming a target, and a field's value (with redaction). */
async function deferred(page: Page): Promise<{ nameClickUs: number; nameFieldUs: number; nameNthUs: number; valueUs: number }> {
  const bundle = await bundleForPage(
    `import { describeTarget } from './extension/src/record/locators.ts';
import { recordedValue } from './extension/src/record/values.ts';
window.__record = { describeTarget, recordedValue };`,
  );
  await page.addScriptTag({ content: bundle });
  const script = `(() => {
    const record = window.__record;
    const time = (work) => {
      const times = [];
      for (let i = 0; i < ${DEFERRED_ROUNDS}; i++) {
        const started = performance.now();
        work();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return times[Math.floor(times.length / 2)];
    };
    const checkout = document.getElementById('checkout');
    const coupon = document.getElementById('coupon');
    const buy = document.querySelectorAll('article button')[20];
    return {
      nameClickUs: time(() => record.describeTarget(checkout)) * 1000,
      nameFieldUs: time(() => record.describeTarget(coupon)) * 1000,
      nameNthUs: time(() => record.describeTarget(buy)) * 1000,
      valueUs: time(() => record.recordedValue(coupon, coupon.value, true)) * 1000,
    };
  })()`;
  return (await page.evaluate(script)) as { nameClickUs: number; nameFieldUs: number; nameNthUs: number; valueUs: number };
}

/**
 * Taking a click's name as the person pressed, inside a trusted pointerdown (style made stale by
 * the press, as the recorder would meet it): naming the target there (`describeTarget` of the
 * control it stands for), or printing what naming reads (`namingPrint`), in turns, click by click.
 */
async function namingInPress(page: Page): Promise<Record<string, number>> {
  if (!existsSync('extension/src/record/namingPrint.ts')) return {};
  const bundle = await bundleForPage(
    `import { describeTarget } from './extension/src/record/locators.ts';
import { namingPrint } from './extension/src/record/namingPrint.ts';
import { clickTarget } from './extension/src/relay/recordTargets.ts';
window.__press = { describeTarget, namingPrint, clickTarget, option: 'name', times: { name: [], print: [] } };
window.addEventListener('pointerdown', (event) => {
  const press = window.__press;
  const started = performance.now();
  if (press.option === 'name') press.describeTarget(press.clickTarget(event.target));
  else press.namingPrint(event.target);
  press.times[press.option].push(performance.now() - started);
}, true);`,
  );
  await page.addScriptTag({ content: bundle });
  const figures: Record<string, number> = {};
  for (const [label, selector] of [
    ['Checkout', '#checkout'],
    ['Buy20', 'article:nth-of-type(21) button'],
  ] as const) {
    await page.evaluate('window.__press.times = { name: [], print: [] }');
    await page.locator(selector).scrollIntoViewIfNeeded();
    const found = await page.locator(selector).boundingBox();
    if (found === null) throw new Error(`${selector} has no box`);
    await page.mouse.move(found.x + found.width / 2, found.y + found.height / 2);
    for (let i = 0; i < PRESS_WARMUP; i++) {
      await page.evaluate(`window.__press.option = ${JSON.stringify(i % 2 === 0 ? 'name' : 'print')}`);
      await page.mouse.down();
      await page.mouse.up();
    }
    await page.evaluate('window.__press.times = { name: [], print: [] }');
    for (let i = 0; i < PRESS_ROUNDS; i++) {
      await page.evaluate(`window.__press.option = ${JSON.stringify(i % 2 === 0 ? 'name' : 'print')}`);
      await page.mouse.down();
      await page.mouse.up();
    }
    const times = (await page.evaluate('window.__press.times')) as { name: number[]; print: number[] };
    figures[`nameInPress${label}Us`] = trimmedMean(times.name) * 1_000;
    figures[`printInPress${label}Us`] = trimmedMean(times.print) * 1_000;
  }
  return figures;
}

/** The mean of the values without the slowest 5 % (a GC or a frame landing in one event). */
function trimmedMean(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b).slice(0, Math.max(1, Math.floor(values.length * 0.95)));
  return sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
}

async function main(): Promise<void> {
  let server: Server | undefined;
  let agent: Agent | undefined;
  let browser: Awaited<ReturnType<typeof launchPlaywright>> | undefined;
  try {
    // Cross-origin isolated: performance.now() resolves to 5 µs there (100 µs otherwise).
    const isolated = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
    server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html', ...isolated }).end(PAGE),
    );
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop.html`;
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.addInitScript(FIRST);
    await openTrackedPage(agent, page, url);
    console.log(`elements on the page: ${await page.evaluate(() => document.querySelectorAll('*').length)}`);
    const sides: Array<{ on: Side; off: Side }> = [];
    for (let round = 0; round < 3; round++) {
      await agent.ok('configure', { action: 'recording', actions: true });
      await page.reload();
      await page.waitForTimeout(500);
      const on = await measureSide(page);
      await agent.ok('configure', { action: 'recording', actions: false });
      await page.reload();
      await page.waitForTimeout(500);
      const off = await measureSide(page);
      sides.push({ on, off });
      console.log(`round ${round + 1}: on ${JSON.stringify(on)} off ${JSON.stringify(off)}`);
    }
    const recorded = await agent.ok('observe', { what: 'actions', limit: 5 });
    console.log(`the daemon holds actions (a check that recording ran): ${JSON.stringify(recorded).length} bytes`);
    const mid = (pick: (side: { on: Side; off: Side }) => number) => median(sides.map(pick));
    const later = await deferred(page);
    const inPress = await namingInPress(page);
    const result = {
      clickOnUs: mid((s) => s.on.clickUs),
      clickOffUs: mid((s) => s.off.clickUs),
      heldClickOnUs: mid((s) => s.on.heldClickUs),
      heldClickOffUs: mid((s) => s.off.heldClickUs),
      keyOnUs: mid((s) => s.on.keyUs),
      keyOffUs: mid((s) => s.off.keyUs),
      focusoutOnUs: mid((s) => s.on.focusoutUs),
      focusoutOffUs: mid((s) => s.off.focusoutUs),
      ...later,
      ...inPress,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser?.stop();
    await agent?.stop();
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  }
}

await main();
