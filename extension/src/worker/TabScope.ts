import { isDevelopmentUrl } from '../shared/devOrigins.js';
import { CommandFailure } from '../shared/commands.js';
import { originPattern, pageScripts, TRACKED_PREFIX } from './PageScripts.js';

const SESSION_KEY = 'trackedTabs';

/** Pages with nothing of the user's in them, which an agent may navigate away from. */
export function isBlankUrl(url: string | undefined): boolean {
  return (
    url === undefined ||
    url === '' ||
    url === 'about:blank' ||
    /^chrome:\/\/(newtab|new-tab-page)\/?$/.test(url) ||
    url.startsWith('chrome-search://')
  );
}

/**
 * docs/extension.md tab scope. A tab is tracked while its page is on a development origin, or when the user
 * tracked it from the popup (or the agent opened or navigated it): such tabs are kept in session
 * storage, and capture is registered for their origins so it starts at `document_start` on the
 * next load. Data from any other tab is dropped; commands only act on tracked (or blank) tabs.
 */
export class TabScope {
  private readonly explicit = new Set<number>();
  private readonly recent: number[] = [];
  readonly ready: Promise<void>;

  constructor() {
    this.ready = this.load();
  }

  private async load(): Promise<void> {
    const stored = (await chrome.storage.session.get(SESSION_KEY))[SESSION_KEY] as number[] | undefined;
    for (const id of stored ?? []) this.explicit.add(id);
  }

  isTracked(tabId: number, url: string | undefined): boolean {
    return this.explicit.has(tabId) || (url !== undefined && isDevelopmentUrl(url));
  }

  isExplicit(tabId: number): boolean {
    return this.explicit.has(tabId);
  }

  /** Tracks a tab (popup, or the agent's new_tab/navigate) and registers capture for `url`'s origin. */
  async track(tabId: number, url: string | undefined): Promise<void> {
    await this.ready;
    this.explicit.add(tabId);
    await this.save();
    if (url !== undefined) await this.registerOrigin(url);
  }

  async untrack(tabId: number): Promise<void> {
    await this.ready;
    if (!this.explicit.delete(tabId)) return;
    await this.save();
    await this.pruneOrigins();
  }

  /** Called on tabs.onRemoved. */
  async forget(tabId: number): Promise<void> {
    const index = this.recent.indexOf(tabId);
    if (index >= 0) this.recent.splice(index, 1);
    await this.untrack(tabId);
  }

  noteActivated(tabId: number): void {
    const index = this.recent.indexOf(tabId);
    if (index >= 0) this.recent.splice(index, 1);
    this.recent.push(tabId);
    if (this.recent.length > 50) this.recent.shift();
  }

  /** Every tracked tab now open. */
  async trackedTabs(): Promise<chrome.tabs.Tab[]> {
    await this.ready;
    const tabs = await chrome.tabs.query({});
    return tabs.filter((tab) => tab.id !== undefined && this.isTracked(tab.id, tab.url));
  }

  /**
   * Every tracked tab now open, the one the person used last at the end: the order in which a
   * daemon that (re)started is told of them, so the page it takes as current is theirs.
   */
  async trackedByRecency(): Promise<chrome.tabs.Tab[]> {
    const tracked = await this.trackedTabs();
    const rank = (tab: chrome.tabs.Tab) => this.recent.indexOf(tab.id as number);
    return tracked.sort((a, b) => rank(a) - rank(b));
  }

  /**
   * The tab a command acts on: the one named, which must be tracked (or blank, for navigation);
   * else `preferred` (the tab the agent last acted on) while it is open and tracked; else the
   * active tab of the focused window if tracked, else the tracked tab used last.
   */
  async target(tabId: number | undefined, allowBlank: boolean, preferred?: number): Promise<chrome.tabs.Tab> {
    await this.ready;
    if (tabId === undefined && preferred !== undefined) {
      const tab = await chrome.tabs.get(preferred).catch(() => undefined);
      if (tab?.id !== undefined && (this.isTracked(tab.id, tab.url) || (allowBlank && isBlankUrl(tab.url ?? tab.pendingUrl))))
        return tab;
    }
    if (tabId !== undefined) {
      let tab: chrome.tabs.Tab;
      try {
        tab = await chrome.tabs.get(tabId);
      } catch {
        throw new CommandFailure('tab_not_found', `There is no tab ${tabId}; observe {what:"tabs"} lists the tracked tabs`);
      }
      if (this.isTracked(tabId, tab.url) || (allowBlank && isBlankUrl(tab.url ?? tab.pendingUrl))) return tab;
      throw new CommandFailure(
        'tab_not_tracked',
        `Tab ${tabId} (${tab.url ?? 'unknown page'}) is not tracked: browsertap acts only on development origins and tabs the user tracks from the extension popup`,
      );
    }
    const [active] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    if (
      active?.id !== undefined &&
      (this.isTracked(active.id, active.url) || (allowBlank && isBlankUrl(active.url ?? active.pendingUrl)))
    )
      return active;
    const tracked = await this.trackedTabs();
    for (const id of [...this.recent].reverse()) {
      const tab = tracked.find((candidate) => candidate.id === id);
      if (tab !== undefined) return tab;
    }
    const last = tracked.at(-1);
    if (last !== undefined) return last;
    throw new CommandFailure(
      'no_tracked_tab',
      'No tracked tab to act on: open a development page (localhost, 127.0.0.1, *.test, …), track a tab from the browsertap popup, or use interact new_tab',
    );
  }

  private async save(): Promise<void> {
    await chrome.storage.session.set({ [SESSION_KEY]: [...this.explicit] });
  }

  /** Capture from `document_start` for an origin that is not a development one (PageScripts). */
  async registerOrigin(url: string): Promise<void> {
    if (!isDevelopmentUrl(url)) await pageScripts.register(url);
  }

  /** Unregisters origins no explicitly tracked tab is on any more. */
  private async pruneOrigins(): Promise<void> {
    const registered = await chrome.scripting.getRegisteredContentScripts();
    const wanted = new Set<string>();
    for (const id of this.explicit) {
      const tab = await chrome.tabs.get(id).catch(() => undefined);
      const pattern = tab?.url === undefined ? undefined : originPattern(tab.url);
      if (pattern !== undefined) wanted.add(pattern);
    }
    const stale = registered.filter(
      (script) => script.id.startsWith(TRACKED_PREFIX) && !(script.matches ?? []).some((m) => wanted.has(m)),
    );
    if (stale.length > 0) await chrome.scripting.unregisterContentScripts({ ids: stale.map((script) => script.id) });
  }
}
