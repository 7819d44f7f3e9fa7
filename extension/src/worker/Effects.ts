import { clip, firstLine, topFrame } from '../../../src/domain/capture/compact.js';
import type { WaitedFor } from './Settling.js';

/** Items each list of `effects` shows; the rest are counted (SPEC 9). */
export const MAX_EFFECTS = 10;

export interface EffectRequest {
  method: string;
  url: string;
  status: number;
  duration_ms: number;
}

export interface Effects {
  requests: EffectRequest[];
  errors: Array<{ message: string; at?: string }>;
  dialogs: Array<{ type: string; message: string; answer: string }>;
  new_tabs: Array<{ tab_id: number; url: string }>;
  navigated_to?: string;
  popup_blocked?: { url: string };
  settled: boolean;
  settle_ms: number;
  /** The action's short timers and requests the settle found open and waited for; left out when none. */
  waited_for?: WaitedFor;
  /** How many of each list were left out past MAX_EFFECTS. */
  more?: Partial<Record<'requests' | 'errors' | 'dialogs' | 'new_tabs', number>>;
}

type Entry = Record<string, unknown>;

/**
 * What an action caused, watched from the worker while it runs and settles (SPEC 9): the
 * requests and errors its tab's capture forwards, the dialogs browsertap answered there (the
 * dialog hooks log them), a `window.open` the browser blocked, and the tabs the page opened.
 */
export class Recording {
  readonly requests: EffectRequest[] = [];
  readonly errors: Array<{ message: string; at?: string }> = [];
  readonly dialogs: Array<{ type: string; message: string; answer: string }> = [];
  readonly newTabs: Array<{ tab_id: number; url: string }> = [];
  popupBlocked?: string;
  private readonly counts = { requests: 0, errors: 0, dialogs: 0, new_tabs: 0 };

  constructor(readonly tabId: number) {}

  see(kind: string, entry: Entry): void {
    if (kind === 'network') {
      this.keep('requests', this.requests, {
        method: String(entry.method ?? 'GET'),
        url: clip(String(entry.url ?? ''), 300),
        status: typeof entry.status === 'number' ? entry.status : 0,
        duration_ms: typeof entry.duration_ms === 'number' ? Math.round(entry.duration_ms) : 0,
      });
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
      this.keep('errors', this.errors, {
        message: clip(firstLine(String(entry.message ?? ''))),
        ...(at === undefined ? {} : { at }),
      });
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

  effects(settle: { settled: boolean; settle_ms: number; navigated_to?: string; waited_for?: WaitedFor }): Effects {
    const more = Object.fromEntries(
      Object.entries(this.counts)
        .filter(([, count]) => count > MAX_EFFECTS)
        .map(([name, count]) => [name, count - MAX_EFFECTS]),
    );
    return {
      requests: this.requests,
      errors: this.errors,
      dialogs: this.dialogs,
      new_tabs: this.newTabs,
      ...(settle.navigated_to === undefined ? {} : { navigated_to: settle.navigated_to }),
      ...(this.popupBlocked === undefined ? {} : { popup_blocked: { url: this.popupBlocked } }),
      settled: settle.settled,
      settle_ms: settle.settle_ms,
      ...(settle.waited_for === undefined ? {} : { waited_for: settle.waited_for }),
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
