import type { BrowserCommands } from './BrowserCommands.js';
import { PAGES_KEY } from './daemonLink.js';
import type { Forwarder } from './Forwarder.js';
import type { OpenDialogs } from './OpenDialogs.js';
import { documentCommitted } from './PageScripts.js';
import type { RecordingState } from './RecordingState.js';
import type { TabScope } from './TabScope.js';

export interface TabEventParts {
  readonly scope: TabScope;
  readonly recording: RecordingState;
  readonly dialogs: OpenDialogs;
  readonly forwarder: Forwarder;
  readonly commands: BrowserCommands;
  readonly pages: Map<number, string>;
}

/**
 * What the worker follows of the browser's tabs: a tab gone (its page closed for the daemon), the
 * tab in front, a tab a page opened (the acting command's `effects.new_tabs`), a document the
 * scripts did not load in. Listens at the worker's start.
 */
export function followTabs({ scope, recording, dialogs, forwarder, commands, pages }: TabEventParts): void {
  const tabGone = (tabId: number) => {
    dialogs.forget(tabId);
    recording.forget(tabId);
    const url = pages.get(tabId);
    if (url !== undefined) {
      pages.delete(tabId);
      void chrome.storage.session.set({ [PAGES_KEY]: Object.fromEntries(pages) });
      forwarder.add('page', { tab_id: tabId, url, title: '', event: 'close' }, true);
    }
    void scope.forget(tabId);
  };
  chrome.tabs.onRemoved.addListener(tabGone);
  // A discarded tab comes back under a new id (close_tab discards a tab held by its leave-site prompt): the old id is gone.
  chrome.tabs.onReplaced.addListener((_added, removed) => tabGone(removed));

  chrome.tabs.onActivated.addListener(({ tabId }) => scope.noteActivated(tabId));

  // A tab a page opens is reported in the acting command's effects.new_tabs, never switched to (docs/mcp-tools.md).
  chrome.tabs.onCreated.addListener((tab) => {
    if (tab.id !== undefined) commands.effects.tabOpened(tab.openerTabId, tab.id, tab.pendingUrl ?? tab.url ?? '');
  });

  // A document of a tracked tab that the scripts did not load in (PageScripts): loaded now, and
  // its origin registered for its next load where it is the person's.
  chrome.webNavigation.onCommitted.addListener(
    (details) =>
      void scope.ready
        .then(() =>
          documentCommitted(details, scope, async (tabId) => (await chrome.tabs.get(tabId).catch(() => undefined))?.url),
        )
        .catch(() => undefined),
    { url: [{ schemes: ['http', 'https'] }] },
  );
}
