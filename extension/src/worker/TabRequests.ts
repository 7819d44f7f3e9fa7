/** Requests remembered per watched tab, at most (a page that opens thousands and never ends them stays bounded). */
const MAX_OPEN_PER_TAB = 1_000;

/** One action's view of its tab's requests. */
export interface RequestWatch {
  /** Requests of the tab started at or after the watch began that have not ended. */
  open(): number;
  /** How many different requests `open()` has counted so far (what a settle waited for). */
  seen(): number;
  /** Ends the watch; the tab's requests are forgotten when no watch is left. */
  stop(): void;
}

/**
 * The fetch and XHR requests of the tabs an action is settling in, as the browser's network layer
 * reports them (`webRequest`, observational). The page's own count can be answered, blocked or
 * watched by the page (docs/security.md); this one cannot. Only watched tabs are recorded.
 */
export class TabRequests {
  private readonly watchers = new Map<number, number>();
  private readonly openByTab = new Map<number, Map<string, number>>();

  /** Starts counting the requests `tabId` opens from `since` (ms since the epoch) on. */
  watch(tabId: number, since: number): RequestWatch {
    this.watchers.set(tabId, (this.watchers.get(tabId) ?? 0) + 1);
    if (!this.openByTab.has(tabId)) this.openByTab.set(tabId, new Map());
    let stopped = false;
    const seen = new Set<string>();
    return {
      open: () => {
        let open = 0;
        for (const [id, started] of this.openByTab.get(tabId) ?? []) {
          if (started < since) continue;
          open++;
          if (seen.size < MAX_OPEN_PER_TAB) seen.add(id);
        }
        return open;
      },
      seen: () => seen.size,
      stop: () => {
        if (stopped) return;
        stopped = true;
        const left = (this.watchers.get(tabId) ?? 1) - 1;
        if (left > 0) this.watchers.set(tabId, left);
        else {
          this.watchers.delete(tabId);
          this.openByTab.delete(tabId);
        }
      },
    };
  }

  /** `webRequest.onBeforeRequest`: a request began (`at`: its time stamp, ms since the epoch). */
  started(tabId: number, requestId: string, at: number): void {
    const open = this.openByTab.get(tabId);
    if (open === undefined) return;
    open.set(requestId, at);
    if (open.size > MAX_OPEN_PER_TAB) open.delete(open.keys().next().value as string);
  }

  /** `onCompleted` / `onErrorOccurred`: the request ended, however. */
  ended(tabId: number, requestId: string): void {
    this.openByTab.get(tabId)?.delete(requestId);
  }
}
