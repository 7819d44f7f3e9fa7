import type { PickWire } from '../shared/pick.js';
import type { PickPort, Pointing } from './Pointing.js';
import { POINTING } from './Pointing.js';
import type { TabScope } from './TabScope.js';

/** The manifest's `commands` entry for pointing (its shortcut: Alt+Shift+K unless the person changed it). */
export const POINT_COMMAND = 'point';
/** The context menu item. */
export const POINT_MENU = 'browsertap-point';
/** How long the action's badge says a tab cannot be pointed in (ms). */
const BADGE_MS = 3_000;

/**
 * Pointing the person starts: the keyboard shortcut, the context menu, the popup's
 * button. Only in a tracked tab (browsertap points where it captures); elsewhere the badge says
 * so for a moment. The same again while pointing stops it. A pick goes to the daemon (`send`),
 * where streaming agents are pushed it; Escape sends nothing.
 */
export class PersonPointing {
  constructor(
    private readonly scope: TabScope,
    private readonly pointing: Pointing,
    private readonly send: (pick: PickWire) => void,
  ) {}

  async command(command: string, tabId: number | undefined): Promise<void> {
    if (command === POINT_COMMAND) await this.start(tabId, 'shortcut');
  }

  async menu(item: string | number, tabId: number | undefined): Promise<void> {
    if (item === POINT_MENU) await this.start(tabId, 'menu');
  }

  installMenu(): void {
    chrome.contextMenus.create(
      {
        id: POINT_MENU,
        title: 'Point at an element for your agent',
        contexts: ['all'],
        documentUrlPatterns: ['http://*/*', 'https://*/*'],
      },
      () => void chrome.runtime.lastError, // already there (a reload of the extension)
    );
  }

  /**
   * Starts pointing in `tabId` for the person; stops it when one is already going on. Answers why
   * it cannot (an untracked tab), else undefined.
   */
  async start(tabId: number | undefined, via: 'shortcut' | 'menu' | 'popup'): Promise<string | undefined> {
    if (tabId === undefined) return 'no tab to point in';
    if (this.pointing.active(tabId) !== undefined) {
      this.pointing.cancel(tabId, `the person stopped pointing (${via})`);
      return undefined;
    }
    await this.scope.ready;
    const tab = await chrome.tabs.get(tabId).catch(() => undefined);
    if (tab === undefined || !/^https?:/.test(tab.url ?? '') || !this.scope.isTracked(tabId, tab.url)) {
      void this.badge(tabId);
      return 'This tab is not tracked: track it from the popup first (browsertap points only where it captures)';
    }
    this.pointing.point(tabId, { via, limitMs: POINTING.personLimitMs }).then(this.send, () => undefined);
    return undefined;
  }

  private async badge(tabId: number): Promise<void> {
    await chrome.action.setBadgeText({ tabId, text: 'off' }).catch(() => undefined);
    await chrome.action
      .setTitle({ tabId, title: 'browsertap: this tab is not tracked; track it to point' })
      .catch(() => undefined);
    setTimeout(() => {
      void chrome.action.setBadgeText({ tabId, text: '' }).catch(() => undefined);
      void chrome.action.setTitle({ tabId, title: 'browsertap' }).catch(() => undefined);
    }, BADGE_MS);
  }
}

/** A chrome.runtime.Port as Pointing holds it. */
export function pickPort(port: chrome.runtime.Port): PickPort {
  return {
    tabId: port.sender?.tab?.id,
    frameId: port.sender?.frameId,
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => port.onMessage.addListener(listener),
    onDisconnect: (listener) => port.onDisconnect.addListener(listener),
    disconnect: () => port.disconnect(),
  };
}
