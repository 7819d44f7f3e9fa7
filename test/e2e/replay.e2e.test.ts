import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchPlaywright } from './support/chromium.js';
import { type Agent, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// docs/mcp-tools.md's replay on a real page in real Chromium: a person's flow (Playwright's trusted input,
// recorded by the extension as it records anyone) makes the page throw; the agent replays the
// recorded actions and reads reproduced:true; the page is fixed (same url, new script) and the
// same replay reads reproduced:false; a recorded click on a button the page no longer shows stops
// the replay with replay_step_failed.

/** The cart: an "Apply coupon" button only while the offer runs. */
const page = (
  coupon: boolean,
) => `<!doctype html><html><head><title>cart</title><script src="/cart.js" defer></script></head><body>
<h1>Cart</h1>
<form id="cart">
<label>Quantity <input id="qty" name="qty"></label>
<label><input type="checkbox" id="gift"> Gift wrap</label>
<button id="save">Save</button>
</form>
${coupon ? '<button id="coupon" type="button">Apply coupon</button>' : ''}
<p id="out"></p>
</body></html>`;

/** The bug: an order has no total, and saving formats it (line 4). The fix gives it one: same lines, same url. */
const script = (fixed: boolean) => `function save(event) {
  event.preventDefault(); const order = { items: Number(document.getElementById('qty').value), gift: document.getElementById('gift').checked };
  ${fixed ? 'order.total = order.items * 2;' : '// the total is never computed'}
  document.getElementById('out').textContent = 'total: ' + order.total.toFixed(2) + (order.gift ? ' (gift)' : '');
}
document.getElementById('cart').addEventListener('submit', save);
`;

/** A page whose state line shows a select's value, a list's scroll and a search entered with Enter. */
const MORE = `<!doctype html><html><head><title>more</title></head><body>
<label>Size <select id="size"><option value="s">S</option><option value="m">M</option><option value="l">L</option></select></label>
<div id="list" style="height: 100px; overflow: auto"><div style="height: 1000px">items</div></div>
<label>Search <input id="q"></label>
<p id="state"></p>
<script>
  const $ = (id) => document.getElementById(id);
  const show = () => ($('state').textContent = [$('size').value, '', $('list').scrollTop, $('q').dataset.entered ?? ''].join('|'));
  $('size').onchange = show;
  $('list').onscroll = show;
  $('q').addEventListener('keydown', (event) => { if (event.key === 'Enter') { $('q').dataset.entered = $('q').value; show(); } });
</script></body></html>`;

/** A page whose state line shows a double click, a drag and drop, a picked file and a route pushed by a link. */
const MOVES = `<!doctype html><html><head><title>moves</title></head><body>
<button id="zoom" type="button">Zoom</button>
<div id="card" draggable="true" style="width: 80px; height: 40px; background: #ddd">Card</div>
<div id="bin" role="region" aria-label="Bin" style="width: 160px; height: 80px; border: 1px solid">Bin</div>
<label>Attachment <input type="file" id="file"></label>
<a href="/moves/next" id="next">Next</a>
<p id="state"></p>
<script>
  const $ = (id) => document.getElementById(id);
  const seen = { zoom: 0, dropped: '', file: '', route: '' };
  const show = () => ($('state').textContent = [seen.zoom, seen.dropped, seen.file, seen.route].join('|'));
  $('zoom').addEventListener('dblclick', () => { seen.zoom++; show(); });
  $('card').addEventListener('dragstart', (event) => event.dataTransfer.setData('text/plain', 'card'));
  $('bin').addEventListener('dragover', (event) => event.preventDefault());
  $('bin').addEventListener('drop', (event) => { event.preventDefault(); seen.dropped = event.dataTransfer.getData('text/plain'); show(); });
  $('file').addEventListener('change', () => { const f = $('file').files[0]; seen.file = f ? f.name + ':' + f.size : ''; show(); });
  $('next').addEventListener('click', (event) => { event.preventDefault(); history.pushState({}, '', '/moves/next'); seen.route = location.pathname; show(); });
</script></body></html>`;

/**
 * A routed page: a link opens the item (pushState), its "Add to cart" adds it, its "Close" goes
 * back by script (history.back()); the browser's Back goes back too. The state line shows the
 * route and the cart.
 */
const HISTORY = `<!doctype html><html><head><title>history</title></head><body>
<a href="/history/item" id="open">Beta chair</a>
<div id="item" hidden><button id="add" type="button">Add to cart</button><button id="close" type="button">Close</button></div>
<p id="state"></p>
<script>
  const $ = (id) => document.getElementById(id);
  let cart = 0;
  const show = () => {
    const item = location.pathname === '/history/item';
    $('open').hidden = item;
    $('item').hidden = !item;
    $('state').textContent = location.pathname + '|' + cart;
  };
  $('open').addEventListener('click', (event) => { event.preventDefault(); history.pushState({}, '', '/history/item'); show(); });
  $('add').addEventListener('click', () => { cart++; show(); });
  $('close').addEventListener('click', () => history.back());
  addEventListener('popstate', show);
  show();
</script></body></html>`;

/**
 * A calendar whose code comes late (a chunk loaded on demand, longer than a settle waits for):
 * it mounts, then its mount effect sets the month it opens on a frame later (as React runs
 * effects after paint). A click on "Next month" before that effect is undone by it.
 */
const CALENDAR = `<!doctype html><html><head><title>calendar</title></head><body>
<button id="pick" type="button">Pick a date</button>
<div id="cal"></div>
<p id="state"></p>
<script>
  const $ = (id) => document.getElementById(id);
  let month = 0;
  const show = () => {
    $('state').textContent = String(month);
    if ($('label')) $('label').textContent = 'Month ' + month;
  };
  $('pick').addEventListener('click', () => setTimeout(() => {
    $('cal').innerHTML = '<span id="label"></span> <button id="next" type="button">Next month</button>';
    month = 3;
    show();
    $('next').addEventListener('click', () => { month++; show(); });
    requestAnimationFrame(() => setTimeout(() => { month = 3; show(); }, 0));
  }, 1200));
  show();
</script></body></html>`;

/** Editable content the browser formats itself (Control+B), its markup shown on the state line. */
const RICH = `<!doctype html><html><head><title>rich</title></head><body>
<div id="note" role="textbox" aria-label="Note" contenteditable="true" style="min-height: 3em; border: 1px solid"></div>
<p id="state"></p>
<script>
  const note = document.getElementById('note');
  note.addEventListener('input', () => (document.getElementById('state').textContent = note.innerHTML));
</script></body></html>`;

/**
 * Components as libraries build them: a field and a checkbox inside web components' open shadow
 * roots (the checkbox's own input hidden from the pointer, its text slotted), a button labelled by
 * its label and itself, and a payment frame the page adds 300 ms after its load.
 */
const COMPONENTS = `<!doctype html><html><head><title>components</title></head><body>
<x-field></x-field>
<p><x-check>Subscribe</x-check></p>
<label id="status-label" for="status">Status</label> <button id="status" type="button" aria-labelledby="status-label status">Backlog</button>
<div id="late"></div>
<p id="state"></p>
<script>
  const seen = { nickname: '', subscribe: false, status: 0, paid: '' };
  const show = () => (document.getElementById('state').textContent = [seen.nickname, seen.subscribe, seen.status, seen.paid].join('|'));
  customElements.define('x-field', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<label id="label" part="form-control-label">Nickname</label> <input class="input__control" aria-labelledby="label">';
      root.querySelector('input').addEventListener('input', (event) => { seen.nickname = event.target.value; show(); });
    }
  });
  customElements.define('x-check', class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = '<label class="checkbox"><input type="checkbox" style="position: absolute; opacity: 0; pointer-events: none">' +
        '<span style="display: inline-block; width: 14px; height: 14px; border: 1px solid"></span> <span class="checkbox__label"><slot></slot></span></label>';
      const box = root.querySelector('input');
      box.addEventListener('change', () => { seen.subscribe = box.checked; show(); });
    }
  });
  document.getElementById('status').addEventListener('click', () => { seen.status++; show(); });
  setTimeout(() => {
    const frame = document.createElement('iframe');
    frame.title = 'Payment';
    frame.src = '/pay-frame.html';
    document.getElementById('late').append(frame);
  }, 300);
  addEventListener('message', (event) => { if (event.origin === location.origin && typeof event.data?.paid === 'string') { seen.paid = event.data.paid; show(); } });
  show();
</script></body></html>`;

const PAY_FRAME = `<!doctype html><html><head><title>pay</title></head><body>
<button id="pay" type="button">Pay</button>
<script>document.getElementById('pay').onclick = () => parent.postMessage({ paid: 'yes' }, location.origin);</script>
</body></html>`;

interface Listed {
  id: string;
  url: string;
  type: string;
  by: string;
  locator?: string;
  navigation?: string;
  by_script?: boolean;
  value?: string;
  key?: string;
}

describe('e2e: replay a recorded flow and read whether its error happened again', function () {
  this.timeout(180_000);
  let server: Server;
  let fixed = false;
  let coupon = true;
  let base: string;
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let tab: Page;
  let tabId: number;
  /** The person's actions as the extension recorded them. */
  let recorded: Listed[] = [];
  const idOf = (type: string, locator?: RegExp) => {
    const found = recorded.find(
      (action) => action.type === type && (locator === undefined || locator.test(action.locator ?? '')),
    );
    if (found === undefined) throw new Error(`no recorded ${type} ${String(locator ?? '')} in ${JSON.stringify(recorded)}`);
    return found.id;
  };
  const replay = (args: Record<string, unknown>) =>
    agent.call('interact', { action: 'replay', tab_id: tabId, wait_ms: 15_000, ...args });

  /** Replays `flow` whole: every step ok, and the page's #state line as the person left it. */
  const replaysToSameState = async (flow: Listed[], state: string | null) => {
    const answer = await replay({ from: flow[0]?.id, to: flow.at(-1)?.id });
    expect(answer.payload.status, JSON.stringify(answer.payload)).to.equal('complete');
    const data = answer.payload.result.data;
    expect(
      data.steps.every((step: { ok: boolean }) => step.ok),
      JSON.stringify(data.steps),
    ).to.equal(true);
    expect(await tab.textContent('#state')).to.equal(state);
    console.log(`      replay of ${data.steps.length} steps: ${answer.payload.duration_ms} ms`);
  };

  before(async function () {
    server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const headers = { 'cache-control': 'no-store' };
      if (path === '/cart.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(page(coupon));
      else if (path === '/more.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(MORE);
      else if (path === '/history.html' || path === '/history/item')
        response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(HISTORY);
      else if (path === '/calendar.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(CALENDAR);
      else if (path === '/rich.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(RICH);
      else if (path === '/moves.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(MOVES);
      else if (path === '/components.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(COMPONENTS);
      else if (path === '/pay-frame.html') response.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(PAY_FRAME);
      else if (path === '/cart.js') response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(script(fixed));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    tab = browser.context.pages()[0] ?? (await browser.context.newPage());

    // The person: opens the cart, types a quantity, asks for gift wrap, saves (the page throws),
    // then applies the coupon on offer.
    tabId = await openTrackedPage(agent, tab, `${base}/cart.html`);
    await tab.fill('#qty', '3');
    await tab.check('#gift');
    await tab.click('#save');
    await observeUntil(agent, { what: 'errors', tab_id: tabId }, (entries) => entries.some((e) => /toFixed/.test(e.message)));
    await tab.click('#coupon');
    recorded = await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' }, (entries) =>
      entries.some((action) => /Apply coupon/.test(action.locator ?? '')),
    );
    console.log(`      recorded: ${recorded.map((action) => `${action.id} ${action.type} ${action.locator ?? ''}`).join('; ')}`);
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  });

  it('replays the recorded flow step by step and says reproduced:true, with the new error’s id', async function () {
    const from = recorded[0]?.id as string;
    const to = idOf('submit');
    const started = Date.now();
    const answer = await replay({ from, to });
    const ms = Date.now() - started;
    expect(answer.isError, JSON.stringify(answer.payload)).to.equal(false);
    const { status, result, duration_ms } = answer.payload;
    expect(status, JSON.stringify(answer.payload)).to.equal('complete');
    const data = result.data;
    expect(
      data.steps.every((step: { ok: boolean }) => step.ok),
      JSON.stringify(data.steps),
    ).to.equal(true);
    expect(data.steps.at(-1)).to.deep.equal({ id: to, ok: true, caused_by: idOf('click', /Save/) });
    const save = data.steps.find((step: { id: string }) => step.id === idOf('click', /Save/));
    expect(save.effects.errors[0].message).to.match(/toFixed/);
    expect(data.reproduced, JSON.stringify(data)).to.equal(true);
    expect(data.errors).to.have.length(1);
    expect(data.errors[0].at).to.match(/^cart\.js:4:\d+$/);
    expect(data.errors[0].again).to.have.length(1);
    expect(data.errors[0].again[0]).to.not.equal(data.errors[0].original[0]);
    // The new id is the replay's own error.
    expect((await agent.ok('observe', { what: 'entry', id: data.errors[0].again[0] })).message).to.match(/toFixed/);
    // The replay's steps are recorded as the agent's, under the replay's correlation id.
    const mine = await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'agent', detail: 'full' }, (entries) =>
      entries.some((action) => action.type === 'check'),
    );
    expect(new Set(mine.map((action) => action.correlation_id)).size).to.equal(1);
    const steps = data.steps.length;
    console.log(
      `      replay of ${steps} steps: ${duration_ms} ms in the daemon (${Math.round(duration_ms / steps)} ms a step), ${ms} ms for the agent`,
    );
  });

  it('stops at a step whose target is gone with replay_step_failed, naming the step and its locator', async function () {
    coupon = false;
    const target = idOf('click', /Apply coupon/);
    const answer = await replay({ from: recorded[0]?.id, to: target });
    expect(answer.payload.status, JSON.stringify(answer.payload)).to.equal('error');
    expect(answer.payload.error).to.equal('replay_step_failed');
    expect(answer.payload.message).to.match(
      new RegExp(
        `^Step ${target} \\(click getByRole\\('button', \\{ name: 'Apply coupon', exact: true \\}\\)\\) failed: No element matches`,
      ),
    );
    const { steps, failed_step, reproduced } = answer.payload.result;
    expect(failed_step).to.equal(target);
    expect(steps.map((step: { id: string }) => step.id)).to.deep.equal(
      recorded
        .slice(
          0,
          recorded.findIndex((action) => action.id === target),
        )
        .map((action) => action.id),
    );
    expect(reproduced).to.equal(true);
  });

  it('says reproduced:false once the page no longer throws (same url, fixed script)', async function () {
    fixed = true;
    const answer = await replay({ from: recorded[0]?.id, to: idOf('submit') });
    expect(answer.payload.status, JSON.stringify(answer.payload)).to.equal('complete');
    const data = answer.payload.result.data;
    expect(data.steps.every((step: { ok: boolean }) => step.ok)).to.equal(true);
    expect(data.reproduced, JSON.stringify(data)).to.equal(false);
    expect(data.errors[0].again).to.deep.equal([]);
    expect(await tab.textContent('#out')).to.equal('total: 6.00 (gift)');
    console.log(`      replay of ${data.steps.length} steps on the fixed page: ${answer.payload.duration_ms} ms`);
  });

  it('replays a select by keys, a scroll and an Enter as the person did them: the page ends in the same state', async function () {
    const url = `${base}/more.html`;
    // A navigation within 1 s of an agent's command in the tab is taken for that command's doing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await tab.goto(url);
    await tab.focus('#size');
    await tab.keyboard.press('ArrowDown');
    await tab.keyboard.press('ArrowDown');
    await tab.hover('#list');
    await tab.mouse.wheel(0, 300);
    await tab.waitForFunction(() => (document.getElementById('list') as HTMLElement).scrollTop > 0);
    await tab.fill('#q', 'cats');
    await tab.keyboard.press('Enter');
    const state = await tab.textContent('#state');
    expect(state).to.match(/^l\|\|[1-9]\d*\|cats$/);
    const flow = (
      await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' }, (entries) =>
        entries.some((action) => action.type === 'press' && action.key === 'Enter'),
      )
    ).filter((action: Listed) => action.url === url);
    console.log(`      recorded: ${flow.map((action: Listed) => `${action.id} ${action.type}`).join('; ')}`);
    expect(flow.map((action: Listed) => action.type)).to.include.members(['navigate', 'select', 'scroll', 'fill', 'press']);
    await replaysToSameState(flow, state);
  });

  it('records a double click, a drag and drop, a file pick and a route a link pushed, in order, and replays them to the same state', async function () {
    const url = `${base}/moves.html`;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // out of the last command's shadow (above)
    await tab.goto(url);
    await tab.dblclick('#zoom');
    await tab.dragAndDrop('#card', '#bin');
    // A file from disk: Chromium sets it as its file chooser does (trusted events); a buffer would be set by script.
    const dir = mkdtempSync(join(tmpdir(), 'browsertap-upload-'));
    writeFileSync(join(dir, 'notes.txt'), 'twelve bytes');
    try {
      await tab.setInputFiles('#file', join(dir, 'notes.txt'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await tab.click('#next');
    const state = await tab.textContent('#state');
    expect(state).to.equal('1|card|notes.txt:12|/moves/next');
    const flow = (
      await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' }, (entries) =>
        entries.some((action) => action.type === 'navigate' && /\/moves\/next$/.test(action.url)),
      )
    ).filter((action: Listed) => action.url.startsWith(`${base}/moves`));
    console.log(
      `      recorded: ${flow.map((action: Listed) => `${action.id} ${action.type} ${action.locator ?? ''}`).join('; ')}`,
    );
    expect(flow.map((action: Listed) => action.type)).to.deep.equal([
      'navigate',
      'dblclick',
      'drag',
      'upload',
      'click',
      'navigate',
    ]);
    // The replayed file has the recorded name and size (its bytes are zeros: the page's never leave it).
    await replaysToSameState(flow, state);
  });

  it('records the browser’s Back as the person’s and a Back the page’s script made as its click’s, and replays each so', async function () {
    const url = `${base}/history.html`;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // out of the last command's shadow (above)
    await tab.goto(url);
    await tab.click('#open');
    await tab.click('#add');
    // The person's Back, soon after their click: no click of the page's did it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tab.goBack();
    await tab.click('#open');
    await tab.click('#close');
    await tab.waitForFunction(() => location.pathname === '/history.html');
    const state = await tab.textContent('#state');
    expect(state).to.equal('/history.html|1');
    const flow = (
      await observeUntil(
        agent,
        { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' },
        (entries) => entries.filter((action) => action.navigation === 'pop').length >= 2,
      )
    ).filter((action: Listed) => action.url.startsWith(`${base}/history`));
    console.log(
      `      recorded: ${flow.map((action: Listed) => `${action.id} ${action.type} ${action.navigation ?? ''}`).join('; ')}`,
    );
    const pops = flow.filter((action: Listed) => action.navigation === 'pop');
    expect(pops.map((action: Listed) => action.by_script === true)).to.deep.equal([false, true]);
    await replaysToSameState(flow, state);
  });

  it('replays a click on a control that just mounted only once it is stable, after the mount effect that would undo it', async function () {
    const url = `${base}/calendar.html`;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // out of the last command's shadow (above)
    await tab.goto(url);
    await tab.click('#pick');
    await tab.waitForSelector('#next');
    await new Promise((resolve) => setTimeout(resolve, 300)); // a person reads the month first
    await tab.click('#next');
    const state = await tab.textContent('#state');
    expect(state).to.equal('4');
    const flow = (
      await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' }, (entries) =>
        entries.some((action) => /Next month/.test(action.locator ?? '')),
      )
    ).filter((action: Listed) => action.url === url);
    expect(flow.map((action: Listed) => action.type)).to.deep.equal(['navigate', 'click', 'click']);
    await replaysToSameState(flow, state);
  });

  it('records rich text as typing between the keys, and replays it with its bold', async function () {
    const url = `${base}/rich.html`;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // out of the last command's shadow (above)
    await tab.goto(url);
    await tab.click('#note');
    // A person's pause before typing: typing into an editor before its click is named (a few ms)
    // changes the text the press was printed with, and the click is then recorded as renamed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tab.keyboard.type('Hello ');
    await tab.keyboard.press('Control+B');
    await tab.keyboard.type('world');
    const state = await tab.textContent('#state');
    expect(state).to.match(/^Hello(&nbsp;| )<b>world<\/b>$/);
    const flow = (
      await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' }, (entries) =>
        entries.some((action) => action.url === url && action.type === 'fill' && /world/.test(action.value ?? '')),
      )
    ).filter((action: Listed) => action.url === url);
    console.log(
      `      recorded: ${flow.map((action: Listed) => `${action.id} ${action.type} ${action.value ?? action.key ?? ''}`).join('; ')}`,
    );
    expect(
      flow.map((action: Listed) => [action.type, (action.value ?? action.key)?.replace(/^Control\+B$/, 'Control+b')]),
    ).to.deep.equal([
      ['navigate', undefined],
      ['click', undefined],
      ['fill', 'Hello '],
      ['press', 'Control+b'],
      ['fill', 'world'],
    ]);
    await replaysToSameState(flow, state);
  });

  it('records parts of web components, a button labelled by itself and a frame added after load by what a test names, and replays them to the same state', async function () {
    const url = `${base}/components.html`;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // out of the last command's shadow (above)
    await tab.goto(url);
    const field = tab.getByRole('textbox', { name: 'Nickname' });
    await field.click();
    await tab.keyboard.type('Ada');
    await tab.getByText('Subscribe', { exact: true }).click();
    await tab.getByRole('button', { name: 'Status Backlog' }).click();
    await tab.getByTitle('Payment').contentFrame().getByRole('button', { name: 'Pay' }).click();
    // The frame tells the page by a message, a task later.
    await tab.waitForFunction(() => document.getElementById('state')?.textContent?.endsWith('|yes'));
    const state = await tab.textContent('#state');
    expect(state).to.equal('Ada|true|1|yes');
    const flow = (
      await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human', detail: 'full' }, (entries) =>
        entries.some((action) => /'Pay'/.test(action.locator ?? '')),
      )
    ).filter((action: Listed) => action.url.startsWith(`${base}/components`) || action.url.startsWith(`${base}/pay-frame`));
    console.log(
      `      recorded: ${flow.map((action: Listed) => `${action.id} ${action.type} ${action.locator ?? ''}`).join('; ')}`,
    );
    // Named as a test names them: the widget or the component, never a slot or a part inside it.
    expect(flow.map((action: Listed) => `${action.type} ${action.locator ?? ''}`)).to.include.members([
      "fill getByRole('textbox', { name: 'Nickname', exact: true })",
      "click getByText('Subscribe', { exact: true })",
      "click getByRole('button', { name: 'Status Backlog', exact: true })",
      "click getByRole('button', { name: 'Pay', exact: true })",
    ]);
    await replaysToSameState(flow, state);
  });
});
