import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { entriesOf } from '../support/listEntries.js';
import { launchPlaywright } from './support/chromium.js';
import { type Agent, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// docs/mcp-tools.md: what a person does in a tracked tab is recorded. The person here is Playwright's own
// mouse and keyboard (CDP input: trusted events, as a person's are); browsertap's own commands
// are recorded as the agent's and never as the person's; a password never leaves the page.

const SECRET = 'hunter2-Secret-XYZ';

const PAGE = `<!doctype html><html><head><title>checkout</title></head><body>
<h1>Checkout</h1>
<form id="checkout">
  <p><label for="email">Email</label> <input id="email" name="email" autocomplete="email"></p>
  <p><label>Password <input type="password" name="password"></label></p>
  <p><label for="plan">Plan</label> <select id="plan"><option value="free">Free</option><option value="pro">Pro</option><option value="team">Team</option></select></p>
  <p><label><input type="checkbox" id="terms"> I accept the terms</label></p>
  <p><button type="submit" data-testid="pay">Pay now</button> <button type="button">Cancel</button></p>
</form>
<p id="out"></p>
<script>
document.getElementById('checkout').addEventListener('submit', (event) => {
  event.preventDefault();
  document.getElementById('out').textContent = 'Thanks ' + document.getElementById('email').value;
});
</script>
</body></html>`;

/** A locator expression as a test file applies it to `page` (getByRole(...).nth(1) and the like). */
function locate(page: Page, expression: string): Locator {
  return new Function('page', `return page.${expression};`)(page) as Locator;
}

describe("e2e: the person's actions are recorded (docs/mcp-tools.md)", function () {
  this.timeout(120_000);
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let server: Server;
  let page: Page;
  let url: string;
  let tabId: number;
  let human: any[] = [];

  before(async function () {
    server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/checkout.html`;
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    tabId = await openTrackedPage(agent, page, url);

    // The person: clicks and keys, nothing set from script.
    const clickOn = async (selector: string) => {
      const box = await page.locator(selector).boundingBox();
      if (box === null) throw new Error(`${selector} has no box`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    await clickOn('#email');
    await page.keyboard.type('ann@example.test', { delay: 20 });
    await clickOn('input[type=password]');
    await page.keyboard.type(SECRET, { delay: 10 });
    await page.keyboard.press('Tab'); // to the select
    await page.keyboard.press('ArrowDown'); // a trusted change: Free → Pro
    await clickOn('#terms');
    await clickOn('[data-testid=pay]');
    await page.locator('#out', { hasText: 'Thanks' }).waitFor();

    human = await observeUntil(
      agent,
      { what: 'actions', by: 'human', detail: 'full' },
      (entries) => entries.some((entry) => entry.type === 'submit'),
      15_000,
    );
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('lists what the person did, in order, one fill per field with its final value', function () {
    const steps = human.map((entry) => [entry.type, entry.value ?? entry.key ?? entry.navigation]);
    expect(steps).to.deep.equal([
      ['navigate', 'load'],
      ['click', undefined],
      ['fill', 'ann@example.test'],
      ['click', undefined],
      ['fill', '[redacted]'],
      ['press', 'Tab'],
      ['select', 'pro'],
      ['check', undefined],
      ['click', undefined],
      ['submit', undefined],
    ]);
    expect(human.every((entry) => entry.tab_id === tabId && entry.by === 'human')).to.equal(true);
  });

  it('names each target the way a test would, and each locator matches exactly one element', async function () {
    const locators = human.filter((entry) => entry.locator !== undefined).map((entry) => entry.locator as string);
    expect(locators).to.include("getByRole('textbox', { name: 'Email', exact: true })");
    expect(locators).to.include("getByTestId('pay')");
    expect(locators).to.include("getByRole('checkbox', { name: 'I accept the terms', exact: true })");
    expect(locators).to.include("getByRole('combobox', { name: 'Plan', exact: true })");
    for (const locator of locators) expect(await locate(page, locator).count(), locator).to.equal(1);
    const password = human.find((entry) => entry.type === 'fill' && entry.value === '[redacted]');
    expect(await locate(page, password.locator).getAttribute('type')).to.equal('password');
    expect(password.value_name).to.equal('Password');
  });

  it('gives each action a browsertap target that interact resolves to one element', async function () {
    for (const entry of human.filter((e) => e.selector !== undefined && e.nth === undefined)) {
      const found = await agent.interact('query_dom', { selector: entry.selector });
      expect(found.result.data.count, entry.selector).to.equal(1);
    }
  });

  it('never lets the password out of the page: nothing the daemon holds has it', async function () {
    for (const what of ['actions', 'logs', 'network', 'timeline']) {
      const payload = await agent.ok('observe', { what, ...(what === 'timeline' ? {} : { detail: 'full', limit: 1000 }) });
      expect(JSON.stringify(payload), what).not.to.include(SECRET);
    }
  });

  it("records browsertap's own typing and clicking as the agent's, under its command, never as the person's", async function () {
    await agent.interact('type', { selector: '#email', text: 'agent@example.test', clear: true });
    await agent.interact('click', { selector: 'text="Cancel"' });
    const agentActions = await observeUntil(agent, { what: 'actions', by: 'agent', detail: 'full' }, (entries) =>
      entries.some((entry) => entry.type === 'click'),
    );
    expect(agentActions.map((entry) => [entry.type, entry.value, entry.locator])).to.deep.equal([
      ['fill', 'agent@example.test', "getByRole('textbox', { name: 'Email', exact: true })"],
      ['click', undefined, "getByRole('button', { name: 'Cancel', exact: true })"],
    ]);
    const commands = agentActions.map((entry) => entry.correlation_id);
    expect(
      commands.every((id) => typeof id === 'string' && id !== ''),
      JSON.stringify(commands),
    ).to.equal(true);
    expect(new Set(commands).size, 'one command each').to.equal(2);
    await new Promise((resolve) => setTimeout(resolve, 800)); // past any fill's idle time
    const after = entriesOf(await agent.ok('observe', { what: 'actions', by: 'human', detail: 'full', limit: 1000 }));
    expect(after.length, JSON.stringify(after.slice(human.length))).to.equal(human.length);
  });

  it('bounds what it notes within one task: a page that blurs a field in a loop loses those events, said in the logs, and the person is still recorded', async function () {
    // focus() and blur() from script make trusted focus events; 3 000 of them in one task.
    await page.evaluate(() => {
      const field = document.getElementById('email') as HTMLInputElement;
      for (let i = 0; i < 3_000; i++) {
        field.focus();
        field.blur();
      }
    });
    const box = await page.locator('text=Cancel').boundingBox();
    if (box === null) throw new Error('Cancel has no box');
    const before = entriesOf(await agent.ok('observe', { what: 'actions', by: 'human', limit: 1000 })).length;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const logs = await observeUntil(agent, { what: 'logs', detail: 'full' }, (entries) =>
      entries.some((entry) => /^browsertap dropped \d+ captured entries/.test(entry.message)),
    );
    const said = logs.find((entry) => /^browsertap dropped/.test(entry.message));
    expect(Number(/dropped (\d+)/.exec(said.message)?.[1])).to.be.at.least(2_000);
    const after = await observeUntil(agent, { what: 'actions', by: 'human', limit: 1000 }, (entries) => entries.length > before);
    expect(after.at(-1)?.type).to.equal('click');
  });
});
