import { CommandFailure } from '../../shared/commands.js';
import { loaded, navigation } from '../tabWaits.js';
import type { CommandTools, Done, FamilyHandlers } from './WorkerHandler.js';

/** Longest a page leaving is held for its dialog hooks to hear that browsertap acts (they answer in ms). */
const ORDER_WAIT_MS = 1_000;

/**
 * Moving a tab between pages, opening and closing tabs, through `chrome.tabs`: each leaves its
 * page with browsertap acting there (`leaving`), and a load waits for the new page and settles
 * as an action does (its own requests are no news).
 */
export const NAVIGATION: FamilyHandlers<'navigation'> = {
  navigate: async (tools) => {
    const url = String(tools.params.url);
    const tab = await tools.target(true);
    const id = tab.id as number;
    await tools.scope.track(id, url); // the agent works in this tab now: capture follows it
    return tools.withEffects(
      id,
      async () => done(await leaving(tools, id, () => navigation(id, () => chrome.tabs.update(id, { url }), tools.signal)), url),
      true,
    );
  },
  refresh: (tools) => move(tools, (id) => () => chrome.tabs.reload(id)),
  back: (tools) => move(tools, (id) => (tools.params.in_page === true ? inPage(id, -1) : () => chrome.tabs.goBack(id))),
  forward: (tools) => move(tools, (id) => (tools.params.in_page === true ? inPage(id, 1) : () => chrome.tabs.goForward(id))),
  new_tab: async (tools) => {
    const url = String(tools.params.url);
    await tools.scope.registerOrigin(url);
    const tab = await chrome.tabs.create({ url, active: true });
    const id = tab.id as number;
    await tools.enter(id); // the agent opened it to work in it
    await tools.scope.track(id, url);
    return tools.withEffects(id, async () => done(await loaded(id, tools.signal), url), true);
  },
  close_tab: async (tools) => {
    const tab = await tools.target(false);
    const id = tab.id as number;
    // A leave-site prompt the page raised on its own holds its tab: Chrome closes it after
    // ~1 s, and never while DevTools is attached to it; a discarded tab (Chrome gives it a new
    // id) goes at once (measured in Chromium 156).
    const close =
      tools.dialogs.said(id)?.type === 'beforeunload'
        ? async () => chrome.tabs.remove((await chrome.tabs.discard(id))?.id ?? id)
        : () => chrome.tabs.remove(id);
    await leaving(tools, id, close);
    tools.leftTab(); // gone: not where the next command should go
    return { success: true, data: { closed: tab.id, url: tab.url } };
  },
};

/** A move through the tab's history (or a reload), `start`ed for the tab's id. */
async function move(tools: CommandTools, start: (tabId: number) => () => Promise<unknown>): Promise<unknown> {
  const tab = await tools.target(false);
  const id = tab.id as number;
  try {
    return await tools.withEffects(
      id,
      async () => done(await leaving(tools, id, () => navigation(id, start(id), tools.signal))),
      true,
    );
  } catch (error) {
    if (error instanceof CommandFailure) throw error;
    throw new CommandFailure('no_history', `Cannot go ${tools.query.type} in tab ${id}: ${(error as Error).message}`);
  }
}

/**
 * A replay's move is the page's own history.go: the browser's Back skips entries a page pushed
 * without the person's activation, and a replay's clicks carry none.
 */
function inPage(tabId: number, delta: number): () => Promise<unknown> {
  return () => chrome.scripting.executeScript({ target: { tabId }, func: (by: number) => history.go(by), args: [delta] });
}

/**
 * Leaves the tab's page (navigate, refresh, back, forward, close_tab) with browsertap acting
 * there, so a `beforeunload` handler cannot hold the navigation behind Chrome's leave-site
 * prompt (page/hookDialogs.ts). A page without our capture is left as Chrome decides.
 */
async function leaving<T>(tools: CommandTools, tabId: number, leave: () => Promise<T>): Promise<T> {
  const told = tools.page.order(tabId, { acting: 'start', for_ms: Math.max(0, tools.deadline - Date.now()) });
  // A page sitting in its own dialog hears it once leaving has closed that dialog (before its
  // beforeunload: the message came first); a page that does not answer is not waited for long.
  if (tools.dialogs.said(tabId) === undefined)
    await Promise.race([told, new Promise((resolve) => setTimeout(resolve, ORDER_WAIT_MS))]);
  try {
    return await leave();
  } finally {
    void tools.page.order(tabId, { acting: 'end', for_ms: 0 });
  }
}

/**
 * A page load's result: the tab and its title; `url` unless it is the url asked for (a redirect
 * says where it went); `status` only while the tab is still loading.
 */
function done(tab: chrome.tabs.Tab, asked?: string): Done {
  const url = tab.url ?? tab.pendingUrl;
  return {
    success: true,
    data: {
      tab_id: tab.id,
      ...(url === asked ? {} : { url }),
      title: tab.title,
      ...(tab.status === 'complete' ? {} : { status: tab.status }),
    },
  };
}
