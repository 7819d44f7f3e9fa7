import { DEFAULT_SETTLE_MS } from '../../../src/domain/browserActions/args.js';
import { PAGE_CALL, type SettleLook, SLOT } from '../shared/commands.js';
import type { EffectsRecorder } from './Effects.js';
import { callInPage } from './pageCall.js';
import { type SettleStep, Settling, type WaitedFor } from './Settling.js';
import type { RequestWatch, TabRequests } from './TabRequests.js';
import { loaded } from './tabWaits.js';

/** How long before its deadline a page action stops waiting, so it can report why itself (ms). */
export const REPORT_MARGIN_MS = 300;
/** Looks at a settling page that may fail (it navigated, or is loading) before the settle gives up. */
const MAX_LOOK_FAILURES = 3;
/** How often the network layer's open requests are looked at while waiting for them (ms). */
const OPEN_POLL_MS = 20;

/** What an action that settles needs of the worker: what its tab captures, its open requests, the drain. */
export interface EffectsTools {
  readonly effects: EffectsRecorder;
  readonly requests: TabRequests;
  /** Read after act (docs/mcp-tools.md): what the page captured until now reaches the daemon. */
  drain(tabId: number): Promise<void>;
}

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
 * Runs an action that can change the page (docs/mcp-tools.md): the work, then the wait for the page to
 * settle, then `effects` — what the tab captured and opened meanwhile — in the result's data,
 * left out when there is nothing to say (`loads`: the action loads a page, whose own requests
 * are no news: Effects.ts). What the page captured reaches the daemon before the result, as
 * with `actIn`.
 */
export async function withEffects(
  tools: EffectsTools,
  tabId: number,
  params: Record<string, unknown>,
  deadline: number,
  work: (since: number) => Promise<{ success: true; data: unknown }>,
  loads = false,
): Promise<unknown> {
  const recording = tools.effects.start(tabId);
  const since = Date.now();
  const requests = tools.requests.watch(tabId, since);
  try {
    let result: { success: true; data: unknown };
    let settled: Settled;
    try {
      const before = (await chrome.tabs.get(tabId)).url;
      result = await work(since);
      const asked = typeof params.settle_ms === 'number' ? params.settle_ms : DEFAULT_SETTLE_MS;
      const budget = Math.min(asked, deadline - Date.now() - REPORT_MARGIN_MS);
      settled = await settle(tabId, before, since, budget, requests);
    } finally {
      requests.stop();
      await tools.drain(tabId);
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
    tools.effects.stop(recording);
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
async function settle(
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
      const outcome = await callInPage(tab, 'ISOLATED', SLOT.dom, 'dom-actions.js', [PAGE_CALL.settle, { since }, 0], until);
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
