import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { APP_SOURCE, buildFixtureApp } from './support/fixtureApp.js';
import { type PageSession, startPageSession } from './support/session.js';
import { eventually } from './support/stack.js';

/** Where `handleAddToCart` is declared in src/slow.ts: `src/slow.ts:<line>:<column of its name>`. */
function handlerPosition(): string {
  const lines = readFileSync(join(APP_SOURCE, 'src', 'slow.ts'), 'utf8').split('\n');
  const line = lines.findIndex((text) => text.includes('function handleAddToCart'));
  return `src/slow.ts:${line + 1}:${(lines[line] as string).indexOf('handleAddToCart') + 1}`;
}

// docs/mcp-tools.md: a shop page built by Vite with source maps, with a planted 300 ms click handler
// (src/slow.ts), a lazy-loaded LCP image, a stylesheet that holds the first render for 800 ms and a
// banner that pushes the page down 1.2 s after load. A person clicks (Playwright's trusted mouse);
// observe performance names each cause in source.
describe('e2e: observe performance names where the time goes, in source', function () {
  this.timeout(90_000);
  let session: PageSession;
  let url: string;

  before(async function () {
    const appDir = await buildFixtureApp();
    session = await startPageSession('/second.html', appDir);
    url = session.site.url('/app/perf.html');
    await session.page.goto(url);
    // The banner has pushed the page down and the lazy image has painted: the person clicks after.
    await session.page.waitForFunction(
      "document.getElementById('promo') !== null && document.getElementById('hero').complete",
      undefined,
      { timeout: 10_000 },
    );
  });

  after(async function () {
    await session?.stop();
  });

  it('names the slow click handler in source, the lazy LCP image, the render-blocking stylesheet and what moved', async function () {
    const { agent, page, tabId } = session;
    const button = await page.locator('#add-to-cart').boundingBox();
    expect(button, 'the button is in the window').not.to.equal(null);
    await page.mouse.click(button!.x + button!.width / 2, button!.y + button!.height / 2);
    let answer: any;
    let text = '';
    await eventually(
      async () => {
        const raw = await agent.call('observe', { what: 'performance', tab_id: tabId });
        answer = raw.payload;
        text = (raw.raw.content[0] as { text: string }).text;
        const report = answer.pages?.[0];
        return report?.vitals?.INP?.scripts?.[0]?.at !== undefined && report?.long_frames !== undefined;
      },
      20_000,
      () => `observe performance never named the click's script: ${text}`,
    );
    const report = answer.pages[0];
    const summary = text;
    expect(Buffer.byteLength(text, 'utf8'), summary).to.be.at.most(3_000);
    expect(report.url, summary).to.equal(url);

    // INP: the button, as a test finds it, and the handler where it is written.
    const inp = report.vitals.INP;
    expect(inp.value, summary).to.be.at.least(250);
    expect(inp.target, summary).to.match(/#add-to-cart$/);
    expect(inp.locator, summary).to.equal("getByRole('button', { name: 'Add to cart' })");
    expect(inp.interaction, summary).to.equal('pointer');
    expect(inp.processing_ms, summary).to.be.at.least(250);
    expect(inp.scripts[0], summary).to.include({ function: 'handleAddToCart', at: handlerPosition() });
    expect(inp.scripts[0].ms, summary).to.be.at.least(250);
    expect(inp.scripts[0].invoker, summary).to.match(/add-to-cart/);

    // LCP: the lazy image, which waited for the stylesheet's layout before it was asked for.
    const lcp = report.vitals.LCP;
    expect(lcp.target, summary).to.match(/#hero$/);
    expect(lcp.lazy, summary).to.equal(true);
    expect(lcp.url, summary).to.equal('/noise.png?hero');
    expect(lcp.load_delay_ms, summary).to.be.at.least(500);

    // The stylesheet held the first render.
    expect(
      report.requests.render_blocking.map((r: { url: string }) => r.url),
      summary,
    ).to.include('/slow-theme.css');
    const css = report.requests.render_blocking.find((r: { url: string }) => r.url === '/slow-theme.css');
    expect(css.duration_ms, summary).to.be.at.least(700);
    expect(report.requests.by_type.stylesheet.count, summary).to.be.at.least(1);

    // CLS: the banner pushed the shop down.
    const cls = report.vitals.CLS;
    expect(cls.value, summary).to.be.above(0);
    expect([cls.target, ...(cls.moved ?? [])].join(' '), summary).to.match(/#product|#hero/);
    expect(
      report.hints.some((h: string) => /^layout shift [\d.]+ at \d+ ms: .*(#product|#hero).* moved$/.test(h)),
      summary,
    ).to.equal(true);

    // The click's long frame, with the same script in source.
    const frame = report.long_frames.longest.find((f: any) => f.scripts.some((s: any) => s.function === 'handleAddToCart'));
    expect(frame, summary).not.to.equal(undefined);
    expect(frame.scripts[0].at, summary).to.equal(handlerPosition());

    // Hints name the handler and the lazy LCP image.
    expect(
      report.hints.some((h: string) => h.includes(`handleAddToCart at ${handlerPosition()}`)),
      summary,
    ).to.equal(true);
    expect(
      report.hints.some((h: string) => /^LCP image waited \d+ ms before loading: it is lazy-loaded/.test(h)),
      summary,
    ).to.equal(true);
    expect(
      report.hints.some((h: string) => h.includes('/slow-theme.css')),
      summary,
    ).to.equal(true);
  });

  it('answers for a page with no interaction and no long frames with what is known, and no hints', async function () {
    const { agent, page, tabId, site } = session;
    const plain = site.url('/second.html?quiet');
    await page.goto(plain);
    let report: any;
    await eventually(
      async () => {
        report = (await agent.ok('observe', { what: 'performance', tab_id: tabId, url: '?quiet' })).pages?.[0];
        return report?.vitals?.LCP !== undefined && report?.requests !== undefined;
      },
      10_000,
      () => `no answer for the quiet page: ${JSON.stringify(report)}`,
    );
    expect(report.url).to.equal(plain);
    expect(report.vitals.INP).to.equal(undefined);
    expect(report.hints).to.deep.equal([]);
  });
});
