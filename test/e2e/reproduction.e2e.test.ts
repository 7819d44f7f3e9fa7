import { expect } from 'chai';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { parseLocator } from '../../src/domain/reproduction/locatorExpression.js';
import { playwrightFile } from '../../src/domain/reproduction/playwrightFile.js';
import { entriesOf } from '../support/listEntries.js';
import { orderReproduction } from '../support/orderFlow.js';
import { launchPlaywright } from './support/chromium.js';
import { buildFixtureApp } from './support/fixtureApp.js';
import { runPlaywrightTests, type PlaywrightRun } from './support/playwrightRun.js';
import { startSite, type Site } from './support/site.js';
import { type Agent, observeUntil, openTrackedPage, startAgent } from './support/stack.js';

// docs/mcp-tools.md's proof, its last link: the Playwright file a reproduction becomes, run by
// @playwright/test against the planted-bug order page (test/e2e/fixtures/app/order.html), built
// buggy and fixed from the same source. "errors" must pass on the buggy build and fail on the
// fixed one (it reproduces the bug); "no_errors" the other way round (the regression test).

describe('e2e: a generated reproduction run by @playwright/test', function () {
  this.timeout(240_000);
  let buggy: Site;
  let fixed: Site;

  before(async function () {
    const [buggyApp, fixedApp] = [await buildFixtureApp(), await buildFixtureApp({ fixed: true })];
    buggy = await startSite(buggyApp);
    fixed = await startSite(fixedApp);
  });

  after(async function () {
    await buggy?.close();
    await fixed?.close();
  });

  describe('from the contract-shaped actions of the order flow', function () {
    const runs = new Map<string, PlaywrightRun>();

    before(async function () {
      // Recorded on the buggy build's server; the config's baseURL points each run at one build.
      const files = {
        'reproduce.spec.ts': playwrightFile(orderReproduction(buggy.url(''), 'errors')),
        'regression.spec.ts': playwrightFile(orderReproduction(buggy.url(''), 'no_errors')),
      };
      runs.set('buggy', await runPlaywrightTests(files, buggy.url('')));
      runs.set('fixed', await runPlaywrightTests(files, fixed.url('')));
      for (const [build, run] of runs) console.log(`      playwright test on the ${build} build: ${run.ms} ms`);
    });

    const result = (build: string, spec: string) => {
      const run = runs.get(build) as PlaywrightRun;
      const found = run.specs.get(spec);
      if (found === undefined) throw new Error(`no result for ${spec} on the ${build} build:\n${run.output}`);
      return found;
    };

    it('expect "errors" passes on the buggy build and fails on the fixed one, on the recorded error', function () {
      expect(result('buggy', 'reproduce.spec.ts'), 'on the buggy build').to.deep.equal({ ok: true });
      const onFixed = result('fixed', 'reproduce.spec.ts');
      expect(onFixed.ok, 'on the fixed build').to.equal(false);
      expect(onFixed.error).to.include("Cannot read properties of undefined (reading 'id')");
    });

    it('expect "no_errors" fails on the buggy build, naming the error, and passes on the fixed one', function () {
      const onBuggy = result('buggy', 'regression.spec.ts');
      expect(onBuggy.ok, 'on the buggy build').to.equal(false);
      expect(onBuggy.error).to.include('console errors and uncaught exceptions');
      expect(onBuggy.error).to.include("Cannot read properties of undefined (reading 'id')");
      expect(result('fixed', 'regression.spec.ts'), 'on the fixed build').to.deep.equal({ ok: true });
    });

    it('each generated test placed its order on each build (the click reached the API)', function () {
      expect(buggy.requests.filter((path) => path === '/api/orders')).to.have.length(2);
      expect(fixed.requests.filter((path) => path === '/api/orders')).to.have.length(2);
    });
  });
});

/** The calls of a recorded locator expression applied to `page` (the grammar reproduction reads). */
function resolve(page: Page, expression: string): Locator {
  const calls = parseLocator(expression);
  if (calls === undefined) throw new Error(`not a locator reproduction can read: ${expression}`);
  let target: any = page;
  for (const call of calls) target = target[call.method](...call.args);
  return target as Locator;
}

describe('e2e: docs/mcp-tools.md end to end — a person on the planted-bug page, then reproduction and replay', function () {
  this.timeout(300_000);
  const PASSWORD = 'hunter2-Secret-9071';
  let served: string;
  let fixedApp: string;
  let site: Site;
  let agent: Agent;
  let browser: Awaited<ReturnType<typeof launchPlaywright>>;
  let page: Page;
  let tabId: number;
  /** Every answer the agent got, as text: the password must be in none. */
  const answers: string[] = [];
  const ok = async (name: string, args: Record<string, unknown>) => {
    const answer = await agent.call(name, args);
    answers.push(...answer.raw.content.map((block) => (block.type === 'text' ? block.text : '')));
    if (answer.isError) throw new Error(`${name} ${JSON.stringify(args)} failed: ${JSON.stringify(answer.payload)}`);
    return answer;
  };

  before(async function () {
    const buggyApp = await buildFixtureApp();
    fixedApp = await buildFixtureApp({ fixed: true });
    // A copy the site serves: "the fix" is deployed later by copying the fixed build over it.
    served = mkdtempSync(join(tmpdir(), 'browsertap-served-'));
    cpSync(buggyApp, served, { recursive: true });
    site = await startSite(served);
    agent = await startAgent();
    browser = await launchPlaywright(agent.port);
    await agent.extensionConnected();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    tabId = await openTrackedPage(agent, page, site.url('/app/order.html'));
  });

  after(async function () {
    await browser?.stop();
    await agent?.stop();
    await site?.close();
    if (served !== undefined) rmSync(served, { recursive: true, force: true });
  });

  it('records the person’s flow in order, each locator naming exactly one element, the password nowhere', async function () {
    // Trusted input, as a person's: CDP Input events through Playwright's mouse and keyboard.
    await page.getByRole('heading', { name: 'Place an order' }).waitFor();
    await page.getByLabel('Full name').click();
    await page.keyboard.type('Ada Lovelace');
    await page.getByLabel('Password').click();
    await page.keyboard.type(PASSWORD);
    // selectOption sets the value from script (untrusted); a person opens it with the keyboard.
    await page.getByLabel('Plan').focus();
    await page.keyboard.press('ArrowDown');
    await page.getByLabel('I accept the terms').click();
    await page.getByRole('button', { name: 'Place order' }).click();

    const actions = await observeUntil(
      agent,
      { what: 'actions', tab_id: tabId, detail: 'full' },
      (entries) => entries.some((entry) => entry.type === 'click' && /Place order/.test(entry.locator ?? '')),
      15_000,
    );
    answers.push(JSON.stringify(actions));
    const kinds = actions.map((entry) => `${entry.type}${entry.type === 'fill' ? `:${entry.value}` : ''}`);
    const expected = ['navigate', 'fill:Ada Lovelace', 'fill:[redacted]', 'select', 'check', 'click'];
    let at = 0;
    for (const kind of kinds) if (kind === expected[at]) at++;
    expect(at, `recorded in order: ${kinds.join(', ')}`).to.equal(expected.length);
    expect(actions.length).to.be.at.least(6);
    for (const entry of actions.filter((action) => action.locator !== undefined)) {
      expect(await resolve(page, entry.locator).count(), `${entry.id} ${entry.locator}`).to.equal(1);
    }
    expect(actions.find((entry) => entry.type === 'select')?.value).to.equal('pro');
  });

  it('timeline around the error shows the click that caused the 500 and the error', async function () {
    const errors = await observeUntil(agent, { what: 'errors', tab_id: tabId, detail: 'full' }, (entries) =>
      entries.some((entry) => /reading 'id'/.test(entry.message)),
    );
    const error = errors.find((entry) => /reading 'id'/.test(entry.message));
    const failed = await observeUntil(agent, { what: 'network', tab_id: tabId, failed_only: true, detail: 'full' }, (entries) =>
      entries.some((entry) => entry.url.endsWith('/api/orders') && entry.status === 500),
    );
    const order = failed.find((entry) => entry.url.endsWith('/api/orders'));
    const story = (await ok('observe', { what: 'timeline', around: error.id })).payload;
    const click = entriesOf(story).find((row) => row.kind === 'action' && /click .*Place order/.test(row.what));
    expect(click, JSON.stringify(story)).to.not.equal(undefined);
    expect(click.caused).to.include.members([order.id, error.id]);
  });

  it('observe reproduction: the file passes on the buggy build and fails on the fixed one; no_errors the opposite', async function () {
    const reproduce = await ok('observe', { what: 'reproduction', tab_id: tabId });
    const regression = await ok('observe', { what: 'reproduction', tab_id: tabId, expect: 'no_errors' });
    const steps = await ok('observe', { what: 'reproduction', tab_id: tabId, format: 'steps' });
    expect(reproduce.payload).to.include({ expect: 'errors' });
    expect(reproduce.payload.actions).to.be.at.least(6);
    expect(Buffer.byteLength(textBlock(steps.raw, 1))).to.be.at.most(2_000);
    const files = { 'reproduce.spec.ts': textBlock(reproduce.raw, 1), 'regression.spec.ts': textBlock(regression.raw, 1) };
    const fixedSite = await startSite(fixedApp);
    try {
      const onBuggy = await runPlaywrightTests(files, site.url(''));
      const onFixed = await runPlaywrightTests(files, fixedSite.url(''));
      console.log(`      recorded flow, playwright test: buggy ${onBuggy.ms} ms, fixed ${onFixed.ms} ms`);
      expect(onBuggy.specs.get('reproduce.spec.ts'), onBuggy.output).to.deep.equal({ ok: true });
      expect(onBuggy.specs.get('regression.spec.ts')?.ok, onBuggy.output).to.equal(false);
      expect(onFixed.specs.get('reproduce.spec.ts')?.ok, onFixed.output).to.equal(false);
      expect(onFixed.specs.get('regression.spec.ts'), onFixed.output).to.deep.equal({ ok: true });
    } finally {
      await fixedSite.close();
    }
  });

  it('the password is in no answer and not in the daemon’s log', async function () {
    expect(answers.length).to.be.at.least(5);
    for (const answer of answers) expect(answer).not.to.include(PASSWORD);
    const log = join(agent.stateDir, 'daemon.log');
    expect(existsSync(log), 'the daemon writes its log').to.equal(true);
    expect(readFileSync(log, 'utf8')).not.to.include(PASSWORD);
  });

  it('interact replay: reproduced on the buggy build, not once the fix is deployed', async function () {
    const first = (await ok('observe', { what: 'reproduction', tab_id: tabId })).payload.from as string;
    // The password was never recorded: the replay is told it, as a developer would.
    const actions = entriesOf((await ok('observe', { what: 'actions', tab_id: tabId, detail: 'full' })).payload);
    const secret = actions.find((action) => action.type === 'fill' && action.value === '[redacted]');
    const values = { [secret.id]: PASSWORD };
    const buggy = await agent.interact('replay', { from: first, tab_id: tabId, values }, 15_000);
    answers.push(JSON.stringify(buggy));
    expect(replayed(buggy), JSON.stringify(buggy)).to.equal(true);
    cpSync(fixedApp, served, { recursive: true, force: true });
    const fixed = await agent.interact('replay', { from: first, tab_id: tabId, values }, 15_000);
    answers.push(JSON.stringify(fixed));
    expect(replayed(fixed), JSON.stringify(fixed)).to.equal(false);
    for (const answer of answers) expect(answer).not.to.include(PASSWORD);
  });
});

/** The text of content block `index` of a tool result. */
function textBlock(result: { content: Array<{ type: string; text?: string }> }, index: number): string {
  const block = result.content[index];
  if (block?.type !== 'text' || typeof block.text !== 'string')
    throw new Error(`no text block ${index}: ${JSON.stringify(result)}`);
  return block.text;
}

/** A replay's `reproduced`, wherever the final answer carries it. */
function replayed(answer: any): unknown {
  return answer?.result?.data?.reproduced ?? answer?.result?.reproduced ?? answer?.reproduced;
}
