import { clip, firstLine, topFrame } from '../../../src/domain/capture/compact.js';
import type { WaitedFor } from './Settling.js';

/** Items each list of `effects` shows; the rest are counted (docs/mcp-tools.md). */
export const MAX_EFFECTS = 10;

export interface EffectRequest {
  method: string;
  url: string;
  status: number;
  duration_ms: number;
}

/** An error the action caused; `count` when the same one (message and `at`) came again. */
export interface EffectError {
  message: string;
  at?: string;
  count?: number;
}

/**
 * What an action caused (docs/mcp-tools.md), saying only what happened: a list is left out when empty, and
 * an action that loads a page (navigate, refresh, back, forward, new_tab) lists only the requests
 * that failed, and says `settled`/`settle_ms` only when its page did not settle. An action that
 * caused nothing to report has no `effects` at all.
 */
export interface Effects {
  requests?: EffectRequest[];
  errors?: EffectError[];
  dialogs?: Array<{ type: string; message: string; answer: string }>;
  new_tabs?: Array<{ tab_id: number; url: string }>;
  navigated_to?: string;
  popup_blocked?: { url: string };
  settled?: boolean;
  settle_ms?: number;
  /** The action's short timers and requests the settle found open and waited for; left out when none. */
  waited_for?: WaitedFor;
  /** How many of each list were left out past MAX_EFFECTS. */
  more?: Partial<Record<'requests' | 'errors' | 'dialogs' | 'new_tabs', number>>;
}

type Entry = Record<string, unknown>;

/**
 * What an action caused, watched from the worker while it runs and settles (docs/mcp-tools.md): the
 * requests and errors its tab's capture forwards, the dialogs browsertap answered there (the
 * dialog hooks log them), a `window.open` the browser blocked, and the tabs the page opened.
 */
export class Recording {
  readonly requests: EffectRequest[] = [];
  /** The requests that failed (status 0 or ≥ 400): all a page load lists. */
  readonly failed: EffectRequest[] = [];
  readonly errors: EffectError[] = [];
  readonly dialogs: Array<{ type: string; message: string; answer: string }> = [];
  readonly newTabs: Array<{ tab_id: number; url: string }> = [];
  popupBlocked?: string;
  private readonly counts = { requests: 0, failed: 0, errors: 0, dialogs: 0, new_tabs: 0 };

  constructor(readonly tabId: number) {}

  see(kind: string, entry: Entry): void {
    if (kind === 'network') {
      const request = {
        method: String(entry.method ?? 'GET'),
        url: clip(String(entry.url ?? ''), 300),
        status: typeof entry.status === 'number' ? entry.status : 0,
        duration_ms: typeof entry.duration_ms === 'number' ? Math.round(entry.duration_ms) : 0,
      };
      this.keep('requests', this.requests, request);
      if (request.status === 0 || request.status >= 400) this.keep('failed', this.failed, request);
      return;
    }
    if (kind !== 'logs') return;
    const first = Array.isArray(entry.args) ? (entry.args[0] as Entry | undefined) : undefined;
    if (typeof first?.dialog === 'string') {
      this.keep('dialogs', this.dialogs, {
        type: first.dialog,
        message: clip(String(first.message ?? '')),
        answer: String(first.answer ?? ''),
      });
    } else if (typeof first?.popup_blocked === 'string') {
      this.popupBlocked ??= first.popup_blocked;
    } else if (entry.level === 'error') {
      const at = topFrame(typeof entry.stack === 'string' ? entry.stack : undefined, String(entry.url ?? ''));
      const message = clip(firstLine(String(entry.message ?? '')));
      // The same error again (a handler that fails each time) is one item with a count, as lists fold them.
      const same = this.errors.find((error) => error.message === message && error.at === at);
      if (same !== undefined) same.count = (same.count ?? 1) + 1;
      else this.keep('errors', this.errors, { message, ...(at === undefined ? {} : { at }) });
    }
  }

  tabOpened(tabId: number, url: string): void {
    this.keep('new_tabs', this.newTabs, { tab_id: tabId, url: clip(url, 300) });
  }

  /** A tab's url is often not known yet when it is created: asked again when the action ends. */
  async resolveUrls(urlOf: (tabId: number) => Promise<string | undefined>): Promise<void> {
    for (const tab of this.newTabs) if (tab.url === '') tab.url = clip((await urlOf(tab.tab_id)) ?? '', 300);
  }

  private keep<T>(name: keyof Recording['counts'], list: T[], item: T): void {
    this.counts[name]++;
    if (list.length < MAX_EFFECTS) list.push(item);
  }

  /**
   * What to report. `load`: the action loaded a page that is now at `load.url` (navigate and the
   * like): only failed requests are listed, `navigated_to` only when the page moved on from that
   * url, and the settle only when it did not settle.
   */
  effects(
    settle: { settled: boolean; settle_ms: number; navigated_to?: string; waited_for?: WaitedFor },
    load?: { readonly url?: string },
  ): Effects {
    const requests = load === undefined ? this.requests : this.failed;
    const shown = { ...this.counts, requests: load === undefined ? this.counts.requests : this.counts.failed };
    const more = Object.fromEntries(
      Object.entries(shown)
        .filter(([name, count]) => name !== 'failed' && count > MAX_EFFECTS)
        .map(([name, count]) => [name, count - MAX_EFFECTS]),
    );
    const moved = settle.navigated_to !== undefined && settle.navigated_to !== load?.url;
    return {
      ...(requests.length === 0 ? {} : { requests }),
      ...(this.errors.length === 0 ? {} : { errors: this.errors }),
      ...(this.dialogs.length === 0 ? {} : { dialogs: this.dialogs }),
      ...(this.newTabs.length === 0 ? {} : { new_tabs: this.newTabs }),
      ...(moved ? { navigated_to: settle.navigated_to } : {}),
      ...(this.popupBlocked === undefined ? {} : { popup_blocked: { url: this.popupBlocked } }),
      ...(load !== undefined && settle.settled
        ? {}
        : {
            settled: settle.settled,
            settle_ms: settle.settle_ms,
            ...(settle.waited_for === undefined ? {} : { waited_for: settle.waited_for }),
          }),
      ...(Object.keys(more).length > 0 ? { more } : {}),
    };
  }
}

/** The recordings under way, by tab: the worker offers them every entry and every new tab. */
export class EffectsRecorder {
  private readonly open = new Set<Recording>();

  start(tabId: number): Recording {
    const recording = new Recording(tabId);
    this.open.add(recording);
    return recording;
  }

  stop(recording: Recording): void {
    this.open.delete(recording);
  }

  see(tabId: number, kind: string, entry: Entry): void {
    for (const recording of this.open) if (recording.tabId === tabId) recording.see(kind, entry);
  }

  tabOpened(openerTabId: number | undefined, tabId: number, url: string): void {
    if (openerTabId === undefined) return;
    for (const recording of this.open) if (recording.tabId === openerTabId) recording.tabOpened(tabId, url);
  }
}
