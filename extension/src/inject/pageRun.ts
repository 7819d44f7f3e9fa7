import { actionNamed } from '../../../src/domain/browserActions/table.js';
import type { ActionType } from '../../../src/domain/wire/entries.js';
import { type AgentActDetail, type AgentRecorder, RECORDER_SLOT } from '../shared/actions.js';
import { ActionFailure } from './ActionFailure.js';
import { DETACHED } from './actionable.js';
import { Elements } from './Elements.js';
import type { PageHandler, PageTools, Params } from './PageHandler.js';
import { pointerReady } from './pointerReady.js';
import type { RefRegistry } from './refs.js';

/** How long an action's element is waited for to appear (ms). */
export const APPEAR_MS = 2_000;

/** What runs one page action: this document's refs, and the pointer pipeline's click. */
export interface PageRunner {
  readonly refs: RefRegistry;
  readonly click: (element: Element) => unknown;
}

/**
 * Runs `handler` for `action` (a page action of the table, or one of the worker's own page
 * calls): opens the document it acts in (`frame`), finds its element as the handler says, and
 * acts, recording what it did as the agent's under `correlation` (docs/mcp-tools.md). `budgetMs`
 * is what is left of the command's execution limit; waits end before it.
 */
export async function runPageAction(
  action: string,
  handler: PageHandler,
  params: Params,
  budgetMs: number,
  correlation: string | undefined,
  runner: PageRunner,
): Promise<unknown> {
  const selector = typeof params.selector === 'string' ? params.selector : undefined;
  const ref = typeof params.ref === 'string' ? params.ref : undefined;
  const appearMs = Math.min(APPEAR_MS, budgetMs);
  const started = performance.now();
  const elements = await Elements.open(params.frame, appearMs, runner.refs);
  // A frame waited for takes its time from its element's wait, not from the command's budget.
  const left = () => Math.max(0, appearMs - (performance.now() - started));
  const nth = typeof params.nth === 'number' ? params.nth : undefined;
  // The target's appearance and its readiness for a pointer share one wait (as a replay's step does).
  const until = performance.now() + left();
  const one = async () => (ref !== undefined ? elements.byRef(ref) : elements.element(selector, left(), nth));
  // A target the page replaced while it was waited for is looked up again (at most a few times a
  // frame), as is one the selector no longer picks while it is not ready (Playwright resolves a
  // locator again on each try): a field a component library hid and stood in for as it started.
  const replaced = (target: Element) =>
    ref === undefined && selector !== undefined
      ? () => {
          const now = elements.pickNow(selector, nth);
          return now !== undefined && now !== target;
        }
      : undefined;
  const ready = async () => {
    for (let tries = 0; ; tries++) {
      const target = await one();
      try {
        await pointerReady(target, until, replaced(target));
        return target;
      } catch (error) {
        if (!(error instanceof ActionFailure && error.code === DETACHED) || ref !== undefined || tries >= 100) throw error;
      }
    }
  };
  let target: Element | undefined;
  if (handler.finds === 'ready') target = await ready();
  else if (handler.finds === 'one') target = await one();
  else if (handler.finds === 'one_or_none' && (ref !== undefined || selector !== undefined)) target = await one();
  const records = actionNamed(action)?.records;
  const tools: PageTools = {
    elements,
    budgetMs,
    appearMs,
    click: runner.click,
    record: (on, work, detail, late) => (records === undefined ? work() : recorded(records, correlation, on, work, detail, late)),
  };
  return handler.act(target, params, tools);
}

/**
 * Runs an action of the agent's command and records it `by: "agent"` (docs/mcp-tools.md) through the
 * recorder the relay keeps in this isolated world (none while recording is off): its target is
 * named before it acts, and the trusted events it causes (a contenteditable's input, a checkbox's
 * change, a submit) are not taken for the person's.
 */
function recorded<T>(
  type: ActionType,
  correlation: string | undefined,
  target: Element | undefined,
  work: () => T,
  detail?: AgentActDetail,
  late?: (result: T) => AgentActDetail,
): T {
  const hook = (globalThis as unknown as Record<symbol, AgentRecorder | undefined>)[Symbol.for(RECORDER_SLOT)];
  let done: ((ok: boolean, late?: AgentActDetail) => void) | undefined;
  try {
    if (correlation !== undefined) done = hook?.agent(type, correlation, target, detail);
  } catch {
    done = undefined; // recording never stands in the way of the action
  }
  let result: T | undefined;
  let ok = false;
  try {
    result = work();
    ok = true;
    return result;
  } finally {
    try {
      done?.(ok, ok && late !== undefined ? late(result as T) : undefined);
    } catch {
      // as above
    }
  }
}
