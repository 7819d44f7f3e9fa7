import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { type PageSession, startPageSession } from './support/session.js';
import type { Agent } from './support/stack.js';
import { entriesOf } from '../support/listEntries.js';

// SPEC 9: dialogs never hang. Before, a click that opened an alert timed out at 10 s and every
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

  it('when browsertap is not acting, the page’s dialogs are the browser’s own (the developer sees them)', async function () {
    await new Promise((resolve) => setTimeout(resolve, 2_300)); // past the grace after the last action
    await page.evaluate(() => alert('for the human'));
    expect(native).to.deep.equal(['for the human']);
  });
});
