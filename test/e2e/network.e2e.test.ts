import { expect } from 'chai';
import { type PageSession, startPageSession } from './support/session.js';
import { observeUntil } from './support/stack.js';
import { entriesOf } from '../support/listEntries.js';

// docs/extension.md: network lists every request the page makes, with its type and real status. Before, only
// fetch/XHR were listed, and a 404 <img> or <script> was status 0 "failed to load".
describe('e2e: every request of the page, with its type and real status', function () {
  this.timeout(60_000);
  let session: PageSession;

  before(async function () {
    session = await startPageSession('/resources.html');
  });

  after(async function () {
    await session?.stop();
  });

  it('lists the document, stylesheet, script, images, fetch and WebSocket; 404s with their status, once each', async function () {
    const { agent, site, tabId } = session;
    const path = (url: string) => new URL(url, 'http://relative.invalid').pathname; // compact lists say the origin once
    const entries = await observeUntil(agent, { what: 'network', tab_id: tabId, detail: 'full' }, (all) =>
      ['/missing.png', '/missing.js', '/pixel.png', '/style.css', '/json', '/ws', '/resources.html'].every((p) =>
        all.some((e) => path(e.url) === p),
      ),
    );
    const one = (p: string) => {
      const found = entries.filter((e) => path(e.url) === p);
      expect(found, `${p}: ${JSON.stringify(entries.map((e) => [e.url, e.status, e.type]))}`).to.have.length(1);
      return found[0];
    };
    expect(one('/resources.html')).to.include({ type: 'document', status: 200, method: 'GET', tab_id: tabId });
    expect(one('/style.css')).to.include({ type: 'stylesheet', status: 200 });
    expect(one('/missing.js')).to.include({ type: 'script', status: 404 });
    expect(one('/missing.png')).to.include({ type: 'image', status: 404 });
    expect(one('/pixel.png')).to.include({ type: 'image', status: 200 });
    expect(one('/pixel.png').size).to.be.above(0);
    expect(one('/json')).to.include({ type: 'fetch', status: 200 });
    expect(one('/ws')).to.include({ type: 'websocket', status: 101 });
    expect(one('/missing.png').url).to.equal(site.url('/missing.png'));

    // observe network {type} filters; failed_only finds the two 404s.
    // Chrome also asks for /favicon.ico (a 404 here, as Chrome's own console shows): listed too.
    const pageOwn = (list: unknown) =>
      entriesOf(list)
        .map((e) => path(e.url))
        .filter((p) => p !== '/favicon.ico')
        .sort();
    const images = await agent.ok('observe', { what: 'network', tab_id: tabId, type: 'image' });
    expect(pageOwn(images)).to.deep.equal(['/missing.png', '/pixel.png']);
    const failed = await agent.ok('observe', { what: 'network', tab_id: tabId, failed_only: true });
    expect(pageOwn(failed)).to.deep.equal(['/missing.js', '/missing.png']);
    const bad = await agent.call('observe', { what: 'network', type: 'pictures' });
    expect(bad.isError).to.equal(true);
  });

  it('res.json() on an HTML 404, left unhandled, arrives as often as Chrome reports it; handled, it does not', async function () {
    const { agent, page, site, tabId } = session;
    await agent.interact('navigate', { tab_id: tabId, url: site.url('/profile.html') });
    // What Chrome itself reports as uncaught (DevTools' console; Playwright hears it over CDP).
    const chrome: string[] = [];
    page.on('pageerror', (error) => chrome.push(error.message));
    await page.click('#load');
    await page.click('#load');
    await agent.interact('click', { tab_id: tabId, selector: '#load' });
    await page.click('#safe');
    await page.waitForFunction(() => document.title === 'handled SyntaxError');
    const errors = await observeUntil(
      agent,
      { what: 'errors', tab_id: tabId, detail: 'full' },
      (all) => all.filter((e) => e.message.includes('is not valid JSON')).length >= chrome.length && chrome.length === 3,
    );
    const ours = errors.filter((e) => e.message.includes('is not valid JSON'));
    expect(chrome).to.have.length(3);
    expect(ours).to.have.length(chrome.length);
    expect(ours[0]).to.include({ source: 'unhandledrejection', level: 'error' });
    expect(ours[0].message).to.match(/^Uncaught \(in promise\) SyntaxError: Unexpected token '<'/);
  });

  it('a page without source maps costs no extra request: its script is read from the cache the page filled (docs/extension.md)', async function () {
    const { agent, site, tabId } = session;
    await agent.interact('navigate', { tab_id: tabId, url: site.url('/nomaps.html') });
    await agent.interact('click', { tab_id: tabId, selector: '#boom' });
    const errors = await observeUntil(agent, { what: 'errors', tab_id: tabId, detail: 'full' }, (all) =>
      ['plain script error', 'Uncaught Error: plain script throw'].every((m) => all.some((e) => e.message === m)),
    );
    // The stacks point into /plain.js, so the worker asked for its map: the answer came from the cache.
    expect(errors.find((e) => e.message === 'Uncaught Error: plain script throw').stack).to.include('/plain.js:3:');
    await new Promise((done) => setTimeout(done, 300));
    expect(site.requests.filter((r) => r.startsWith('/plain.js'))).to.have.length(1);
    expect(site.requests.filter((r) => r.includes('.map'))).to.deep.equal([]);
  });

  it('every frame of a tracked page: a child frame’s error, uncaught error and 404 arrive once each, with frame_url', async function () {
    const { agent, site, tabId } = session;
    await agent.interact('navigate', { tab_id: tabId, url: site.url('/framed.html') });
    const same = site.url('/child.html');
    const other = site.url('/child.html?other', 'localhost'); // another origin, a development one
    const done = (entries: Array<{ frame_url?: string }>, frame: string, n: number) =>
      entries.filter((e) => e.frame_url === frame).length >= n;
    const errors = await observeUntil(
      agent,
      { what: 'errors', tab_id: tabId, detail: 'full' },
      (all) => done(all, same, 2) && done(all, other, 2),
    );
    for (const frame of [same, other]) {
      const search = frame.includes('?other') ? '?other' : '';
      const own = errors.filter((e) => e.frame_url === frame).map((e) => e.message);
      expect(own.sort()).to.deep.equal([`Uncaught Error: child uncaught ${search}`, `child console error ${search}`].sort());
    }
    const network = await observeUntil(
      agent,
      { what: 'network', tab_id: tabId, detail: 'full' },
      (all) =>
        done(
          all.filter((e) => e.status === 404),
          same,
          1,
        ) &&
        done(
          all.filter((e) => e.status === 404),
          other,
          1,
        ),
    );
    const missing = network.filter((e) => String(e.url).includes('/child-missing.json'));
    expect(missing.map((e) => e.frame_url).sort()).to.deep.equal([same, other].sort());
    for (const entry of missing) expect(entry.status).to.equal(404);
    // The top document's own entries carry no frame_url; the frames' loads are not the tab's page.
    const page = await agent.ok('observe', { what: 'tabs' });
    expect(page.tabs.find((t: { tab_id: number }) => t.tab_id === tabId).url).to.equal(site.url('/framed.html'));
    // Each frame's document was asked for once: the frame's uncaught error is in an inline script
    // that names no source map, so nothing reads the document again, nor does the top frame, whose
    // long frames name the child's document too (the child's long task: the fixture's site.ts).
    await new Promise((done) => setTimeout(done, 300));
    expect(site.requests.filter((r) => r === '/child.html')).to.have.length(1);
    expect(site.requests.filter((r) => r === '/child.html?other')).to.have.length(1);
  });

  it('audit runs axe-core: violations with impact, help and elements by ref; rules narrows it; each is logged (docs/extension.md)', async function () {
    const { agent, site, tabId } = session;
    await agent.interact('navigate', { tab_id: tabId, url: site.url('/a11y.html') });
    const { cursor } = await agent.ok('observe', { what: 'logs', tab_id: tabId, limit: 1 });
    const all = await agent.interact('audit', { tab_id: tabId });
    expect(all.status, JSON.stringify(all).slice(0, 500)).to.equal('complete');
    const rules = all.result.data.violations.map((v: { rule: string }) => v.rule);
    expect(rules).to.include.members(['image-alt', 'button-name']);
    const image = all.result.data.violations.find((v: { rule: string }) => v.rule === 'image-alt');
    expect(image).to.include({ impact: 'critical', count: 1 });
    expect(image.nodes).to.have.length(1);
    expect(image.nodes[0].selector).to.equal('#logo');
    // The ref is the element's: a snapshot names the same element with it.
    const { snapshot } = (await agent.interact('snapshot', { tab_id: tabId })).result.data;
    expect(snapshot).to.contain(`[ref=${image.nodes[0].ref}]`);
    const narrowed = await agent.interact('audit', { tab_id: tabId, rules: ['button-name'] });
    expect(narrowed.result.data.violations.map((v: { rule: string }) => v.rule)).to.deep.equal(['button-name']);
    // Each violation is a warn log entry from the audit (and an accessibility_violation stream event).
    const logs = await agent.ok('observe', { what: 'logs', tab_id: tabId, after_cursor: cursor, detail: 'full' });
    const audited = entriesOf(logs).filter((e: { source: string }) => e.source === 'audit');
    expect(audited.length).to.equal(rules.length + 1);
    expect(audited.map((e: { message: string }) => e.message)).to.include(
      'accessibility: Images must have alternative text (image-alt, critical; 1 element)',
    );
  });
});
