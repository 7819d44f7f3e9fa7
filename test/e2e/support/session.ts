import type { Page } from 'playwright-core';
import { launchPlaywright, MAP_NOT_DEV } from './chromium.js';
import { startSite, type Site } from './site.js';
import { type Agent, openTrackedPage, startAgent } from './stack.js';

export interface PageSession {
  readonly site: Site;
  readonly agent: Agent;
  readonly browser: Awaited<ReturnType<typeof launchPlaywright>>;
  /** The first tab, showing `path` of the site. */
  readonly page: Page;
  readonly tabId: number;
  stop(): Promise<void>;
}

/**
 * The whole stack for a suite driven through Playwright: the site, the agent (bridge + daemon),
 * Chromium with the extension (and `notdev.example` mapped to the site), and `path` open in a
 * tracked tab (`appDir`: a built fixture app the site serves too). `stop()` ends all of it; a failed
 * start stops what it had started.
 */
export async function startPageSession(path: string, appDir?: string): Promise<PageSession> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const end of stops.reverse()) await end().catch(() => undefined);
  };
  try {
    const site = await startSite(appDir);
    stops.push(() => site.close());
    const agent = await startAgent();
    stops.push(() => agent.stop());
    const browser = await launchPlaywright(agent.port, [MAP_NOT_DEV]);
    stops.push(() => browser.stop());
    await agent.extensionConnected();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const tabId = await openTrackedPage(agent, page, site.url(path));
    return { site, agent, browser, page, tabId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
