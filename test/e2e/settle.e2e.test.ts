import { expect } from 'chai';
import { launchRaw } from './support/chromium.js';
import { startSite, type Site } from './support/site.js';
import { type Agent, startAgent } from './support/stack.js';

// docs/mcp-tools.md's settle on what real apps do: a debounced field (swagger-ui debounces 350 ms), timers
// that never end, and the agent's tab left in the background by a tab the page opened. Chromium is
// launched raw: Playwright's launch turns Chrome's background-tab throttling off, a user's Chrome
// has it on.
describe('e2e: settle waits for what the action scheduled, in a visible or a background tab', function () {
  this.timeout(120_000);
  let site: Site;
  let agent: Agent;
  let browser: ReturnType<typeof launchRaw>;
  let tabId: number;

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const open = async () => {
    const opened = await agent.interact('navigate', { url: site.url('/debounce.html'), tab_id: tabId });
    expect(opened.result.data.title, JSON.stringify(opened)).to.equal('debounce page');
  };
  const clickCount = async () => {
    const clicked = await agent.interact('click', { selector: '#count', tab_id: tabId });
    expect(clicked.status, JSON.stringify(clicked)).to.equal('complete');
    return clicked.result.data.effects;
  };

  before(async function () {
    site = await startSite();
    agent = await startAgent();
    browser = launchRaw(agent.port);
    await agent.extensionConnected();
    // The browser started on about:blank; the agent's own navigate opens the page (E2E.md).
    const opened = await agent.interact('navigate', { url: site.url('/debounce.html') });
    tabId = opened.result.data.tab_id;
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await site?.close();
  });

  it('type into a 350 ms debounced field, then click at once: the request carries the typed value; type says it waited for a timer', async function () {
    await open();
    const typed = await agent.interact('type', { selector: '#q', text: 'ada', clear: true, tab_id: tabId });
    const { effects } = typed.result.data;
    expect(effects.settled, JSON.stringify(effects)).to.equal(true);
    expect(effects.waited_for, JSON.stringify(effects)).to.deep.equal({ timers: 1 });
    expect(effects.settle_ms, JSON.stringify(effects)).to.be.at.least(300);
    const sent = await agent.interact('click', { selector: '#send', tab_id: tabId });
    const urls = sent.result.data.effects.requests.map((r: { url: string }) => new URL(r.url).search);
    expect(urls, JSON.stringify(sent)).to.deep.equal(['?q=ada']);
    expect(site.requests.filter((path) => path.startsWith('/json?q='))).to.deep.equal(['/json?q=ada']);
  });

  it('a timer chain the page began before the action does not hold its settle', async function () {
    await open();
    const effects = await clickCount();
    expect(effects.settled, JSON.stringify(effects)).to.equal(true);
    expect(effects.settle_ms, JSON.stringify(effects)).to.be.below(400);
    expect(effects).to.not.have.property('waited_for');
  });

  it('an action whose handler re-arms a short timer forever ends at settle_ms, not settled', async function () {
    await open();
    const clicked = await agent.interact('click', { selector: '#forever', tab_id: tabId, settle_ms: 700 });
    const { effects } = clicked.result.data;
    expect(effects.settled, JSON.stringify(effects)).to.equal(false);
    expect(effects.settle_ms, JSON.stringify(effects)).to.be.within(650, 1_000);
    expect(effects.waited_for.timers, JSON.stringify(effects)).to.be.at.least(1);
  });

  it('acting in the agent’s tab once a tab the page opened hides it: settles as fast as when it was visible', async function () {
    await open();
    const visible: number[] = [];
    for (let i = 0; i < 5; i++) visible.push((await clickCount()).settle_ms);
    const clicked = await agent.interact('click', { selector: '#blank', tab_id: tabId });
    expect(clicked.result.data.effects.new_tabs, JSON.stringify(clicked)).to.have.length(1);
    const hidden = await agent.interact('execute_js', { script: 'return document.visibilityState', tab_id: tabId });
    expect(hidden.result.data).to.equal('hidden');
    const background: number[] = [];
    for (let i = 0; i < 7; i++) background.push((await clickCount()).settle_ms);
    console.log(`      settle_ms visible ${visible.join(' ')}; background ${background.join(' ')}`);
    expect(median(background), `visible ${visible}, background ${background}`).to.be.below(400);
  });
});
