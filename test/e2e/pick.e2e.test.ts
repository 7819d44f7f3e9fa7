import { LoggingMessageNotificationSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CDPSession, Frame, Locator, Page } from 'playwright-core';
import { CHAIN_REASONS } from '../../extension/src/shared/components.js';
import { entriesOf } from '../support/listEntries.js';
import { EXTENSION_ID, launchPlaywright, MAP_NOT_DEV, NOT_DEV, tabIdOf } from './support/chromium.js';
import { type Expected, expectedChain, type FrameworkApp, serveApp, type Variant } from './support/frameworkApps.js';
import { type Agent, eventually, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// "Point at it": the person shows the agent the element they mean. The person here is
// Playwright's own mouse and keyboard (CDP input: trusted, as a person's), the agent an MCP
// client through the stdio bridge. The page's own listeners, registered on `window` in the capture
// phase before anything of ours, must never hear the pointing.

const SHOP = `<!doctype html><html><head><title>shop</title><script>
  window.__heard = [];
  for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'contextmenu', 'keydown', 'keyup', 'keypress'])
    window.addEventListener(type, (event) => window.__heard.push(type + ':' + (event.target && event.target.id || event.target.nodeName)), true);
</script></head><body style="margin:0;font:16px sans-serif">
<h1>Cart</h1>
<section class="card"><div class="row"><span>Total: 12 €</span> <button id="buy">Add to cart</button></div></section>
<p><button id="other">Checkout</button></p>
<iframe id="inner" src="/inner.html" style="width:320px;height:80px;border:1px solid #ccc"></iframe>
<fancy-panel id="panel"></fancy-panel>
<p id="out"></p>
<script>
  document.getElementById('buy').addEventListener('click', () => (document.getElementById('out').textContent = 'bought'));
  customElements.define('fancy-panel', class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<div><button>Shadow action</button></div>';
    }
  });
</script></body></html>`;
const INNER = `<!doctype html><html><body style="margin:0"><button id="b" onclick="document.body.dataset.clicked = 'yes'">Inner</button></body></html>`;

/**
 * Alt+Shift+K, the extension's shortcut, pressed as a person's keyboard sends it: a trusted key
 * event through Chromium's own input path, where browser shortcuts are matched. Playwright's
 * `keyboard.press` carries no native key code, and Chromium matches extension shortcuts on that
 * code (measured: without `nativeVirtualKeyCode` the command never fires).
 */
async function shortcut(session: CDPSession): Promise<void> {
  for (const type of ['rawKeyDown', 'keyUp'] as const)
    await session.send('Input.dispatchKeyEvent', {
      type,
      modifiers: 1 | 8, // Alt, Shift
      key: 'K',
      code: 'KeyK',
      windowsVirtualKeyCode: 75,
      nativeVirtualKeyCode: 75,
    });
}

/** A locator expression as a test file applies it to `page`. */
function locate(page: Page, expression: string): Locator {
  return new Function('page', `return page.${expression};`)(page) as Locator;
}

describe('e2e: point at it — the pick, end to end', function () {
  this.timeout(120_000);
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let server: Server;
  let page: Page;
  let cdp: CDPSession;
  let base: string;
  let tabId: number;
  const scripts: string[] = [];
  const notified: Array<Record<string, any>> = [];

  /** The overlay's frame once it holds its port (the banner shows). */
  async function overlay(): Promise<Frame> {
    let found: Frame | undefined;
    await eventually(
      () =>
        (found = page.frames().find((frame) => frame.url().includes('/pick-frame.html') && !frame.isDetached())) !== undefined,
      10_000,
      'the overlay never showed',
    );
    await (found as Frame).locator('#banner').waitFor({ state: 'visible', timeout: 5_000 });
    return found as Frame;
  }

  async function center(selector: string, frame = page.mainFrame()): Promise<{ x: number; y: number }> {
    const box = await frame.locator(selector).boundingBox();
    if (box === null) throw new Error(`${selector} has no box`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** The person: moves to the element, clicks it, types the note and presses Enter. */
  async function pointAt(target: { x: number; y: number }, note: string): Promise<Frame> {
    const frame = await overlay();
    await page.mouse.move(target.x - 40, target.y - 30);
    await page.mouse.move(target.x, target.y, { steps: 5 });
    await page.mouse.click(target.x, target.y);
    await frame.locator('#note').waitFor({ state: 'visible', timeout: 5_000 });
    await page.keyboard.type(note, { delay: 10 });
    await page.keyboard.press('Enter');
    return frame;
  }

  /** The command's final result (the person's pick or why there is none). */
  async function finalResult(correlationId: string): Promise<any> {
    let result: any;
    await eventually(
      async () =>
        !['queued', 'pending'].includes(
          (result = await agent.ok('observe', { what: 'command_result', correlation_id: correlationId })).status,
        ),
      10_000,
      () => `still ${JSON.stringify(result)}`,
    );
    return result;
  }

  const gone = () =>
    eventually(() => page.frames().every((frame) => !frame.url().includes('/pick-frame.html')), 5_000, 'the overlay stayed');

  before(async function () {
    server = createServer((request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(request.url?.startsWith('/inner') ? INNER : SHOP),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    agent = await startAgent();
    agent.bridge.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      notified.push((n.params as { data: Record<string, any> }).data);
    });
    browser = await launchPlaywright(agent.port, [MAP_NOT_DEV]);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    cdp = await browser.context.newCDPSession(page);
    cdp.on('Debugger.scriptParsed', (event: { url: string }) => scripts.push(event.url));
    await cdp.send('Debugger.enable');
    tabId = await openTrackedPage(agent, page, `${base}/shop.html`);
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('adds nothing to a page nobody points at: no pick script, no component reader, no element', async function () {
    const ours = scripts.filter((url) => url.startsWith('chrome-extension://')).map((url) => url.replace(/^.*\//, ''));
    expect(ours).to.include('relay.js'); // the measurement sees extension scripts
    expect(ours).not.to.include('pick.js');
    expect(ours).not.to.include('component-chain.js');
    expect(await page.evaluate(() => document.documentElement.children.length)).to.equal(2);
  });

  it('the agent asks, the person points at a nested button and types a note: the result carries both, and a locator for exactly it', async function () {
    const queued = await agent.ok('interact', { action: 'pick', prompt: 'Which button is misaligned?', tab_id: tabId });
    const frame = await overlay();
    expect(await frame.locator('#banner').textContent()).to.include('Which button is misaligned?');
    const buy = await center('#buy');
    await page.mouse.move(buy.x, buy.y, { steps: 5 });
    await eventually(
      async () => (await frame.locator('#label').textContent())?.includes('button "Add to cart"') === true,
      5_000,
      'no label',
    );
    await pointAt(buy, 'this one is 2px too low');
    const result = await finalResult(queued.correlation_id);
    expect(result.status, JSON.stringify(result)).to.equal('complete');
    const pick = result.result.data;
    expect(pick).to.include({
      note: 'this one is 2px too low',
      via: 'agent',
      tag: 'button',
      role: 'button',
      name: 'Add to cart',
    });
    expect(pick.id).to.match(/^p\d+$/);
    const found = locate(page, pick.locator);
    expect(await found.count(), pick.locator).to.equal(1);
    expect(await found.evaluate((element) => element.id)).to.equal('buy');
    expect(pick.box.width).to.be.above(0);
    expect(pick.styles.display).to.be.a('string');
    expect(pick.component).to.equal(null);
    expect(pick.component_reason).to.equal(CHAIN_REASONS.none);
    await gone();
    // The agent acts on it in its next call, with the pick's own target.
    const clicked = await agent.interact('click', {
      selector: pick.selector,
      ...(pick.nth === undefined ? {} : { nth: pick.nth }),
    });
    expect(clicked.status).to.equal('complete');
    expect(await page.textContent('#out')).to.equal('bought');
  });

  it('never lets the page’s own listeners hear the pointing: no pointer, mouse, click or key event, no click handler', async function () {
    await page.evaluate(() => {
      (window as unknown as { __heard: string[] }).__heard.length = 0;
      (document.getElementById('out') as HTMLElement).textContent = '';
    });
    const queued = await agent.ok('interact', { action: 'pick' });
    await pointAt(await center('#buy'), 'typed into the overlay, not the page');
    expect((await finalResult(queued.correlation_id)).status).to.equal('complete');
    await gone();
    expect(await page.evaluate(() => (window as unknown as { __heard: string[] }).__heard)).to.deep.equal([]);
    expect(await page.textContent('#out')).to.equal('');
  });

  it('answers another command in that tab with pick_in_progress, and Escape ends the pick with pick_cancelled; the tab answers again', async function () {
    const queued = await agent.ok('interact', { action: 'pick' });
    await overlay();
    const other = await agent.call('interact', { action: 'execute_js', script: 'return document.title', wait_ms: 5_000 });
    expect(other.payload, JSON.stringify(other.payload)).to.include({ status: 'error', error: 'pick_in_progress' });
    await page.keyboard.press('Escape');
    const result = await finalResult(queued.correlation_id);
    expect(result).to.include({ status: 'error', error: 'pick_cancelled' });
    await gone();
    const title = await agent.interact('execute_js', { script: 'return document.title' });
    expect(title.result.data).to.equal('shop');
  });

  it('works in a same-origin iframe and in an open shadow root: each locator resolves to exactly that element', async function () {
    const picks: any[] = [];
    for (const [target, expected] of [
      [await center('#b', page.frame({ url: /inner\.html/ }) as Frame), 'Inner'],
      [await center('fancy-panel button'), 'Shadow action'],
    ] as const) {
      const queued = await agent.ok('interact', { action: 'pick' });
      await pointAt(target, `the ${expected} one`);
      const result = await finalResult(queued.correlation_id);
      expect(result.status, JSON.stringify(result)).to.equal('complete');
      const pick = result.result.data;
      picks.push(pick);
      const found = locate(page, pick.locator);
      expect(await found.count(), pick.locator).to.equal(1);
      expect(await found.textContent()).to.equal(expected);
      await gone();
    }
    expect(picks[0]).to.include({ frame: '#inner' });
    expect(picks[0].frame_url).to.match(/inner\.html$/);
    expect(picks[0].locator).to.match(/^locator\('#inner'\)\.contentFrame\(\)\./);
  });

  it('a drag picks a region: the innermost element that holds all of it', async function () {
    const queued = await agent.ok('interact', { action: 'pick' });
    const frame = await overlay();
    const from = await page.locator('.row span').boundingBox();
    const to = await page.locator('#buy').boundingBox();
    if (from === null || to === null) throw new Error('no boxes');
    await page.mouse.move(from.x + 2, from.y + 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width - 2, to.y + to.height - 2, { steps: 8 });
    await page.mouse.up();
    await frame.locator('#note').waitFor({ state: 'visible', timeout: 5_000 });
    await page.keyboard.type('this row');
    await page.keyboard.press('Enter');
    const pick = (await finalResult(queued.correlation_id)).result.data;
    expect(pick.region.width).to.be.above(to.width);
    expect(await locate(page, pick.locator).evaluate((element) => element.className)).to.equal('row');
    await gone();
  });

  it('gives the element’s screenshot on request: entry {id, image:true}', async function () {
    const [last] = entriesOf(await agent.ok('observe', { what: 'picks', limit: 1 }));
    const answer = await agent.call('observe', { what: 'entry', id: last.id, image: true });
    const image = (answer.raw as CallToolResult).content.find((block) => block.type === 'image') as
      { mimeType: string } | undefined;
    expect(image?.mimeType, JSON.stringify(answer.payload)).to.equal('image/jpeg');
  });

  it('a pick the person starts with the shortcut reaches observe picks and the stream with no agent call', async function () {
    await agent.ok('configure', { action: 'streaming', enabled: true, subscribe: ['pick'] });
    notified.length = 0;
    await page.bringToFront();
    await page.mouse.click(5, 5); // the page has the focus, as when a person reads it
    await shortcut(cdp);
    await pointAt(await center('#other'), 'checkout is broken');
    const picks = await observeUntil(agent, { what: 'picks', detail: 'full' }, (entries) =>
      entries.some((entry) => entry.note === 'checkout is broken'),
    );
    const pick = picks.find((entry) => entry.note === 'checkout is broken');
    expect(pick).to.include({ via: 'shortcut', name: 'Checkout', tab_id: tabId });
    await eventually(
      () => notified.some((data) => data.event_type === 'pick' && data.note === 'checkout is broken'),
      5_000,
      'not pushed',
    );
    await gone();
  });

  it('starts from the popup’s Point at an element in a tracked tab, and refuses an untracked one', async function () {
    const untrackedUrl = `http://${NOT_DEV}:${new URL(base).port}/shop.html?popup`;
    const untracked = await browser.context.newPage();
    await untracked.goto(untrackedUrl);
    const untrackedId = await tabIdOf(browser.context, untrackedUrl);
    const popup = await browser.context.newPage();
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html`);
    const point = (id: number) => popup.evaluate((tab) => chrome.runtime.sendMessage({ type: 'popup:point', tabId: tab }), id);
    expect((await point(untrackedId)).error).to.match(/not tracked/);
    expect(await point(tabId)).to.deep.equal({ pointing: true });
    await popup.close();
    await untracked.close();
    await page.bringToFront();
    await overlay();
    await page.keyboard.press('Escape');
    await gone();
    expect(entriesOf(await agent.ok('observe', { what: 'picks', limit: 1000 })).every((p) => p.via !== 'popup')).to.equal(true);
  });

  /**
   * A framework fixture app (test/e2e/fixtures/frameworks) in a tracked tab of its own: the agent
   * asks, the person picks its nested button with a note; the pick (the helpers point at `page`,
   * which is the app's tab meanwhile).
   */
  async function pickOnApp(name: FrameworkApp, variant: Variant): Promise<any> {
    const app = await serveApp(name, variant);
    const shop = page;
    page = await browser.context.newPage();
    try {
      const appTab = await openTrackedPage(agent, page, `${app.base}/`);
      await page.locator('[data-testid="nested"]').waitFor({ timeout: 30_000 });
      const queued = await agent.ok('interact', { action: 'pick', tab_id: appTab });
      await pointAt(await center('[data-testid="nested"]'), 'save does nothing');
      const pick = (await finalResult(queued.correlation_id)).result.data;
      expect(pick.note).to.equal('save does nothing');
      expect(await locate(page, pick.locator).getAttribute('data-testid'), pick.locator).to.equal('nested');
      return pick;
    } finally {
      await page.close();
      page = shop;
      await app.close();
    }
  }

  // Each framework's development build: the chain names Card, Panel and App with where in source
  // each is, as the fixture's own files say (docs/extension.md, "The component chain", says what
  // each framework gives: Vue no line, Angular the class's line).
  for (const name of ['react19', 'react18', 'vue', 'svelte', 'angular'] as const) {
    it(`on the ${name} dev app, the pick carries the component chain: Card, Panel, App and where in source each is`, async function () {
      const pick = await pickOnApp(name, 'dev');
      const where = pick.component.map(({ name, file, line, column, selector }: Expected) => ({
        name,
        file,
        ...(line === undefined ? {} : { line }),
        ...(column === undefined ? {} : { column }),
        ...(selector === undefined ? {} : { selector }),
      }));
      expect(where, JSON.stringify(pick.component)).to.deep.equal(expectedChain(name));
      expect(pick.component_reason).to.equal(undefined);
      if (name !== 'svelte') expect(pick.component[0].props).to.include({ title: 'Order #42', apiToken: '[REDACTED]' });
    });
  }

  for (const name of ['react19', 'react18', 'vue', 'svelte', 'angular'] as const) {
    it(`on the ${name} app’s production build, the pick says component null and why`, async function () {
      expect(await pickOnApp(name, 'prod')).to.include({ component: null, component_reason: CHAIN_REASONS.production });
    });
  }

  it('adds nothing to an untracked page either, and the shortcut does not point there', async function () {
    const untracked = await browser.context.newPage();
    await untracked.goto(`http://${NOT_DEV}:${new URL(base).port}/shop.html`);
    const session = await browser.context.newCDPSession(untracked);
    const seen: string[] = [];
    session.on('Debugger.scriptParsed', (event: { url: string }) => seen.push(event.url));
    await session.send('Debugger.enable');
    await shortcut(session);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.filter((url) => /pick\.js|component-chain\.js/.test(url))).to.deep.equal([]);
    expect(untracked.frames().some((frame) => frame.url().includes('pick-frame'))).to.equal(false);
    await untracked.close();
  });
});
