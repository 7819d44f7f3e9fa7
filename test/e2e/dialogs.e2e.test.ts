import { expect } from 'chai';
import type { Dialog, Page } from 'playwright-core';
import { BrowserCdp } from './support/cdp.js';
import { launchRaw } from './support/chromium.js';
import { type PageSession, startPageSession } from './support/session.js';
import { type Site, startSite } from './support/site.js';
import { type Agent, eventually, startAgent } from './support/stack.js';
import { entriesOf } from '../support/listEntries.js';

// docs/mcp-tools.md: dialogs never hang. Before, a click that opened an alert timed out at 10 s and every
// later command in the tab hung behind the dialog.
describe('e2e: dialogs never hang an agent, and are reported', function () {
  this.timeout(60_000);
  let session: PageSession;
  let agent: Agent;
  let page: Page;
  let tabId: number;
  /** Dialogs that reached the browser (Playwright dismisses them, as it would otherwise do silently). */
  const native: string[] = [];
  const out = async () =>
    (await agent.interact('execute_js', { tab_id: tabId, script: 'return document.getElementById("out").textContent' })).result
      .data;
  const click = async (selector: string) => {
    const started = performance.now();
    const answer = await agent.interact('click', { tab_id: tabId, selector });
    return { answer, ms: performance.now() - started };
  };

  before(async function () {
    session = await startPageSession('/dialogs.html');
    ({ agent, page, tabId } = session);
    page.on('dialog', (dialog) => {
      native.push(dialog.message());
      void dialog.dismiss();
    });
  });

  after(async function () {
    await session?.stop();
  });

  it('a click that opens an alert completes at once; the alert is accepted and reported where it was called', async function () {
    const { cursor } = await agent.ok('observe', { what: 'logs', tab_id: tabId, limit: 1 });
    const { answer, ms } = await click('#alert');
    expect(answer.status, JSON.stringify(answer)).to.equal('complete');
    expect(ms).to.be.below(3_000);
    expect(answer.result.data.effects.dialogs).to.deep.equal([{ type: 'alert', message: 'Saved!', answer: 'accepted' }]);
    expect(await out()).to.equal('after alert');
    const logs = await agent.ok('observe', { what: 'logs', tab_id: tabId, after_cursor: cursor });
    const reported = entriesOf(logs).find((e: any) => e.message.startsWith('alert("Saved!")'));
    expect(reported).to.include({ level: 'warn', message: 'alert("Saved!") answered by browsertap: accepted' });
    expect(reported.at).to.match(/^dialogs\.html:\d+:\d+$/);
    expect(native, 'browsertap answered it: the browser never showed it').to.deep.equal([]);
  });

  it('confirm and prompt are dismissed by default; interact dialog answers the next one', async function () {
    await click('#confirm');
    expect(await out()).to.equal('confirm:false');
    const armed = await agent.interact('dialog', { tab_id: tabId, accept: true });
    expect(armed.result.data).to.deep.include({ tab_id: tabId, next_dialog: 'accept' });
    await click('#confirm');
    expect(await out()).to.equal('confirm:true');

    await click('#prompt');
    expect(await out()).to.equal('prompt:null');
    await agent.interact('dialog', { tab_id: tabId, accept: true, text: 'Ada' });
    await click('#prompt');
    expect(await out()).to.equal('prompt:Ada');
    expect(native).to.deep.equal([]);
  });

  it('a dialog a handler opens just after the action ended is answered too, and the next command runs', async function () {
    await click('#later');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await out()).to.equal('after later');
    expect(native).to.deep.equal([]);
  });

  it('a page’s beforeunload prompt does not hold a navigation browsertap starts; it is reported', async function () {
    await agent.interact('navigate', { tab_id: tabId, url: session.site.url('/unsaved.html') });
    await page.click('#draft'); // a user's gesture: from now on Chrome would ask before leaving
    const started = performance.now();
    const moved = await agent.interact('navigate', { tab_id: tabId, url: session.site.url('/second.html') });
    expect(moved.status, JSON.stringify(moved)).to.equal('complete');
    expect(moved.result.data).to.include({ title: 'second page' }).and.not.have.property('url'); // where it was asked to go
    expect(performance.now() - started).to.be.below(3_000);
    expect(moved.result.data.effects.dialogs).to.deep.equal([{ type: 'beforeunload', message: '', answer: 'left the page' }]);
    expect(native).to.deep.equal([]);
    await agent.interact('navigate', { tab_id: tabId, url: session.site.url('/dialogs.html') });
  });

  it('a beforeunload listener that asks nothing (as Vite’s client) reports no dialog when browsertap navigates away', async function () {
    await agent.interact('navigate', { tab_id: tabId, url: session.site.url('/notes-unload.html') });
    await page.click('#draft');
    const moved = await agent.interact('navigate', { tab_id: tabId, url: session.site.url('/second.html') });
    expect(moved.status, JSON.stringify(moved)).to.equal('complete');
    expect(moved.result.data.effects?.dialogs, JSON.stringify(moved)).to.equal(undefined);
    await agent.interact('navigate', { tab_id: tabId, url: session.site.url('/dialogs.html') });
  });

  it('when browsertap is not acting, the page’s dialogs are the browser’s own (the developer sees them)', async function () {
    await new Promise((resolve) => setTimeout(resolve, 2_300)); // past the grace after the last action
    await page.evaluate(() => alert('for the human'));
    expect(native).to.deep.equal(['for the human']);
  });
});

/** Past the hooks' 2 s grace after the arming command ended: the browser's own dialog. */
const LATE_MS = 3_000;
/** An answer that did not wait on the page (the execution limit is 10 s). */
const FAST_MS = 2_000;

// A dialog the page opens on its own, while browsertap is not acting, is the browser's own (the
// developer sees it) and blocks the page's thread. Before, every later command on that tab —
// execute_js, snapshot, navigate, dialog, even close_tab — ended in execution_timeout after 10 s,
// and nothing said a dialog was open; only new_tab escaped.
describe('e2e: a dialog the page opens on its own never wedges its tab', function () {
  this.timeout(90_000);
  let session: PageSession;
  let agent: Agent;
  let tabId: number;
  /** Native dialogs, held open as a developer away from the screen would leave them. */
  const held: Dialog[] = [];
  const hold = (page: Page) => page.on('dialog', (dialog) => void held.push(dialog));

  const timed = async (action: string, args: Record<string, unknown>) => {
    const started = performance.now();
    const answer = await agent.interact(action, args);
    return { answer, ms: performance.now() - started };
  };
  /** Has the page open `code` (a dialog) LATE_MS from now, from a timer; waits until it is open. */
  const later = async (tab: number, code: string) => {
    const before = held.length;
    await agent.interact('execute_js', { tab_id: tab, script: `setTimeout(() => { ${code} }, ${LATE_MS}); return 'armed'` });
    await eventually(() => held.length > before, LATE_MS + 5_000, 'the page never opened its dialog');
    return held[held.length - 1] as Dialog;
  };
  const run = async (tab: number, script: string) => (await agent.interact('execute_js', { tab_id: tab, script })).result.data;

  before(async function () {
    session = await startPageSession('/dialogs.html');
    ({ agent, tabId } = session);
    hold(session.page);
    session.browser.context.on('page', hold);
  });

  after(async function () {
    for (const dialog of held) await dialog.dismiss().catch(() => undefined);
    await session?.stop();
  });

  it('a late alert: execute_js and snapshot answer dialog_open at once, dialog {accept:true} closes it, the page goes on untouched', async function () {
    await run(
      tabId,
      `history.replaceState({ mine: 1 }, ''); window.heard = []; for (const type of ['popstate', 'hashchange']) addEventListener(type, () => heard.push(type)); return 1`,
    );
    const url = await run(tabId, 'return location.href');
    const dialog = await later(
      tabId,
      `alert('session expired'); document.getElementById('out').textContent = 'after late alert'`,
    );
    expect(dialog.type()).to.equal('alert');

    for (const [action, args] of [
      ['execute_js', { script: 'return 1' }],
      ['snapshot', {}],
    ] as const) {
      const { answer, ms } = await timed(action, { tab_id: tabId, ...args });
      expect(answer, `${action}: ${JSON.stringify(answer)}`).to.include({ status: 'error', error: 'dialog_open' });
      expect(answer.message)
        .to.include('An alert in tab')
        .and.include('"session expired"')
        .and.include('interact {action:"dialog", accept:true}');
      expect(ms, action).to.be.below(FAST_MS);
    }

    const { answer: closed, ms } = await timed('dialog', { tab_id: tabId, accept: true });
    expect(closed.status, JSON.stringify(closed)).to.equal('complete');
    expect(closed.result.data).to.deep.equal({
      tab_id: tabId,
      closed: { type: 'alert', message: 'session expired', answer: 'accepted' },
    });
    expect(ms).to.be.below(FAST_MS);
    expect(await run(tabId, 'return document.getElementById("out").textContent')).to.equal('after late alert');
    // Closing it went through a fragment navigation: the page's listeners heard nothing, and its url and state are back.
    expect(await run(tabId, 'return { href: location.href, state: history.state, heard }')).to.deep.equal({
      href: url,
      state: { mine: 1 },
      heard: [],
    });
  });

  it('a late confirm: accepting it is refused (only the user can), dialog {accept:false} dismisses it and the page sees false', async function () {
    const dialog = await later(tabId, `document.getElementById('out').textContent = 'late:' + confirm('Delete 3 items?')`);
    expect(dialog.type()).to.equal('confirm');
    const { answer: busy, ms } = await timed('execute_js', { tab_id: tabId, script: 'return 1' });
    expect(busy).to.include({ status: 'error', error: 'dialog_open' });
    expect(busy.message).to.include('A confirm dialog in tab').and.include('"Delete 3 items?"').and.include('accept:false');
    expect(ms).to.be.below(FAST_MS);

    const refused = await agent.interact('dialog', { tab_id: tabId, accept: true });
    expect(refused).to.include({ status: 'error', error: 'dialog_open' });
    expect(refused.message).to.include('only dismiss');

    const dismissed = await agent.interact('dialog', { tab_id: tabId, accept: false });
    expect(dismissed.result.data.closed).to.deep.equal({ type: 'confirm', message: 'Delete 3 items?', answer: 'dismissed' });
    expect(await run(tabId, 'return document.getElementById("out").textContent')).to.equal('late:false');
  });

  it('navigate on a tab sitting in a late alert leaves it at once', async function () {
    await later(tabId, `alert('session expired')`);
    const { answer, ms } = await timed('navigate', { tab_id: tabId, url: session.site.url('/second.html') });
    expect(answer.status, JSON.stringify(answer)).to.equal('complete');
    expect(answer.result.data.title).to.equal('second page');
    expect(ms).to.be.below(FAST_MS + 1_000);
    expect(await run(tabId, 'return document.title')).to.equal('second page');
  });

  it('a page that alerts as it loads: navigate answers dialog_open at once instead of waiting for its limit', async function () {
    const before = held.length;
    const { answer, ms } = await timed('navigate', { tab_id: tabId, url: session.site.url('/greets.html') });
    expect(held.length).to.be.above(before);
    expect(answer, JSON.stringify(answer)).to.include({ status: 'error', error: 'dialog_open' });
    expect(answer.message).to.include('"Welcome back"').and.include('while navigate ran');
    expect(ms).to.be.below(FAST_MS + 1_000);
    await agent.interact('dialog', { tab_id: tabId, accept: true });
    expect(await run(tabId, 'return document.getElementById("out").textContent')).to.equal('greeted');
  });

  it('close_tab on a tab sitting in a late alert closes it at once', async function () {
    const opened = await agent.interact('new_tab', { url: session.site.url('/dialogs.html') });
    const other = opened.result.data.tab_id as number;
    await later(other, `alert('session expired')`);
    const { answer, ms } = await timed('close_tab', { tab_id: other });
    expect(answer.status, JSON.stringify(answer)).to.equal('complete');
    expect(answer.result.data.closed).to.equal(other);
    expect(ms).to.be.below(FAST_MS);
    const { tabs } = await agent.ok('observe', { what: 'tabs' });
    expect(tabs.map((tab: { tab_id: number }) => tab.tab_id)).to.not.include(other);
  });
});

// The same in a browser with nothing attached to the page, as in a developer's Chrome: Playwright's
// DevTools session changes how Chrome treats a dialog (a leave-site prompt then never lets its tab
// close, and Playwright loses its context when the tab is discarded instead).
describe('e2e: dialogs a page opens on its own, with nothing attached to the page', function () {
  this.timeout(90_000);
  let site: Site;
  let agent: Agent;
  let browser: ReturnType<typeof launchRaw>;
  let cdp: BrowserCdp;

  before(async function () {
    site = await startSite();
    agent = await startAgent();
    browser = launchRaw(agent.port, ['--remote-debugging-port=0']);
    await agent.extensionConnected(20_000);
    cdp = await BrowserCdp.connect(browser.profile);
  });

  after(async function () {
    cdp?.close();
    await browser?.stop();
    await agent?.stop();
    await site?.close();
  });

  const timed = async (action: string, args: Record<string, unknown>) => {
    const started = performance.now();
    const answer = await agent.interact(action, args);
    return { answer, ms: performance.now() - started };
  };
  const openTab = async (path: string) => (await agent.interact('new_tab', { url: site.url(path) })).result.data.tab_id as number;
  /** Has the page run `code` LATE_MS from now, from a timer, and waits until then. */
  const later = async (tab: number, code: string) => {
    await agent.interact('execute_js', { tab_id: tab, script: `setTimeout(() => { ${code} }, ${LATE_MS}); return 'armed'` });
    await new Promise((resolve) => setTimeout(resolve, LATE_MS + 700));
  };
  /** A person's click (trusted), through a DevTools session that is gone again before anything else happens. */
  const personClicks = async (url: string, selector: string) => {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const target = targetInfos.find((info: any) => info.type === 'page' && info.url === url);
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: true });
    const { result } = await cdp.send(
      'Runtime.evaluate',
      {
        expression: `(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`,
        returnByValue: true,
      },
      sessionId,
    );
    const [x, y] = result.value as [number, number];
    for (const type of ['mousePressed', 'mouseReleased'])
      await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, sessionId);
    await cdp.send('Target.detachFromTarget', { sessionId });
  };

  it('a late confirm: execute_js answers dialog_open at once, dialog {accept:false} dismisses it', async function () {
    const tab = await openTab('/dialogs.html');
    await later(tab, `document.getElementById('out').textContent = 'late:' + confirm('Delete 3 items?')`);
    const { answer: busy, ms } = await timed('execute_js', { tab_id: tab, script: 'return 1' });
    expect(busy, JSON.stringify(busy)).to.include({ status: 'error', error: 'dialog_open' });
    expect(busy.message).to.include('"Delete 3 items?"');
    expect(ms).to.be.below(FAST_MS);
    const dismissed = await agent.interact('dialog', { tab_id: tab, accept: false });
    expect(dismissed.result.data.closed).to.deep.equal({ type: 'confirm', message: 'Delete 3 items?', answer: 'dismissed' });
    const out = await agent.interact('execute_js', { tab_id: tab, script: 'return document.getElementById("out").textContent' });
    expect(out.result.data).to.equal('late:false');
  });

  it('a leave-site prompt the page raised on its own: commands answer dialog_open at once, close_tab ends it', async function () {
    const url = site.url('/unsaved.html');
    const tab = await openTab('/unsaved.html');
    await personClicks(url, '#draft'); // a user's gesture: from now on Chrome asks before leaving
    await later(tab, `location.href = '/second.html'`);
    for (const [action, args] of [
      ['execute_js', { script: 'return 1' }],
      ['navigate', { url: site.url('/second.html') }],
      ['dialog', { accept: true }],
    ] as const) {
      const { answer, ms } = await timed(action, { tab_id: tab, ...args });
      expect(answer, `${action}: ${JSON.stringify(answer)}`).to.include({ status: 'error', error: 'dialog_open' });
      expect(answer.message).to.include('leave-site prompt').and.include('close_tab');
      expect(ms, action).to.be.below(FAST_MS);
    }
    const { answer, ms } = await timed('close_tab', { tab_id: tab });
    expect(answer.status, JSON.stringify(answer)).to.equal('complete');
    expect(ms).to.be.below(FAST_MS);
    const { tabs } = await agent.ok('observe', { what: 'tabs' });
    expect(tabs.map((known: { tab_id: number }) => known.tab_id)).to.not.include(tab);
  });
});
