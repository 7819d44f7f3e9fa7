import { expect } from 'chai';
import { createServer } from 'node:net';
import type { Page, Worker } from 'playwright-core';
import { readSourceMap, SOURCE_MESSAGE, type SourceAnswer } from '../../extension/src/relay/sources.js';
import {
  CHAIN_REASONS,
  type ChainComponent,
  COMPONENT_ANSWER,
  COMPONENT_FILE,
  COMPONENT_REQUEST,
  COMPONENT_SLOT,
  type ComponentChain,
} from '../../extension/src/shared/components.js';
import { componentsInSource } from '../../extension/src/worker/componentsInSource.js';
import { SourceMaps } from '../../extension/src/worker/SourceMaps.js';
import { launchPlaywright, tabIdOf } from './support/chromium.js';
import { buildApp, expectedChain, type FrameworkApp, serveApp, type Variant } from './support/frameworkApps.js';

type Browser = Awaited<ReturnType<typeof launchPlaywright>>;

/** A port nothing listens on: the extension runs without a daemon (the chain needs none). */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

// The component chain in real Chromium, in each framework's own dev and production builds: the
// extension's worker injects component-chain.js into the page's MAIN world as the pick does when
// pointing starts (nothing is there before), the isolated world asks it for the nested button's
// chain by its event, and the positions are put in source with the page's own maps, read by the
// tab's relay as stack frames' are (componentsInSource with SourceMaps, here in the test process).
describe('e2e: the component chain of a nested button, per framework', function () {
  this.timeout(120_000);
  let browser: Browser;
  let worker: Worker;

  before(async function () {
    browser = await launchPlaywright(await unusedPort());
    worker = browser.context.serviceWorkers()[0] ?? (await browser.context.waitForEvent('serviceworker', { timeout: 15_000 }));
    // tsx names the functions it transpiles with a `__name` helper; the functions this test has the
    // worker run are serialised without it (a string, so this one is not transpiled).
    await worker.evaluate('globalThis.__name ??= (fn) => fn');
  });

  after(async function () {
    await browser?.stop();
  });

  /** The app open in a tab of the browser, its nested button shown; its tab id. */
  async function open(app: FrameworkApp, variant: Variant): Promise<{ page: Page; tabId: number; close(): Promise<void> }> {
    const served = await serveApp(app, variant);
    const page = await browser.context.newPage();
    try {
      await page.goto(`${served.base}/`);
      await page.locator('[data-testid="nested"]').waitFor({ timeout: 30_000 });
      return {
        page,
        tabId: await tabIdOf(browser.context, page.url()),
        close: async () => {
          await page.close();
          await served.close();
        },
      };
    } catch (error) {
      await page.close();
      await served.close();
      throw error;
    }
  }

  /** Whether the reader is in the tab's MAIN world. */
  async function readerInPage(tabId: number): Promise<boolean> {
    return worker.evaluate(
      async ({ tabId, slot }) => {
        const [injection] = await chrome.scripting.executeScript({
          target: { tabId },
          world: 'MAIN',
          func: (name: string) => typeof (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(name)] === 'function',
          args: [slot],
        });
        return injection?.result === true;
      },
      { tabId, slot: COMPONENT_SLOT },
    );
  }

  /** Pointing starts: the worker injects the reader; the isolated world asks it for the button's chain. */
  async function chainOf(tabId: number, pageUrl: string): Promise<ComponentChain> {
    const answer = await worker.evaluate(
      async ({ tabId, file, request, reply }) => {
        await chrome.scripting.executeScript({ target: { tabId }, world: 'MAIN', files: [file], injectImmediately: true });
        const [asked] = await chrome.scripting.executeScript({
          target: { tabId },
          world: 'ISOLATED',
          // requestComponentChain's exchange (extension/src/component/request.ts), as the overlay makes it.
          func: (requestType: string, answerType: string) => {
            const button = document.querySelector('[data-testid="nested"]') as Element;
            let detail: unknown;
            // No named function in here: the test's transpiler would wrap it in `__name`, which the page lacks.
            document.addEventListener(answerType, (event) => (detail = (event as CustomEvent<unknown>).detail), { once: true });
            button.dispatchEvent(new CustomEvent(requestType, { bubbles: true, composed: true }));
            return detail;
          },
          args: [request, reply],
        });
        return asked?.result;
      },
      { tabId, file: COMPONENT_FILE, request: COMPONENT_REQUEST, reply: COMPONENT_ANSWER },
    );
    expect(answer, 'the MAIN world answered before dispatchEvent returned').to.be.a('string');
    const maps = new SourceMaps({
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
      read: async (tab, frameId, url) => {
        const read = (await worker.evaluate(
          ({ tab, frameId, url, type }) => chrome.tabs.sendMessage(tab, { type, url }, { frameId }),
          { tab, frameId, url, type: SOURCE_MESSAGE },
        )) as SourceAnswer;
        return 'elsewhere' in read ? readSourceMap(url, { home: read.home ?? [] }) : read;
      },
    });
    return componentsInSource(JSON.parse(answer as string), pageUrl, (url, line, column) =>
      maps.position(tabId, url, line, column),
    );
  }

  const apps: FrameworkApp[] = ['react19', 'react18', 'vue', 'svelte', 'angular'];
  for (const app of apps) {
    it(`${app} dev: names Card, Panel, App with the file and the line of the markup that rendered each`, async function () {
      const { page, tabId, close } = await open(app, 'dev');
      try {
        expect(await readerInPage(tabId), 'nothing is injected before pointing starts').to.equal(false);
        const chain = await chainOf(tabId, page.url());
        const where = chain.components.map(({ name, file, line, column, selector }: ChainComponent) => ({
          name,
          file,
          ...(line === undefined ? {} : { line }),
          ...(column === undefined ? {} : { column }),
          ...(selector === undefined ? {} : { selector }),
        }));
        expect(where, JSON.stringify(chain)).to.deep.equal(expectedChain(app));
        expect(chain.reason).to.equal(undefined);
        expect(new Set(chain.components.map((c) => c.framework))).to.deep.equal(new Set([app.replace(/\d+$/, '')]));
        if (app !== 'svelte') {
          expect(chain.components[0]?.props).to.include({ title: 'Order #42', count: 3, apiToken: '[REDACTED]' });
        }
        expect(JSON.stringify(chain)).to.not.include('sk_live_');
      } finally {
        await close();
      }
    });
  }

  for (const app of apps) {
    it(`${app} production build: no components, and the reason`, async function () {
      await buildApp(app, 'prod');
      const { page, tabId, close } = await open(app, 'prod');
      try {
        expect(await chainOf(tabId, page.url())).to.deep.equal({ components: [], reason: CHAIN_REASONS.production });
      } finally {
        await close();
      }
    });
  }
});
