import { readSourceMap, SOURCE_MESSAGE, type SourceAnswer } from '../relay/sources.js';
import { DRAIN_MESSAGE } from '../shared/protocol.js';
import type { Violation } from './actions/WorkerHandler.js';
import { forwardBatch, parseBatch } from './capture.js';
import { PAGES_KEY, timers } from './daemonLink.js';
import type { EffectsRecorder } from './Effects.js';
import type { Forwarder } from './Forwarder.js';
import { fillStatuses, LoadStatuses } from './LoadStatuses.js';
import { scriptsInSource } from './scriptsInSource.js';
import { SourceMaps } from './SourceMaps.js';
import type { TabScope } from './TabScope.js';

/** Longest a command's result waits for its page's captured entries to reach the daemon (ms). */
const DRAIN_MS = 500;

/**
 * What tracked tabs capture, on its way to the daemon (docs/extension.md): each frame's batch,
 * its stacks and scripts put in source (maps read by the tab's relay, parsed here), failed loads
 * given their real status from the network layer, the tab's page url remembered; in order, and
 * drained before a command's result (read after act).
 */
export class CaptureIntake {
  /** Stacks in source (docs/extension.md): maps read by the tab's relay, parsed and applied here. */
  readonly sourceMaps = new SourceMaps({
    ...timers,
    read: async (tabId, frameId, url) => {
      const answer = ((await chrome.tabs
        .sendMessage(tabId, { type: SOURCE_MESSAGE, url }, { frameId })
        .catch(() => undefined)) as SourceAnswer | undefined) ?? { none: 'the page did not answer' };
      // Another origin's script or map: read here, with cookies only to the page's own host (docs/security.md).
      return 'elsewhere' in answer ? readSourceMap(url, { home: answer.home ?? [] }) : answer;
    },
  });
  /** Real statuses of failed loads the page cannot see (docs/extension.md), from the network layer. */
  private readonly statuses = new LoadStatuses({ ...timers, now: () => Date.now() });
  /** Batches wait here for their stacks to be mapped, and leave in the order they came. */
  private capturing: Promise<void> = Promise.resolve();

  constructor(
    private readonly scope: TabScope,
    private readonly pages: Map<number, string>,
    private readonly forwarder: Forwarder,
    private readonly effects: () => EffectsRecorder,
  ) {}

  /** Listens to the network layer for the failed loads of tracked tabs (registered at the worker's start). */
  listen(): void {
    /** The tab's page (its top document: `documentUrl` of a top-frame request, else the last page seen). */
    const tracked = (details: chrome.webRequest.WebRequestDetails) =>
      details.tabId >= 0 &&
      this.scope.isTracked(
        details.tabId,
        details.frameId === 0
          ? ((details as { documentUrl?: string }).documentUrl ?? this.pages.get(details.tabId))
          : this.pages.get(details.tabId),
      );
    chrome.webRequest.onHeadersReceived.addListener(
      (details) => {
        if (details.statusCode >= 400 && details.type !== 'xmlhttprequest' && tracked(details)) {
          this.statuses.record(details.tabId, details.url, { status: details.statusCode });
        }
      },
      { urls: ['http://*/*', 'https://*/*'] },
    );
    chrome.webRequest.onErrorOccurred.addListener(
      (details) => {
        if (details.type !== 'xmlhttprequest' && tracked(details)) {
          this.statuses.record(details.tabId, details.url, { status: 0, error: details.error });
        }
      },
      { urls: ['http://*/*', 'https://*/*'] },
    );
  }

  /**
   * A frame's `capture` message (its JSON batch, as the page wrote it): `frameUrl` for a child
   * frame, `pageUrl` the url the tab is tracked by (the frame's own for the top frame).
   */
  take(json: unknown, tabId: number, frameId: number, frameUrl: string | undefined, pageUrl: string | undefined): void {
    void this.scope.ready.then(() => {
      if (!this.scope.isTracked(tabId, pageUrl)) return; // docs/extension.md: untracked tabs send nothing
      const batch = parseBatch(json);
      const mapped = Promise.all([
        this.inSource(batch, tabId, frameId),
        scriptsInSource(batch, (url, char) => this.sourceMaps.locate(tabId, url, char, frameId)),
        fillStatuses(batch, tabId, this.statuses),
      ]).catch(() => undefined);
      this.capturing = this.capturing.then(async () => {
        await mapped;
        const before = this.pages.get(tabId);
        forwardBatch(batch, tabId, this.forwarder, this.pages, (kind, entry) => this.effects().see(tabId, kind, entry), frameUrl);
        if (this.pages.get(tabId) !== before) void chrome.storage.session.set({ [PAGES_KEY]: Object.fromEntries(this.pages) });
      });
    });
  }

  /**
   * Read after act (docs/mcp-tools.md): before a command's result is posted, the top frame's relay hands over
   * everything the page captured until now, and the forwarder delivers it. Bounded: a page or a
   * daemon that does not answer delays the result by at most DRAIN_MS.
   */
  async drain(tabId: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_MS)));
    const drained = (async () => {
      await chrome.tabs.sendMessage(tabId, { type: DRAIN_MESSAGE }, { frameId: 0 }).catch(() => undefined);
      await this.capturing; // the batches whose stacks are being put in source
      await this.forwarder.drain();
    })();
    await Promise.race([drained, limit]);
    clearTimeout(timer);
  }

  /** Each captured entry's stack in source positions; the raw one is kept as `raw_stack`. */
  private async inSource(batch: unknown, tabId: number, frameId: number): Promise<void> {
    const logs = (batch as { logs?: unknown } | undefined)?.logs;
    if (!Array.isArray(logs)) return;
    await Promise.all(
      logs.slice(0, 500).map(async (entry: Record<string, unknown> | null) => {
        if (entry === null || typeof entry !== 'object' || typeof entry.stack !== 'string') return;
        const mapped = await this.sourceMaps.map(tabId, entry.stack, frameId);
        if (mapped === undefined) return;
        entry.raw_stack = entry.stack;
        entry.stack = mapped;
      }),
    );
  }
}

/** One accessibility violation as a log entry (source `audit`: only the worker writes those). */
export function auditEntry(tabId: number, url: string, violation: Violation): object {
  return {
    level: 'warn',
    message: `accessibility: ${violation.help} (${violation.rule}, ${violation.impact}; ${violation.count} element${violation.count === 1 ? '' : 's'})`,
    args: [{ accessibility_violation: violation }],
    source: 'audit',
    url,
    ts: Date.now(),
    tab_id: tabId,
  };
}
