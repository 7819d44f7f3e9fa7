import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { errorNeedle } from '../../src/domain/reproduction/errorNeedle.js';
import { entriesOf } from '../support/listEntries.js';
import { ERROR_WORDS } from '../support/errorWords.js';
import { listenLocal, type LocalServer } from '../support/servers.js';
import { launchPlaywright } from './support/chromium.js';
import { runPlaywrightTests } from './support/playwrightRun.js';
import { type Agent, eventually, openTrackedPage, startAgent } from './support/stack.js';

// A generated "reproduces" test looks for each recorded error in the words Playwright reports it
// (src/domain/reproduction/errorNeedle.ts). Here, in Chromium with the extension: the table of
// test/support/errorWords.ts holds for every class of error, and the test made for the most common
// one, a plain `throw new Error(…)` on a click, passes on the broken page and fails on the fixed one.

/** The page at `/`: a Save button whose handler throws (broken) or says it saved (fixed). */
const savePage = (fixed: boolean) => `<!doctype html><html><head><title>save</title></head><body>
<button id="save">Save</button><p id="out"></p>
<script>
document.getElementById('save').addEventListener('click', () => {
  ${fixed ? "document.getElementById('out').textContent = 'saved';" : "throw new Error('save failed');"}
});
</script></body></html>`;

async function serve(html: string): Promise<LocalServer & { url: string }> {
  const server = await listenLocal((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  return { ...server, url: `http://127.0.0.1:${server.port}/` };
}

const firstLine = (text: string) => text.split('\n', 1)[0] as string;

/** Console arguments as the table writes them: an Error's copy without its stack (positions vary). */
const withoutStacks = (args: unknown) =>
  Array.isArray(args)
    ? args.map((arg) => {
        if (typeof arg !== 'object' || arg === null || !('stack' in arg)) return arg;
        const { stack: _stack, ...rest } = arg as Record<string, unknown>;
        return rest;
      })
    : args;

describe('e2e: errors in Playwright’s words — the needle table, and the generated test of a plain Error', function () {
  this.timeout(180_000);
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let page: Page;
  let broken: LocalServer & { url: string };
  let fixed: LocalServer & { url: string };
  let tabId: number;

  before(async function () {
    broken = await serve(savePage(false));
    fixed = await serve(savePage(true));
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    tabId = await openTrackedPage(agent, page, broken.url);
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await broken?.close();
    await fixed?.close();
  });

  it('the reproduction of a click that throws new Error(…) passes on the broken page and fails on the fixed one; no_errors the opposite', async function () {
    await page.goto(broken.url);
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(
      async () => {
        const errors = entriesOf(await agent.ok('observe', { what: 'errors', tab_id: tabId }));
        const actions = entriesOf(await agent.ok('observe', { what: 'actions', tab_id: tabId, detail: 'full' }));
        return errors.some((entry) => /save failed/.test(entry.message)) && actions.some((entry) => entry.type === 'click');
      },
      15_000,
      'the click and its error never reached the daemon',
    );
    const text = async (args: Record<string, unknown>) => {
      const answer = await agent.call('observe', { what: 'reproduction', tab_id: tabId, ...args });
      const block = answer.raw.content[1];
      if (answer.isError || block?.type !== 'text') throw new Error(`no file: ${JSON.stringify(answer.raw)}`);
      return block.text;
    };
    const files = { 'reproduce.spec.ts': await text({}), 'regression.spec.ts': await text({ expect: 'no_errors' }) };
    expect(files['reproduce.spec.ts']).to.include(`expect.stringContaining('save failed')`);
    const onBroken = await runPlaywrightTests(files, broken.url);
    const onFixed = await runPlaywrightTests(files, fixed.url);
    console.log(`      playwright test: broken ${onBroken.ms} ms, fixed ${onFixed.ms} ms`);
    expect(onBroken.specs.get('reproduce.spec.ts'), onBroken.output).to.deep.equal({ ok: true });
    expect(onBroken.specs.get('regression.spec.ts')?.ok, onBroken.output).to.equal(false);
    expect(onFixed.specs.get('reproduce.spec.ts')?.ok, onFixed.output).to.equal(false);
    expect(onFixed.specs.get('regression.spec.ts'), onFixed.output).to.deep.equal({ ok: true });
  });

  it('every class of error reads in the capture and in Playwright as the table says, and its needle is in Playwright’s words', async function () {
    const heard: Array<{ event: 'pageerror' | 'console'; text: string }> = [];
    page.on('pageerror', (error) => heard.push({ event: 'pageerror', text: error.message }));
    page.on('console', (message) => {
      if (message.type() === 'error') heard.push({ event: 'console', text: message.text() });
    });
    let cursor = (await agent.ok('observe', { what: 'logs', limit: 1 })).cursor as string;
    const wrong: string[] = [];
    for (const row of ERROR_WORDS) {
      heard.length = 0;
      await page.evaluate(`setTimeout(() => { ${row.code} }, 0)`);
      let entries: any[] = [];
      await eventually(
        async () => {
          // What the capture has sent is kept across reads: it may arrive before Playwright hears
          // the page, and a read after the cursor moved past it would find nothing.
          const read = await agent.ok('observe', { what: 'logs', tab_id: tabId, after_cursor: cursor, detail: 'full' });
          entries.push(...entriesOf(read).filter((entry) => entry.level === 'error'));
          cursor = (read.cursor as string | undefined) ?? cursor;
          return entries.length > 0 && heard.length > 0;
        },
        10_000,
        () => `${row.kind}: captured ${JSON.stringify(entries)}, Playwright heard ${JSON.stringify(heard)}`,
      );
      const [entry] = entries;
      const measured = {
        recorded: {
          source: entry.source,
          message: firstLine(entry.message),
          ...(row.recorded.args === undefined ? {} : { args: withoutStacks(entry.args) }),
        },
        heard: heard.map((said) => ({ event: said.event, text: firstLine(said.text) })),
        entries: entries.length,
      };
      const expected = { recorded: row.recorded, heard: [row.playwright], entries: 1 };
      if (JSON.stringify(measured) !== JSON.stringify(expected)) {
        wrong.push(`${row.kind}: measured ${JSON.stringify(measured)}, the table says ${JSON.stringify(expected)}`);
      }
      const needle = errorNeedle({ source: entry.source, message: entry.message, args: entry.args });
      if (needle !== row.needle || !heard.every((said) => said.text.includes(needle))) {
        wrong.push(`${row.kind}: needle ${JSON.stringify(needle)} for ${JSON.stringify(heard)}`);
      }
    }
    expect(wrong, wrong.join('\n')).to.deep.equal([]);
  });
});
