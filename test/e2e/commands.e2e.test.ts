import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { NOT_DEV, tabIdOf } from './support/chromium.js';
import { type PageSession, startPageSession } from './support/session.js';
import type { Site } from './support/site.js';
import { type Agent, observeUntil } from './support/stack.js';
import { entriesOf } from '../support/listEntries.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

// Every interact action of docs/mcp-tools.md through a real MCP client, acting on real pages; Playwright
// checks independently that the page really changed.
describe('e2e: commands on real pages', function () {
  this.timeout(60_000);
  let session: PageSession;
  let site: Site;
  let agent: Agent;
  let browser: PageSession['browser'];
  let page: Page;
  let tabId: number;

  before(async function () {
    session = await startPageSession('/app.html');
    ({ site, agent, browser, page, tabId } = session);
  });

  after(async function () {
    await session?.stop();
  });

  it('execute_js returns document.title; the round trip median over 10 commands is under 150 ms', async function () {
    const walls: number[] = [];
    const inDaemon: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const answer = await agent.interact('execute_js', { script: 'return document.title', tab_id: tabId });
      walls.push(performance.now() - started);
      expect(answer).to.include({ status: 'complete' });
      expect(answer.result).to.deep.equal({ success: true, data: 'browsertap e2e app' });
      inDaemon.push(answer.duration_ms);
    }
    console.log(
      `      round trip interact→complete: median ${median(walls).toFixed(1)} ms (max ${Math.max(...walls).toFixed(1)}), queued→finished in the daemon median ${median(inDaemon)} ms`,
    );
    expect(median(walls)).to.be.below(150);
  });

  it('read after act: observe logs right after an execute_js that logged 100 lines returns all 100', async function () {
    // 100 is one full batch (sent at once); 30 and 150 leave a part batch behind the page's and
    // the worker's batch delays.
    for (const [round, lines] of [100, 30, 150].entries()) {
      const { cursor } = await agent.ok('observe', { what: 'logs', tab_id: tabId, limit: 1 });
      const answer = await agent.interact('execute_js', {
        tab_id: tabId,
        script: `for (let i = 0; i < ${lines}; i++) console.log('read-after-act ${round} ' + i); return 'logged';`,
      });
      expect(answer.result).to.deep.equal({ success: true, data: 'logged' });
      const logs = await agent.ok('observe', { what: 'logs', tab_id: tabId, after_cursor: cursor, limit: 1000 });
      const got = entriesOf(logs).filter((e: any) => e.message.startsWith(`read-after-act ${round} `));
      expect(got, `round ${round}`).to.have.length(lines);
    }
  });

  it('execute_js returns JSON-safe values: objects, undefined, DOM nodes, cycles', async function () {
    const answer = await agent.interact('execute_js', {
      script: 'const o = { n: 1, big: 2n, el: document.body, missing: undefined }; o.self = o; return o;',
    });
    expect(answer.result).to.deep.equal({ success: true, data: { n: 1, big: '2n', el: '<body>', self: '[Circular]' } });
    expect((await agent.interact('execute_js', { script: 'void 0' })).result).to.deep.equal({ success: true, data: null });
  });

  it('type, select and click act on the real page', async function () {
    const typed = await agent.interact('type', { selector: '#name', text: 'Ada', clear: true });
    expect(typed.status).to.equal('complete');
    expect((await agent.interact('select', { selector: '#color', value: 'green' })).result.data.selected).to.deep.equal({
      value: 'green',
      text: 'Green',
    });
    const clicked = await agent.interact('click', { selector: '#go' });
    expect(clicked.result.data.clicked.tag).to.equal('button');
    expect(await page.textContent('#result')).to.equal('hello Ada in green');
    expect(await page.inputValue('#name')).to.equal('Ada');
  });

  it('query_dom describes elements; wait_for waits for one to appear; scroll and highlight act', async function () {
    const query = await agent.interact('query_dom', { selector: 'li.item', limit: 2 });
    expect(query.result.data.count).to.equal(3);
    expect(query.result.data.elements.map((e: any) => e.text)).to.deep.equal(['one', 'two']);
    expect(query.result.data.elements[0].box.width).to.be.above(0);
    expect(query.result.data.has_more).to.equal(true);

    // settle_ms 0: a settling click would wait for the page's 400 ms timer, leaving wait_for nothing to wait for.
    await agent.interact('click', { selector: '#later', settle_ms: 0 });
    const waited = await agent.interact('wait_for', { selector: '#late', timeout_ms: 5_000 });
    expect(waited.status).to.equal('complete');
    expect(waited.result.data.found.text).to.equal('arrived late');
    expect(waited.result.data.waited_ms).to.be.above(100);

    const missing = await agent.interact('wait_for', { selector: '#never', timeout_ms: 1_500 });
    expect(missing.status).to.equal('timeout');
    expect(missing.error).to.match(/^[a-z_]+$/); // a stable code; the sentence is message
    expect(missing.message).to.include('"#never" did not become visible within');

    await agent.interact('scroll', { selector: '#bottom' });
    expect(await page.evaluate(() => window.scrollY)).to.be.above(1_000);
    await agent.interact('scroll', { x: 0, y: 0 });
    expect(await page.evaluate(() => window.scrollY)).to.equal(0);
    const highlighted = await agent.interact('highlight', { selector: 'li.item' });
    expect(highlighted.result.data.highlighted).to.equal(3);
    expect(await page.locator('[data-browsertap-highlight]').count()).to.equal(3);

    const notFound = await agent.interact('click', { selector: '#nope' });
    expect(notFound).to.include({ status: 'error', error: 'element_not_found' });
    expect(notFound.message).to.include('No element matches "#nope"');
  });

  it('screenshot comes back as an MCP image, at most 1280 px wide', async function () {
    const answer = await agent.call('interact', { action: 'screenshot', wait_ms: 15_000 });
    expect(answer.isError).to.equal(false);
    const image = answer.raw.content.find((block) => block.type === 'image') as { data: string; mimeType: string };
    expect(image.mimeType).to.equal('image/png');
    const png = Buffer.from(image.data, 'base64');
    expect(png.subarray(1, 4).toString()).to.equal('PNG');
    const width = png.readUInt32BE(16);
    expect(width).to.be.within(100, 1280);
    expect(answer.payload.result.data.image.width).to.equal(width);
    const jpeg = await agent.call('interact', { action: 'screenshot', format: 'jpeg', quality: 50, wait_ms: 15_000 });
    expect((jpeg.raw.content.find((block) => block.type === 'image') as { mimeType: string }).mimeType).to.equal('image/jpeg');
  });

  it('10 back-to-back screenshots are paced to Chrome’s two a second: the second goes at once, none is refused or waits past its window', async function () {
    this.timeout(30_000);
    const waits: number[] = [];
    const walls: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const answer = await agent.call('interact', {
        action: 'screenshot',
        format: 'jpeg',
        quality: 30,
        tab_id: tabId,
        wait_ms: 15_000,
      });
      walls.push(performance.now() - started);
      expect(answer.isError, JSON.stringify(answer.payload).slice(0, 300)).to.equal(false);
      waits.push(answer.payload.result.data.quota_wait_ms);
    }
    console.log(`      quota waits (ms): ${waits.join(', ')}; slowest call ${Math.max(...walls).toFixed(0)} ms`);
    // Chrome counts two a window: the second of each pair waits for nothing (all waited ~500 ms when captures were spaced evenly).
    expect(waits.filter((wait) => wait < 100).length, 'captures that waited for nothing').to.be.at.least(4);
    // A third within Chrome's second waits for it to end (≤ ~1 s); a refusal would add its 600 ms retry.
    for (const wait of waits) expect(wait).to.be.within(0, 1_050);
  });

  it('screenshot of one element (cut to its box) and of the full page (stitched, taller than the viewport)', async function () {
    this.timeout(30_000);
    const shot = async (args: Record<string, unknown>) => {
      const answer = await agent.call('interact', { action: 'screenshot', tab_id: tabId, wait_ms: 15_000, ...args });
      expect(answer.isError, JSON.stringify(answer.payload).slice(0, 300)).to.equal(false);
      return answer.payload.result.data.image as { width: number; height: number };
    };
    const viewport = (await agent.interact('execute_js', { script: 'return [innerWidth, innerHeight, devicePixelRatio]' })).result
      .data as number[];
    const box = (await agent.interact('query_dom', { selector: '#go' })).result.data.elements[0].box;
    const element = await shot({ selector: '#go' });
    const ratio = viewport[2] as number;
    expect(element.width).to.be.within(Math.floor(box.width * ratio) - 1, Math.ceil(box.width * ratio) + 1);
    expect(element.height).to.be.within(Math.floor(box.height * ratio) - 1, Math.ceil(box.height * ratio) + 1);
    const page = await shot({ full_page: true, format: 'jpeg', quality: 40 });
    const scale = Math.min(1, 1280 / ((viewport[0] as number) * ratio));
    // app.html is over 3000 px tall: the image holds more than one viewport.
    expect(page.height).to.be.above((viewport[1] as number) * ratio * scale * 2);
    const bad = await agent.ok('interact', { action: 'screenshot', full_page: true, selector: '#go' }).catch((e: Error) => e);
    expect(String(bad)).to.contain('not both');
  });

  it('a page too detailed for a PNG comes as JPEG, and its next screenshot is captured as JPEG at once, saying why', async function () {
    this.timeout(30_000);
    const noisy = await browser.context.newPage();
    try {
      await noisy.goto(site.url('/noise.html'));
      await noisy.waitForFunction(() => (document.querySelector('img') as HTMLImageElement).complete);
      const noisyId = await tabIdOf(browser.context, site.url('/noise.html'));
      const shot = async () => {
        const answer = await agent.call('interact', { action: 'screenshot', tab_id: noisyId, wait_ms: 15_000 });
        expect(answer.isError, JSON.stringify(answer.payload).slice(0, 300)).to.equal(false);
        const image = answer.raw.content.find((block) => block.type === 'image') as { data: string; mimeType: string };
        const bytes = Buffer.from(image.data, 'base64');
        return { data: answer.payload.result.data, mimeType: image.mimeType, bytes };
      };
      const first = await shot();
      expect(first.mimeType).to.equal('image/jpeg');
      expect(first.bytes.subarray(0, 2)).to.deep.equal(Buffer.from([0xff, 0xd8]));
      expect(first.data.note).to.equal('sent as JPEG (quality 80): the PNG was over 750 KB');
      const next = await shot();
      expect(next.mimeType).to.equal('image/jpeg');
      expect(next.data.note).to.equal("sent as JPEG (quality 80): this page's PNG was over 750 KB less than a minute ago");
      expect(next.data.image).to.include({ width: first.data.image.width, height: first.data.image.height });
    } finally {
      await noisy.close();
    }
  });

  it('8 parallel execute_js with wait_ms all succeed (past the 5-in-flight bound they wait for a slot)', async function () {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        agent.interact('execute_js', { tab_id: tabId, script: `await new Promise((r) => setTimeout(r, 200)); return ${i}` }),
      ),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(Array(8).fill('complete'));
    expect(answers.map((a) => a.result.data)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('navigate, back, forward and refresh move the real tab and wait for the page', async function () {
    const navigated = await agent.interact('navigate', { url: site.url('/second.html'), tab_id: tabId });
    // Loaded where it was asked to go, nothing went wrong: the tab and its title, nothing more.
    expect(navigated).to.deep.equal({
      status: 'complete',
      result: { success: true, data: { tab_id: tabId, title: 'second page' } },
      duration_ms: navigated.duration_ms,
    });
    expect(page.url()).to.equal(site.url('/second.html'));
    const back = await agent.interact('back', { tab_id: tabId });
    expect(back.result.data.url).to.equal(site.url('/app.html'));
    expect(page.url()).to.equal(site.url('/app.html'));
    expect((await agent.interact('forward', { tab_id: tabId })).result.data.url).to.equal(site.url('/second.html'));
    await page.evaluate(() => ((window as any).marker = 1));
    expect((await agent.interact('refresh', { tab_id: tabId })).status).to.equal('complete');
    expect(await page.evaluate(() => (window as any).marker)).to.equal(undefined);
    await agent.interact('navigate', { url: site.url('/app.html'), tab_id: tabId });
  });

  it('a command aimed at a tab that is navigating waits for the new page instead of failing', async function () {
    await page.evaluate((url) => setTimeout(() => (location.href = url), 0), site.url('/slow.html'));
    await new Promise((resolve) => setTimeout(resolve, 100)); // the 1.5 s response is on its way
    const answer = await agent.interact('execute_js', { script: 'return document.title', tab_id: tabId });
    expect(answer.result).to.deep.equal({ success: true, data: 'slow page' });
    await agent.interact('navigate', { url: site.url('/app.html'), tab_id: tabId });
  });

  it('new_tab opens and tracks a tab; close_tab closes it', async function () {
    const opened = await agent.interact('new_tab', { url: site.url('/second.html') });
    const newId = opened.result.data.tab_id;
    expect(opened.result.data).to.include({ title: 'second page' }).and.not.have.any.keys('status', 'effects');
    expect((await agent.interact('execute_js', { script: 'return location.pathname', tab_id: newId })).result.data).to.equal(
      '/second.html',
    );
    const second = browser.context.pages().find((p) => p.url().endsWith('/second.html'));
    expect(second, 'the opened tab is a page of the browser').to.not.equal(undefined);
    expect((await agent.interact('close_tab', { tab_id: newId })).result.data.closed).to.equal(newId);
    // Chromium has closed the tab when close_tab answers; Playwright hears of it a moment later.
    if (!second!.isClosed()) await second!.waitForEvent('close', { timeout: 2_000 });
    expect(browser.context.pages().some((p) => p.url().endsWith('/second.html'))).to.equal(false);
  });

  it('an execute_js that throws ends as error: its code, the page’s sentence once, the stack as the detail', async function () {
    const answer = await agent.interact('execute_js', {
      script: 'function explode() { throw new TypeError("page says no"); }\nexplode();',
      tab_id: tabId,
    });
    expect(answer).to.include({ status: 'error', error: 'script_error', message: 'TypeError: page says no' });
    expect(answer.result.stack).to.match(/^\s+at explode/);
    expect(answer).to.not.have.property('error_code');
    expect(JSON.stringify(answer).split('page says no')).to.have.length(2); // the sentence, once
    const syntax = await agent.interact('execute_js', { script: 'return (', tab_id: tabId });
    expect(syntax).to.include({ status: 'error', error: 'script_syntax_error' });
  });

  it('an execute_js that runs 15 s ends as timeout with a clear error at the 10 s limit', async function () {
    this.timeout(30_000);
    const started = Date.now();
    const queued = await agent.ok('interact', {
      action: 'execute_js',
      script: 'await new Promise((r) => setTimeout(r, 15000)); return 1;',
      tab_id: tabId,
    });
    let answer: any;
    for (;;) {
      answer = await agent.ok('observe', { what: 'command_result', correlation_id: queued.correlation_id });
      if (answer.status !== 'queued' && answer.status !== 'pending') break;
      expect(Date.now() - started).to.be.below(14_000);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const elapsed = Date.now() - started;
    expect(answer).to.include({ status: 'timeout', error: 'execution_timeout' });
    expect(answer.message).to.equal(
      'execute_js did not finish within its 10000 ms execution limit (timeout_ms); the page may still be running it',
    );
    expect(answer.timeline.acked_at, 'acknowledged as pending while it ran').to.be.a('string');
    expect(elapsed).to.be.within(9_500, 12_500);
  });

  it('explains that a strict CSP blocks execute_js, while page actions still work there', async function () {
    const strict = await browser.context.newPage();
    await strict.goto(site.url('/csp.html'));
    const tabs = await observeUntil(agent, { what: 'tabs' }, (entries) => entries.some((tab) => tab.url.endsWith('/csp.html')));
    const strictId = tabs.find((tab) => tab.url.endsWith('/csp.html')).tab_id;
    const answer = await agent.interact('execute_js', { script: 'return 1', tab_id: strictId });
    expect(answer).to.include({ status: 'error', error: 'csp_blocks_eval' });
    expect(answer.message).to.include("Content-Security-Policy does not allow 'unsafe-eval'");
    const query = await agent.interact('query_dom', { selector: 'h1', tab_id: strictId });
    expect(query.result.data.elements[0].text).to.equal('No eval here');
    // The agent's refused eval is not an error of the page.
    const errors = entriesOf(await agent.ok('observe', { what: 'errors', tab_id: strictId }));
    expect(errors.map((e: { message: string }) => e.message).join('\n')).to.not.contain('Evaluating a string as JavaScript');
    await strict.close();
  });

  it('refuses to act on a tab that is not tracked, and never picks one by default', async function () {
    const other = await browser.context.newPage();
    const url = site.url('/second.html', NOT_DEV);
    await other.goto(url);
    const otherId = await tabIdOf(browser.context, url);
    const refused = await agent.interact('execute_js', { script: 'return 1', tab_id: otherId });
    expect(refused).to.include({ status: 'error', error: 'tab_not_tracked' });
    expect(refused.message).to.include(`Tab ${otherId} (${url}) is not tracked`);
    await other.bringToFront();
    const fallback = await agent.interact('execute_js', { script: 'return location.href' }); // the active tab is untracked
    expect(fallback.result.data).to.not.include(NOT_DEV);
    await other.close();
  });

  it('a screenshot of a tab behind another brings it to the front and shows that tab, as a second screenshot of it does', async function () {
    this.timeout(30_000);
    // Two still pages, so the same tab shows the same pixels each time (the same PNG bytes).
    await agent.interact('navigate', { url: site.url('/csp.html'), tab_id: tabId });
    const other = await browser.context.newPage();
    try {
      await other.goto(site.url('/second.html'));
      const otherId = await tabIdOf(browser.context, site.url('/second.html'));
      await other.bringToFront();
      const png = async (id: number) => {
        const answer = await agent.call('interact', { action: 'screenshot', tab_id: id, wait_ms: 15_000 });
        expect(answer.isError, JSON.stringify(answer.payload).slice(0, 300)).to.equal(false);
        return (answer.raw.content.find((block) => block.type === 'image') as { data: string }).data;
      };
      // Headless Chromium tells every page it is visible: which tab is in front shows in its pixels only.
      const front = await png(otherId);
      const behind = await png(tabId);
      const again = await png(tabId);
      expect(behind, 'the other tab’s pixels').to.not.equal(front);
      expect(behind, 'the same pixels as once in front').to.equal(again);
    } finally {
      await other.close();
    }
  });
});
