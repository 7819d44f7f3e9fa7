import type { PageFamily } from '../../../src/domain/browserActions/BrowserAction.js';
import type { ActionsOf } from '../../../src/domain/browserActions/table.js';
import type { AgentActDetail } from '../shared/actions.js';
import type { Elements } from './Elements.js';

export type Params = Readonly<Record<string, unknown>>;

/**
 * What the page pipeline finds before a handler acts (pageRun.ts): `ready` the element by ref or
 * selector, waited for until a pointer can act on it (Playwright's actionability); `one` the
 * element, waited for until it is there; `one_or_none` the element when a ref or selector is
 * given, else nothing; `nothing` leaves it to the handler.
 */
export type Finds = 'ready' | 'one' | 'one_or_none' | 'nothing';

/** What a handler acts with, beside its element and params. */
export interface PageTools {
  readonly elements: Elements;
  /** What is left of the command's execution limit (ms): waits end before it. */
  readonly budgetMs: number;
  /** How long an element is waited for to appear: 2 s, or the budget when less (ms). */
  readonly appearMs: number;
  /**
   * Runs `work` as the agent's action on `target` and records it `by: "agent"` as the action
   * table says this action is recorded (pageRun.ts `recorded`); `detail` is known before it acts,
   * `late` from its result.
   */
  record<T>(target: Element | undefined, work: () => T, detail?: AgentActDetail, late?: (result: T) => AgentActDetail): T;
  /** The pointer pipeline's click (actions/pointer.ts): what a mouse click fires. */
  click(element: Element): unknown;
}

/** One page action's handler, registered under its name in its family's file (pageHandlers.ts). */
export interface PageHandler {
  readonly finds: Finds;
  readonly act: (target: Element | undefined, params: Params, page: PageTools) => unknown;
}

/** A page family's handlers: one for each of its actions in the table, and no other. */
export type FamilyHandlers<F extends PageFamily> = { readonly [K in ActionsOf<F>]: PageHandler };
