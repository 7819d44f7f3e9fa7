import { ACTING_SLOT } from '../shared/actions.js';
import { CommandFailure, type PageOutcome, type Query, type SettleLook, SLOT } from '../shared/commands.js';
import type { DialogOrder } from '../shared/protocol.js';
import { chromeDialogPorts } from './dialogPorts.js';
import { DialogGuard } from './DialogGuard.js';
import { EffectsRecorder } from './Effects.js';
import { type FrameSnapshot, frameOf, spliceFrames } from './frames.js';
import { OpenDialogs } from './OpenDialogs.js';
import { type Measure, type Measurer, screenshot } from './screenshot.js';
import type { TabScope } from './TabScope.js';
import { type RequestWatch, TabRequests } from './TabRequests.js';
import { type SettleStep, Settling, type WaitedFor } from './Settling.js';
import { loaded, navigation } from './tabWaits.js';
import { replay } from './replay.js';
import { actionNamed } from '../../../src/domain/browserActions/table.js';
import { DEFAULT_SETTLE_MS } from '../../../src/domain/browserActions/args.js';
import { findRemembered, LOST_MESSAGE, REMEMBERED, RESUMED_NOTE, STILL_RUNNING } from './once.js';
import type { PickWire } from '../shared/pick.js';
import type { Pointing } from './Pointing.js';

/** How long before its deadline a page action stops waiting, so it can report why itself (ms). */
const REPORT_MARGIN_MS = 300;
/** A page still loading after this long is acted on anyway (slow images must not block commands). */
const MAX_LOAD_WAIT_MS = 8_000;

type World = 'MAIN' | 'ISOLATED';

/** What commands need from the tab's capture (worker.ts sends these through the relay). */
export interface PageHooks {
  /** Tells the page's dialog hooks (page/hookDialogs.ts); false when the tab's relay did not answer. */
  order(tabId: number, order: DialogOrder): Promise<boolean>;
  /** Read after act (docs/mcp-tools.md): what the page captured until now reaches the daemon. */
  drain(tabId: number): Promise<void>;
  /** An audit's violations, logged for the tab (they become accessibility_violation stream events). */
  audited(tabId: number, url: string, violations: readonly Violation[]): void;
  /** A command starts acting in a tab, or has ended (its recorded actions are the agent's: docs/mcp-tools.md). */
  acting?(tabId: number, correlationId: string, type: string, phase: 'start' | 'end'): void;
  /** The person picked for the agent's `pick`: the pick goes to the daemon before the result. */
  picked?(pick: PickWire): void;
}

export interface Violation {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly count: number;
  readonly nodes: ReadonlyArray<{ selector: string; ref?: string }>;
}

const NO_PAGE_HOOKS: PageHooks = { order: async () => false, drain: async () => undefined, audited: () => undefined };

/** Commands whose tab is remembered at most (a result that is never posted must not grow the map). */
const MAX_REMEMBERED = 256;

/** Dialogs that come this long after an action ended are still answered (a handler's timer, an effect). */
const DIALOG_GRACE_MS = 2_000;
/** Longest a page leaving is held for its dialog hooks to hear that browsertap acts (they answer in ms). */
const ORDER_WAIT_MS = 1_000;

/** Looks at a settling page that may fail (it navigated, or is loading) before the settle gives up. */
const MAX_LOOK_FAILURES = 3;
/** How often the network layer's open requests are looked at while waiting for them (ms). */
const OPEN_POLL_MS = 20;

/** True once `count()` is 0, false if it is not within `budgetMs`. */
async function until0(count: () => number, budgetMs: number): Promise<boolean> {
  const end = Date.now() + budgetMs;
  while (count() > 0) {
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(OPEN_POLL_MS, Math.max(1, end - Date.now()))));
  }
  return true;
}

interface Settled {
  settled: boolean;
  settle_ms: number;
  navigated_to?: string;
  waited_for?: WaitedFor;
}

/**
 * Every `interact` action of docs/mcp-tools.md, on real tabs: execute_js in the page's MAIN world; the
 * page actions in the isolated world; navigation through `chrome.tabs`; screenshots through
 * `captureVisibleTab`. A tab that is loading is waited for before anything runs in it.
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
    const params = query.params;
    switch (query.type) {
      case 'execute_js': {
        const tab = await this.pageTab(query, deadline, signal);
        return success(
          await this.actIn(tab, () =>
            this.callInPage(tab, 'MAIN', SLOT.run, 'page-runner.js', [String(params.script ?? '')], deadline, 0, once),
          ),
        );
      }
      case 'snapshot': {
        const tab = await this.pageTab(query, deadline, signal);
        const { frameId, params: own } = frameOf(params);
        const budget = deadline - Date.now() - REPORT_MARGIN_MS;
        return this.actIn(tab, async () => {
          const taken = success(
            await this.callInPage(
              tab,
              'ISOLATED',
              SLOT.dom,
              'dom-actions.js',
              ['snapshot', own, budget],
              deadline,
              frameId,
              once,
            ),
          );
          const data = (await this.withFrames(tab.id as number, taken.data as SnapshotData, own)) as SnapshotData;
          // A snapshot taken inside a cross-origin frame names that frame in its refs.
          const snapshot = frameId === 0 ? data.snapshot : data.snapshot.replaceAll('[ref=e', `[ref=f${frameId}e`);
          return { success: true, data: { ...data, snapshot } };
        });
      }
      case 'audit': {
        const tab = await this.pageTab(query, deadline, signal);
        const { frameId, params: own } = frameOf(params);
        const budget = deadline - Date.now() - REPORT_MARGIN_MS;
        return this.actIn(tab, async () => {
          const run = () =>
            this.callInPage(tab, 'ISOLATED', SLOT.dom, 'dom-actions.js', ['audit', own, budget], deadline, frameId);
          let outcome = await run();
          if (!outcome.ok && outcome.code === 'axe_missing') {
            const target = frameId === 0 ? { tabId: tab.id as number } : { tabId: tab.id as number, frameIds: [frameId] };
            await chrome.scripting.executeScript({ target, world: 'ISOLATED', files: ['axe.js'], injectImmediately: true });
            outcome = await run();
          }
          const result = success(outcome);
          const data = result.data as { url: string; violations: Violation[] };
          this.page.audited(tab.id as number, data.url, data.violations);
          return result;
        });
      }
      case 'click':
      case 'dblclick':
      case 'hover':
      case 'press_key':
      case 'type':
      case 'select':
      case 'upload':
      case 'drag':
      case 'scroll':
      case 'wait_for':
      case 'query_dom':
      case 'highlight':
      case 'check':
      case 'uncheck':
      case 'submit':
      case 'select_values':
      case 'scroll_to':
      case 'pointer_drag': {
        const tab = await this.pageTab(query, deadline, signal);
        const { frameId, params: own } = frameOf(params);
        const budget = deadline - Date.now() - REPORT_MARGIN_MS;
        // `since`: the settle that follows knows the action ran in this document (its timers count).
        const act = async (since?: number) =>
          success(
            await this.callInPage(
              tab,
              'ISOLATED',
              SLOT.dom,
              'dom-actions.js',
              [query.type, own, budget, since, query.correlation_id],
              deadline,
              frameId,
              once,
            ),
          );
        // Page actions that can change the page settle and report `effects` (the action table's `effects`).
        if (actionNamed(query.type)?.effects !== 'settle') return this.actIn(tab, act);
        return this.withEffects(tab.id as number, params, deadline, act);
      }
      case 'pick': {
        // The person points; the pick reaches the daemon first, the result then names it.
        const pointing = this.pointing;
        if (pointing === undefined) throw new CommandFailure('unknown_action', 'This extension cannot point');
        const tab = await this.pageTab(query, deadline, signal);
        return this.actIn(tab, async () => {
          const pick = await pointing.point(tab.id as number, {
            via: 'agent',
            ...(typeof params.prompt === 'string' ? { prompt: params.prompt } : {}),
            correlationId: query.correlation_id,
            limitMs: Math.max(0, deadline - Date.now() - REPORT_MARGIN_MS),
            signal,
          });
          this.page.picked?.(pick);
          return { success: true, data: { picked: true } };
        });
      }
      case 'screenshot': {
        if (frameOf(params).frameId !== 0) {
          throw new CommandFailure(
            'invalid_params',
            "A screenshot cannot cut out an element of a cross-origin frame (its position in the page is hidden from it); pass the iframe's ref instead",
          );
        }
        const tab = await this.pageTab(query, deadline, signal);
        const budget = deadline - Date.now() - REPORT_MARGIN_MS;
        const measure: Measurer = async (extra) =>
          success(
            await this.callInPage(
              tab,
              'ISOLATED',
              SLOT.dom,
              'dom-actions.js',
              ['measure', { ...params, ...extra }, budget],
              deadline,
            ),
          ).data as Measure;
        return { success: true, data: await screenshot(tab, params, measure) };
      }
      case 'navigate': {
        const url = String(params.url);
        const tab = await this.target(query, true);
        const id = tab.id as number;
        await this.scope.track(id, url); // the agent works in this tab now: capture follows it
        return this.withEffects(
          id,
          params,
          deadline,
          async () =>
            done(await this.leaving(id, deadline, () => navigation(id, () => chrome.tabs.update(id, { url }), signal)), url),
          true,
        );
      }
      case 'refresh':
      case 'back':
      case 'forward': {
        const tab = await this.target(query, false);
        const id = tab.id as number;
        // A replay's move is the page's own history.go: the browser's Back skips entries a page
        // pushed without the person's activation, and a replay's clicks carry none.
        const inPage = (delta: number) => () =>
          chrome.scripting.executeScript({ target: { tabId: id }, func: (by: number) => history.go(by), args: [delta] });
        const start = {
          refresh: () => chrome.tabs.reload(id),
          back: params.in_page === true ? inPage(-1) : () => chrome.tabs.goBack(id),
          forward: params.in_page === true ? inPage(1) : () => chrome.tabs.goForward(id),
        }[query.type];
        try {
          return await this.withEffects(
            id,
            params,
            deadline,
            async () => done(await this.leaving(id, deadline, () => navigation(id, start, signal))),
            true,
          );
        } catch (error) {
          if (error instanceof CommandFailure) throw error;
          throw new CommandFailure('no_history', `Cannot go ${query.type} in tab ${id}: ${(error as Error).message}`);
        }
      }
      case 'new_tab': {
        const url = String(params.url);
        await this.scope.registerOrigin(url);
        const tab = await chrome.tabs.create({ url, active: true });
        const id = tab.id as number;
        this.remember(query.correlation_id, id); // the agent opened it to work in it
        await this.guards.get(query.correlation_id)?.enter(id, query.type);
        await this.scope.track(id, url);
        return this.withEffects(id, params, deadline, async () => done(await loaded(id, signal), url), true);
      }
      case 'dialog': {
        const tab = await this.target(query, false);
        const answer = { accept: params.accept === true, ...(typeof params.text === 'string' ? { text: params.text } : {}) };
        const open = await this.dialogs.blocking(tab.id as number);
        if (open !== undefined) {
          // The page sits in a dialog it opened while browsertap was not acting: this answer is for that one.
          return { success: true, data: { tab_id: tab.id, closed: await this.dialogs.close(open, answer.accept) } };
        }
        if (!(await this.page.order(tab.id as number, { answer }))) {
          throw new CommandFailure(
            'cannot_access_page',
            `Tab ${tab.id} has no browsertap capture to answer its dialogs (not loaded yet, or a page Chrome does not let extensions script)`,
          );
        }
        return {
          success: true,
          data: {
            tab_id: tab.id,
            next_dialog: answer.accept ? 'accept' : 'dismiss',
            ...('text' in answer ? { text: answer.text } : {}),
          },
        };
      }
      case 'replay': {
        // The steps run in the tab the first one (a navigation) acts in.
        const pinned = () => {
          const tabId = this.actedIn.get(query.correlation_id);
          return tabId === undefined ? {} : { tab_id: tabId };
        };
        return replay(params, deadline, {
          run: (type, own) => this.run({ ...query, type, params: own, ...pinned() }, deadline, signal),
          url: async () => {
            const tabId = this.actedIn.get(query.correlation_id);
            return tabId === undefined ? undefined : (await chrome.tabs.get(tabId).catch(() => undefined))?.url;
          },
          now: Date.now,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        });
      }
      case 'close_tab': {
        const tab = await this.target(query, false);
        const id = tab.id as number;
        // A leave-site prompt the page raised on its own holds its tab: Chrome closes it after
        // ~1 s, and never while DevTools is attached to it; a discarded tab (Chrome gives it a new
        // id) goes at once (measured in Chromium 156).
        const close =
          this.dialogs.said(id)?.type === 'beforeunload'
            ? async () => chrome.tabs.remove((await chrome.tabs.discard(id))?.id ?? id)
            : () => chrome.tabs.remove(id);
        await this.leaving(id, deadline, close);
        this.actedIn.delete(query.correlation_id); // gone: not where the next command should go
        return { success: true, data: { closed: tab.id, url: tab.url } };
      }
      default:
        throw new CommandFailure(
          'unknown_action',
          `This version of the extension cannot run "${query.type}"; update the extension`,
        );
    }
  }

  /**
   * Leaves the tab's page (navigate, refresh, back, forward, close_tab) with browsertap acting
   * there, so a `beforeunload` handler cannot hold the navigation behind Chrome's leave-site
   * prompt (page/hookDialogs.ts). A page without our capture is left as Chrome decides.
   */
  private async leaving<T>(tabId: number, deadline: number, leave: () => Promise<T>): Promise<T> {
    const told = this.page.order(tabId, { acting: 'start', for_ms: Math.max(0, deadline - Date.now()) });
    // A page sitting in its own dialog hears it once leaving has closed that dialog (before its
    // beforeunload: the message came first); a page that does not answer is not waited for long.
    if (this.dialogs.said(tabId) === undefined)
      await Promise.race([told, new Promise((resolve) => setTimeout(resolve, ORDER_WAIT_MS))]);
    try {
      return await leave();
    } finally {
      void this.page.order(tabId, { acting: 'end', for_ms: 0 });
    }
  }

  /**
   * A snapshot with its cross-origin frames filled in (docs/mcp-tools.md): the top document's snapshot shows
   * each as one line; the frames' own snapshots, taken in every frame at once, go under them
   * (frames.ts). A frame that cannot be scripted keeps its line.
   */
  private async withFrames(tabId: number, taken: SnapshotData, params: Record<string, unknown>): Promise<unknown> {
    const { frames, ...data } = taken;
    if (frames === undefined || frames.length === 0) return data;
    const target = { tabId, allFrames: true };
    let found: FrameSnapshot[] = [];
    try {
      await chrome.scripting.executeScript({ target, world: 'ISOLATED', files: ['dom-actions.js'], injectImmediately: true });
      const results = await chrome.scripting.executeScript({
        target,
        world: 'ISOLATED',
        func: frameSnapshot,
        args: [SLOT.dom, typeof params.max_depth === 'number' ? params.max_depth : null],
        injectImmediately: true,
      });
      found = results
        .filter((r) => r.frameId !== 0 && r.result !== null && typeof r.result === 'object')
        .map((r) => ({ frameId: r.frameId, ...(r.result as Omit<FrameSnapshot, 'frameId'>) }));
    } catch (error) {
      // A frame refused: the frames stay one line each, and the answer says why.
      return { ...data, note: `cross-origin frames are not shown: ${(error as Error).message ?? String(error)}` };
    }
    return { ...data, snapshot: spliceFrames(data.snapshot, frames, found) };
  }

  /**
   * Runs an action that can change the page (docs/mcp-tools.md): the work, then the wait for the page to
   * settle, then `effects` — what the tab captured and opened meanwhile — in the result's data,
   * left out when there is nothing to say (`loads`: the action loads a page, whose own requests
   * are no news: Effects.ts). What the page captured reaches the daemon before the result, as
   * with `actIn`.
   */
  private async withEffects(
    tabId: number,
    params: Record<string, unknown>,
    deadline: number,
    work: (since: number) => Promise<{ success: true; data: unknown }>,
    loads = false,
  ): Promise<unknown> {
    const recording = this.effects.start(tabId);
    const since = Date.now();
    const requests = this.requests.watch(tabId, since);
    try {
      let result: { success: true; data: unknown };
      let settled: Settled;
      try {
        const before = (await chrome.tabs.get(tabId)).url;
        result = await work(since);
        const asked = typeof params.settle_ms === 'number' ? params.settle_ms : DEFAULT_SETTLE_MS;
        const budget = Math.min(asked, deadline - Date.now() - REPORT_MARGIN_MS);
        settled = await this.settle(tabId, before, since, budget, requests);
      } finally {
        requests.stop();
        await this.page.drain(tabId);
      }
      await recording.resolveUrls(async (id) => {
        const opened = await chrome.tabs.get(id).catch(() => undefined);
        return opened?.pendingUrl ?? opened?.url;
      });
      const data = result.data !== null && typeof result.data === 'object' ? result.data : { value: result.data };
      const landed = (data as { url?: string }).url ?? (typeof params.url === 'string' ? params.url : undefined);
      const effects = recording.effects(settled, loads ? { url: landed } : undefined);
      return { success: true, data: Object.keys(effects).length === 0 ? data : { ...data, effects } };
    } finally {
      this.effects.stop(recording);
    }
  }

  /**
   * Waits until the tab's page has settled (docs/mcp-tools.md, worker/Settling.ts), at most `budgetMs`. The
   * worker does the waiting, with its own timers, and looks at the page now and then (dom-actions'
   * `settle`: how long its DOM has been quiet, its open requests, the action's short timers): a
   * hidden tab's timers are throttled to one wake-up a second, the worker's are not. The page's
   * word is not enough: the requests the network layer saw open (`requests`) must have ended too.
   * A page that navigates meanwhile is waited for and settled in its new document; the new url is
   * `navigated_to`.
   */
  private async settle(
    tabId: number,
    before: string | undefined,
    since: number,
    budgetMs: number,
    requests: RequestWatch,
  ): Promise<Settled> {
    const started = Date.now();
    const left = () => budgetMs - (Date.now() - started);
    const settling = new Settling();
    let settled = false;
    for (let failures = 0; budgetMs > 0 && failures < MAX_LOOK_FAILURES;) {
      let step: SettleStep;
      try {
        const tab = await chrome.tabs.get(tabId);
        const until = Date.now() + Math.max(0, left());
        const outcome = await this.callInPage(tab, 'ISOLATED', SLOT.dom, 'dom-actions.js', ['settle', { since }, 0], until);
        if (!outcome.ok) {
          failures++;
          continue;
        }
        step = settling.next(Date.now(), outcome.data as SettleLook, { open: requests.open(), seen: requests.seen() });
      } catch {
        // The page navigated (or is loading a new document): settle there.
        failures++;
        await loaded(tabId, AbortSignal.timeout(Math.max(1, left()))).catch(() => undefined);
        continue;
      }
      if (step.settled) {
        settled = true;
        break;
      }
      if (left() <= 0) break;
      if (step.network) await until0(() => requests.open(), left());
      else await new Promise((resolve) => setTimeout(resolve, Math.min(step.waitMs, left())));
    }
    const after = await chrome.tabs.get(tabId).catch(() => undefined);
    const url = after?.url ?? after?.pendingUrl;
    const waited = settling.waitedFor();
    return {
      settled,
      settle_ms: Date.now() - started,
      ...(url !== undefined && url !== before ? { navigated_to: url } : {}),
      ...(waited === undefined ? {} : { waited_for: waited }),
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

  /**
   * Calls the helper in `slot` of the page's `world`, injecting `file` first when this document
   * does not have it yet. A page that navigates while the call is injected is retried once.
   * With `once` (a command's correlation id) the document remembers the call (once.ts).
   */
  private async callInPage(
    tab: chrome.tabs.Tab,
    world: World,
    slot: string,
    file: string,
    args: unknown[],
    deadline: number,
    frameId = 0,
    once?: string,
  ): Promise<PageOutcome> {
    const tabId = tab.id as number;
    const target = frameId === 0 ? { tabId } : { tabId, frameIds: [frameId] };
    const actingMs = () => Math.max(0, deadline - Date.now());
    for (let attempt = 0; ; attempt++) {
      try {
        let outcome = await this.call(target, world, slot, args, actingMs(), once);
        if (outcome === MISSING) {
          await chrome.scripting.executeScript({ target, world, files: [file], injectImmediately: true });
          outcome = await this.call(target, world, slot, args, actingMs(), once);
        }
        if (outcome === undefined || outcome === MISSING) {
          throw new CommandFailure(
            'page_navigated',
            'The page navigated or reloaded while the command ran in it; its result is lost',
          );
        }
        return outcome;
      } catch (error) {
        if (error instanceof CommandFailure) throw error;
        const message = (error as Error).message ?? String(error);
        if (attempt === 0 && /frame|removed|navigat|document/i.test(message) && !/error page/i.test(message)) {
          await loaded(tabId, AbortSignal.timeout(5_000)).catch(() => undefined);
          continue;
        }
        throw new CommandFailure(
          'cannot_access_page',
          `The extension cannot run in tab ${tabId} (${tab.url ?? 'unknown page'}): ${message}`,
        );
      }
    }
  }

  /**
   * Runs the helper in `slot`. In the isolated world the helper tells the frame's recorder itself
   * that browsertap acts there (`callSlot`); a helper in the page's world cannot without the page
   * being able to say the same, so the worker tells the recorder around it, in its own world.
   */
  private async call(
    target: chrome.scripting.InjectionTarget,
    world: World,
    slot: string,
    args: unknown[],
    actingMs: number,
    once: string | undefined,
  ): Promise<PageOutcome | typeof MISSING | undefined> {
    const own = world === 'ISOLATED';
    if (!own) await tellRecorder(target, { acting: 'start', for_ms: actingMs });
    try {
      const [injection] = await chrome.scripting.executeScript({
        target,
        world,
        func: callSlot,
        args: [slot, args, actingMs, DIALOG_GRACE_MS, once ?? null, own ? ACTING_SLOT : null],
        injectImmediately: true,
      });
      return injection?.result as PageOutcome | typeof MISSING | undefined;
    } finally {
      if (!own) void tellRecorder(target, { acting: 'end', for_ms: DIALOG_GRACE_MS });
    }
  }
}

/** Tells the frame's recorder, in the extension's isolated world, that browsertap acts there (shared/actions.ts ACTING_SLOT). */
async function tellRecorder(target: chrome.scripting.InjectionTarget, order: DialogOrder): Promise<void> {
  await chrome.scripting
    .executeScript({ target, world: 'ISOLATED', func: tellActing, args: [ACTING_SLOT, order], injectImmediately: true })
    .catch(() => undefined); // a frame without the relay records nothing
}

/** Runs in the frame's isolated world (serialised by executeScript): hands the order to the relay's recorder. */
function tellActing(slot: string, order: DialogOrder): void {
  const hook = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(slot)];
  if (typeof hook === 'function') (hook as (order: DialogOrder) => void)(order);
}

const MISSING = 'browsertap:missing';

interface SnapshotData {
  snapshot: string;
  frames?: ReadonlyArray<{ ref: string; src: string }>;
}

/** Runs in every frame (serialised by executeScript): that frame's own snapshot, or null. */
async function frameSnapshot(slot: string, maxDepth: number | null): Promise<unknown> {
  const helper = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(slot)];
  if (typeof helper !== 'function') return null;
  const outcome = (await (helper as (...a: unknown[]) => Promise<{ ok: boolean; data?: Record<string, unknown> }>)(
    'snapshot',
    maxDepth === null ? {} : { max_depth: maxDepth },
    2_000,
  )) as { ok: boolean; data?: { snapshot: string; frames?: unknown } };
  if (!outcome.ok || outcome.data === undefined) return null;
  return { url: location.href, snapshot: outcome.data.snapshot, ...(outcome.data.frames ? { frames: outcome.data.frames } : {}) };
}

/**
 * Runs in the page (serialised by executeScript): must stay self-contained (hence the literal
 * event names, BUS.dialogs and BUS.flush, and once.ts's ONCE_SLOT and MAX_REMEMBERED_RUNS). Around
 * the helper it tells the page's capture, with synchronous DOM events and no extra message:
 * browsertap acts here for at most `actingMs` (dialogs are answered meanwhile, and `graceMs`
 * after); then, that what it captured goes out now. With `once`, the document remembers the run
 * under that key (once.ts): the same key again gets that run's outcome and nothing runs. In the
 * isolated world (`actingSlot`) it tells the relay's recorder that browsertap acts, directly: the
 * page can dispatch those DOM events too, so the recorder does not listen to them.
 */
export function callSlot(
  slot: string,
  args: unknown[],
  actingMs: number,
  graceMs: number,
  once: string | null = null,
  actingSlot: string | null = null,
): unknown {
  const global = globalThis as unknown as Record<symbol, unknown>;
  const helper = global[Symbol.for(slot)];
  if (typeof helper !== 'function') return 'browsertap:missing';
  let runs: Map<string, Promise<unknown>> | undefined;
  if (once !== null) {
    const held = global[Symbol.for('browsertap.once')];
    runs = held instanceof Map ? held : new Map();
    const known = runs.get(once);
    if (known !== undefined) return known;
    if (held !== runs) Object.defineProperty(global, Symbol.for('browsertap.once'), { value: runs, configurable: true });
  }
  const recorder = actingSlot === null ? undefined : global[Symbol.for(actingSlot)];
  const tell = (type: string, detail?: string) => document.dispatchEvent(new CustomEvent(type, { detail }));
  const order = (acting: 'start' | 'end', forMs: number) => {
    tell('browsertap:dialogs', JSON.stringify({ acting, for_ms: forMs }));
    if (typeof recorder === 'function') (recorder as (order: object) => void)({ acting, for_ms: forMs });
  };
  order('start', actingMs);
  const settle = () => {
    order('end', graceMs);
    tell('browsertap:flush');
  };
  try {
    const outcome = Promise.resolve((helper as (...a: unknown[]) => unknown)(...args)).finally(settle);
    if (once !== null && runs !== undefined) {
      runs.set(
        once,
        outcome.catch((error: unknown) => ({ ok: false, code: 'extension_error', message: String(error) })),
      );
      for (const old of runs.keys()) {
        if (runs.size <= 16) break;
        runs.delete(old);
      }
    }
    return outcome;
  } catch (error) {
    settle();
    throw error;
  }
}

function success(outcome: PageOutcome): { success: true; data: unknown } {
  if (outcome.ok) return { success: true, data: outcome.data };
  const message =
    outcome.name !== undefined && outcome.code === 'script_error' ? `${outcome.name}: ${outcome.message}` : outcome.message;
  throw new CommandFailure(outcome.code, message, {
    ...(outcome.name === undefined ? {} : { name: outcome.name }),
    ...(outcome.stack === undefined ? {} : { stack: outcome.stack }),
    ...(outcome.timeout === true ? { timeout: true } : {}),
  });
}

/**
 * A page load's result: the tab and its title; `url` unless it is the url asked for (a redirect
 * says where it went); `status` only while the tab is still loading.
 */
function done(tab: chrome.tabs.Tab, asked?: string): { success: true; data: unknown } {
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
