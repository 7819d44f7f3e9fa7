import { CommandFailure, type Query } from '../shared/commands.js';
import type { CommandTools, PageHooks } from './actions/WorkerHandler.js';
import { chromeDialogPorts } from './dialogPorts.js';
import { DialogGuard } from './DialogGuard.js';
import { EffectsRecorder } from './Effects.js';
import { findRemembered, LOST_MESSAGE, REMEMBERED, RESUMED_NOTE, STILL_RUNNING } from './once.js';
import { OpenDialogs } from './OpenDialogs.js';
import { callInPage, success } from './pageCall.js';
import type { Pointing } from './Pointing.js';
import { TabRequests } from './TabRequests.js';
import type { TabScope } from './TabScope.js';
import { loaded } from './tabWaits.js';
import { REPORT_MARGIN_MS, withEffects } from './withEffects.js';
import { workerHandlerFor } from './workerHandlers.js';

export type { PageHooks, Violation } from './actions/WorkerHandler.js';

/** A page still loading after this long is acted on anyway (slow images must not block commands). */
const MAX_LOAD_WAIT_MS = 8_000;

const NO_PAGE_HOOKS: PageHooks = { order: async () => false, drain: async () => undefined, audited: () => undefined };

/** Commands whose tab is remembered at most (a result that is never posted must not grow the map). */
const MAX_REMEMBERED = 256;

/**
 * Every `interact` action of docs/mcp-tools.md, on real tabs: each by its family's handler
 * (workerHandlers.ts; a page family's in the page), with the tools of `CommandTools` — the
 * command's tab (waited for while it loads), the page calls, the settle. This class routes and
 * keeps what a command's run needs across its handlers: the tab it acts in, its dialog guard.
 */
export class BrowserCommands {
  /** The tab each running command acts in, until its result is posted. */
  private readonly actedIn = new Map<string, number>();
  /** Each running command's watch on its tab's dialogs. */
  private readonly guards = new Map<string, DialogGuard>();

  constructor(
    private readonly scope: TabScope,
    private readonly page: PageHooks = NO_PAGE_HOOKS,
    readonly effects: EffectsRecorder = new EffectsRecorder(),
    private readonly requests: TabRequests = new TabRequests(),
    private readonly dialogs: OpenDialogs = new OpenDialogs(chromeDialogPorts),
    private readonly pointing?: Pointing,
  ) {}

  /**
   * Runs the command; a dialog its page opened while browsertap was not acting ends it at once
   * with `dialog_open` (DialogGuard), whether it was open before or opens while the command runs.
   */
  async execute(query: Query, deadline: number, signal: AbortSignal): Promise<unknown> {
    const guard = new DialogGuard(this.dialogs, query.type);
    this.guards.set(query.correlation_id, guard);
    try {
      return await Promise.race([this.run(query, deadline, signal, query.correlation_id), guard.blocked]);
    } finally {
      guard.stop();
      this.guards.delete(query.correlation_id);
      const tabId = this.actedIn.get(query.correlation_id);
      if (tabId !== undefined) this.page.acting?.(tabId, query.correlation_id, query.type, 'end');
    }
  }

  /**
   * A resumed command (its worker was stopped while it ran, once.ts): what the page kept of its
   * one run, from whichever tracked tab and frame ran it, waited for until `deadline`. Nothing
   * runs. A command whose act the page does not keep (navigate, the tab commands, screenshot,
   * audit, dialog, replay), or whose document has gone, fails `extension_restarted`: it may have run.
   */
  async recall(query: Query, deadline: number): Promise<unknown> {
    const world = REMEMBERED[query.type];
    const waitMs = Math.max(0, deadline - Date.now() - REPORT_MARGIN_MS);
    const found =
      world === undefined ? undefined : await findRemembered(await this.scope.trackedTabs(), world, query.correlation_id, waitMs);
    if (found === undefined) throw new CommandFailure('extension_restarted', LOST_MESSAGE);
    this.remember(query.correlation_id, found.tabId);
    if (found.outcome === STILL_RUNNING) {
      throw new CommandFailure(
        'execution_timeout',
        `${query.type} did not finish within its execution limit (timeout_ms); the page may still be running it`,
        { timeout: true },
      );
    }
    return { ...success(found.outcome), note: RESUMED_NOTE };
  }

  /** `once`: the correlation id under which the page remembers the command's act (once.ts); none for a replay's steps. */
  private async run(query: Query, deadline: number, signal: AbortSignal, once?: string): Promise<unknown> {
    const handler = workerHandlerFor(query.type);
    if (handler === undefined) {
      throw new CommandFailure(
        'unknown_action',
        `This version of the extension cannot run "${query.type}"; update the extension`,
      );
    }
    return handler(this.tools(query, deadline, signal, once));
  }

  /** The worker's ways into tabs and pages, for one command's run. */
  private tools(query: Query, deadline: number, signal: AbortSignal, once: string | undefined): CommandTools {
    const correlationId = query.correlation_id;
    const pinned = () => {
      const tabId = this.actedIn.get(correlationId);
      return tabId === undefined ? {} : { tab_id: tabId };
    };
    return {
      query,
      params: query.params,
      deadline,
      signal,
      once,
      scope: this.scope,
      page: this.page,
      dialogs: this.dialogs,
      pointing: this.pointing,
      target: (allowBlank) => this.target(query, allowBlank),
      pageTab: () => this.pageTab(query, deadline, signal),
      actIn: (tab, work) => this.actIn(tab, work),
      withEffects: (tabId, work, loads) =>
        withEffects(
          { effects: this.effects, requests: this.requests, drain: (id) => this.page.drain(id) },
          tabId,
          query.params,
          deadline,
          work,
          loads,
        ),
      callInPage: (tab, world, slot, file, args, frameId, ownOnce) =>
        callInPage(tab, world, slot, file, args, deadline, frameId, ownOnce),
      enter: async (tabId) => {
        this.remember(correlationId, tabId);
        await this.guards.get(correlationId)?.enter(tabId, query.type);
      },
      actedIn: () => this.actedIn.get(correlationId),
      leftTab: () => this.actedIn.delete(correlationId),
      // The steps run in the tab the first one (a navigation) acts in.
      runStep: (type, params) => this.run({ ...query, type, params, ...pinned() }, deadline, signal),
    };
  }

  /**
   * Runs a command's work in `tab`; what the page captured meanwhile reaches the daemon before
   * the result (even when the work failed). Work that runs in the page (`callInPage`) also has
   * the page's dialogs answered while it runs and shortly after (`callSlot`).
   */
  private async actIn<T>(tab: chrome.tabs.Tab, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      await this.page.drain(tab.id as number);
    }
  }

  /**
   * The tab a command acts in: its `tab_id`, else the tab its client last acted on
   * (`default_tab_id`, while open and tracked), else the active tracked tab (docs/mcp-tools.md). Remembered
   * for the result, which tells the daemon. A tab where the person is pointing answers
   * `pick_in_progress` (Pointing.refusal).
   */
  private async target(query: Query, allowBlank: boolean): Promise<chrome.tabs.Tab> {
    const tab = await this.scope.target(query.tab_id, allowBlank, query.default_tab_id);
    // While the person points in a tab, every command there is refused with its own code.
    const pointing = this.pointing?.refusal(tab.id as number);
    if (pointing !== undefined) throw pointing;
    this.remember(query.correlation_id, tab.id as number);
    this.page.acting?.(tab.id as number, query.correlation_id, query.type, 'start');
    await this.guards.get(query.correlation_id)?.enter(tab.id as number, query.type);
    return tab;
  }

  private remember(correlationId: string, tabId: number): void {
    this.actedIn.set(correlationId, tabId);
    if (this.actedIn.size > MAX_REMEMBERED) this.actedIn.delete(this.actedIn.keys().next().value as string);
  }

  /** The tab a command acted in (once: the result carries it to the daemon). */
  takeTab(correlationId: string): number | undefined {
    const tabId = this.actedIn.get(correlationId);
    this.actedIn.delete(correlationId);
    return tabId;
  }

  /** The command's tracked tab, once it is no longer loading (bounded, so a slow image never blocks). */
  private async pageTab(query: Query, deadline: number, signal: AbortSignal): Promise<chrome.tabs.Tab> {
    const tab = await this.target(query, false);
    if (tab.status === 'complete') return tab;
    const wait = Math.min(MAX_LOAD_WAIT_MS, deadline - Date.now() - REPORT_MARGIN_MS * 2);
    const timer = new AbortController();
    const stop = setTimeout(() => timer.abort(), Math.max(0, wait));
    signal.addEventListener('abort', () => timer.abort(), { once: true });
    try {
      return await loaded(tab.id as number, timer.signal);
    } catch (error) {
      if ((error as CommandFailure).code === 'aborted' && !signal.aborted) return chrome.tabs.get(tab.id as number);
      throw error;
    } finally {
      clearTimeout(stop);
    }
  }
}
