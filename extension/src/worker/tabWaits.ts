import { CommandFailure } from '../shared/commands.js';

/** How long a navigation may take to start before it counts as same-document (hash, history API). */
const START_GRACE_MS = 500;

/** Resolves with the tab once it has finished loading (at once if it has), or rejects if it closes. */
export function loaded(tabId: number, signal: AbortSignal): Promise<chrome.tabs.Tab> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      chrome.tabs.onUpdated.removeListener(updated);
      chrome.tabs.onRemoved.removeListener(removed);
      signal.removeEventListener('abort', aborted);
      settle();
    };
    const updated = (id: number, change: chrome.tabs.OnUpdatedInfo, tab: chrome.tabs.Tab) => {
      if (id === tabId && change.status === 'complete') done(() => resolve(tab));
    };
    const removed = (id: number) => {
      if (id === tabId) done(() => reject(new CommandFailure('tab_closed', `Tab ${tabId} was closed`)));
    };
    const aborted = () => done(() => reject(new CommandFailure('aborted', 'The command ended')));
    chrome.tabs.onUpdated.addListener(updated);
    chrome.tabs.onRemoved.addListener(removed);
    signal.addEventListener('abort', aborted);
    chrome.tabs.get(tabId).then(
      (tab) => {
        if (tab.status === 'complete') done(() => resolve(tab));
      },
      () => done(() => reject(new CommandFailure('tab_not_found', `There is no tab ${tabId}`))),
    );
  });
}

/**
 * Starts a navigation with `start` and resolves with the tab when the new page has loaded. A
 * navigation that never starts loading within 500 ms (same-document) resolves once the tab is idle.
 */
export async function navigation(tabId: number, start: () => Promise<unknown>, signal: AbortSignal): Promise<chrome.tabs.Tab> {
  let sawLoading = false;
  let resolveLoading!: () => void;
  const loading = new Promise<void>((resolve) => (resolveLoading = resolve));
  const watch = (id: number, change: chrome.tabs.OnUpdatedInfo) => {
    if (id === tabId && change.status === 'loading') {
      sawLoading = true;
      resolveLoading();
    }
  };
  chrome.tabs.onUpdated.addListener(watch);
  try {
    await start();
    await Promise.race([loading, new Promise((resolve) => setTimeout(resolve, START_GRACE_MS))]);
  } finally {
    chrome.tabs.onUpdated.removeListener(watch);
  }
  if (!sawLoading) return chrome.tabs.get(tabId);
  return loaded(tabId, signal);
}
