import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { EXTENSION_ID, launchPlaywright } from './support/chromium.js';
import { type Agent, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// SPEC 12's replay on a real page in real Chromium: a person's flow (Playwright's trusted input)
// makes the page throw; the agent replays the recorded actions and reads reproduced:true; the
// page is fixed (same url, new script) and the same replay reads reproduced:false; a recorded
// step whose target is no longer on the page stops the replay with replay_step_failed.

const PAGE = `<!doctype html><html><head><title>cart</title><script src="/cart.js" defer></script></head><body>
<h1>Cart</h1>
<label>Quantity <input id="qty" name="qty"></label>
<button id="save">Save</button>
<p id="out"></p>
</body></html>`;

/** The bug: an order has no total, and Save formats it. The fix gives it one (same lines, same url). */
const script = (fixed: boolean) => `function save() {
  const order = { items: Number(document.getElementById('qty').value) };
  ${fixed ? 'order.total = order.items * 2;' : '// the total is never computed'}
  document.getElementById('out').textContent = 'total: ' + order.total.toFixed(2);
}
document.getElementById('save').addEventListener('click', save);
`;

describe('e2e: replay a recorded flow and read whether its error happened again', function () {
  this.timeout(180_000);
  let server: Server;
  let fixed = false;
  let base: string;
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let page: Page;
  let tabId: number;
  const ids: string[] = [];

  /** The person's actions as the recorder reports them (the actions contract), posted as the extension does. */
  const record = async (actions: object[]) => {
    const response = await fetch(`http://127.0.0.1:${agent.port}/actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `chrome-extension://${EXTENSION_ID}` },
      body: JSON.stringify({
        entries: actions.map((action) => ({ by: 'human', tab_id: tabId, url: `${base}/cart.html`, ...action })),
      }),
    });
    expect(response.status).to.equal(200);
  };
  const replay = (args: Record<string, unknown>) =>
    agent.call('interact', { action: 'replay', tab_id: tabId, wait_ms: 15_000, ...args });

  before(async function () {
    server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      if (path === '/cart.html') response.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(PAGE);
      else if (path === '/cart.js')
        response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(script(fixed));
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());

    // The person: opens the cart, types a quantity, saves — and the page throws.
    const loaded = Date.now();
    tabId = await openTrackedPage(agent, page, `${base}/cart.html`);
    const filled = Date.now();
    await page.fill('#qty', '3');
    const clicked = Date.now();
    await page.click('#save');
    await observeUntil(agent, { what: 'errors', tab_id: tabId }, (entries) => entries.some((e) => /toFixed/.test(e.message)));
    await record([
      { ts: loaded, type: 'navigate', navigation: 'load' },
      { ts: filled, type: 'fill', selector: '#qty', locator: "getByLabel('Quantity', { exact: true })", value: '3' },
      {
        ts: clicked,
        type: 'click',
        selector: 'role=button[name="Save"]',
        locator: "getByRole('button', { name: 'Save', exact: true })",
      },
      // Later the person applied a coupon: a button this page no longer has.
      {
        ts: Date.now(),
        type: 'click',
        selector: 'role=button[name="Apply coupon"]',
        locator: "getByRole('button', { name: 'Apply coupon', exact: true })",
      },
    ]);
    const actions = await observeUntil(agent, { what: 'actions', tab_id: tabId, by: 'human' }, (entries) => entries.length >= 4);
    ids.push(
      ...actions.filter((action) => action.locator !== undefined || action.type === 'navigate').map((action) => action.id),
    );
    expect(ids).to.have.length(4);
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  });

  it('replays the flow step by step and says reproduced:true, with the new error’s id', async function () {
    const started = Date.now();
    const answer = await replay({ from: ids[0], to: ids[2] });
    const ms = Date.now() - started;
    expect(answer.isError, JSON.stringify(answer.payload)).to.equal(false);
    const { status, result, duration_ms } = answer.payload;
    expect(status, JSON.stringify(answer.payload)).to.equal('complete');
    const data = result.data;
    expect(data.steps.map((step: { id: string; ok: boolean }) => [step.id, step.ok])).to.deep.equal(
      ids.slice(0, 3).map((id) => [id, true]),
    );
    expect(data.steps[2].effects.errors[0].message).to.match(/toFixed/);
    expect(data.reproduced, JSON.stringify(data)).to.equal(true);
    expect(data.errors).to.have.length(1);
    expect(data.errors[0].at).to.match(/^cart\.js:4:\d+$/);
    expect(data.errors[0].again).to.have.length(1);
    expect(data.errors[0].again[0]).to.not.equal(data.errors[0].original[0]);
    // The new id is the replay's own error, in the errors list.
    const errors = await agent.ok('observe', { what: 'entry', id: data.errors[0].again[0] });
    expect(errors.message).to.match(/toFixed/);
    console.log(`      replay of 3 steps (load, type, click): ${duration_ms} ms in the daemon, ${ms} ms for the agent`);
  });

  it('stops at a step whose target is gone with replay_step_failed, naming the step and its locator', async function () {
    const answer = await replay({ from: ids[0], to: ids[3] });
    expect(answer.payload.status, JSON.stringify(answer.payload)).to.equal('error');
    expect(answer.payload.error).to.equal('replay_step_failed');
    expect(answer.payload.message).to.match(
      new RegExp(
        `^Step ${ids[3]} \\(click getByRole\\('button', \\{ name: 'Apply coupon', exact: true \\}\\)\\) failed: No element matches`,
      ),
    );
    const { steps, failed_step, reproduced } = answer.payload.result;
    expect(failed_step).to.equal(ids[3]);
    expect(steps.map((step: { id: string }) => step.id)).to.deep.equal(ids.slice(0, 3));
    expect(reproduced).to.equal(true);
  });

  it('says reproduced:false once the page no longer throws (same url, fixed script)', async function () {
    fixed = true;
    const answer = await replay({ from: ids[0], to: ids[2] });
    expect(answer.payload.status, JSON.stringify(answer.payload)).to.equal('complete');
    const data = answer.payload.result.data;
    expect(data.steps.every((step: { ok: boolean }) => step.ok)).to.equal(true);
    expect(data.reproduced, JSON.stringify(data)).to.equal(false);
    expect(data.errors[0].again).to.deep.equal([]);
    expect(await page.textContent('#out')).to.equal('total: 6.00');
    console.log(`      replay of 3 steps on the fixed page: ${answer.payload.duration_ms} ms`);
  });
});
