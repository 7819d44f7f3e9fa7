import type { PageFamily } from '../../../src/domain/browserActions/BrowserAction.js';
import type { ActionsOf } from '../../../src/domain/browserActions/table.js';
import { ActionFailure } from './ActionFailure.js';
import { FORM } from './actions/form.js';
import { KEYBOARD } from './actions/keyboard.js';
import { POINTER } from './actions/pointer.js';
import { READING } from './actions/reading.js';
import { SCROLLING } from './actions/scrolling.js';
import type { Elements } from './Elements.js';
import { PAGE_CALLS } from './pageCalls.js';
import type { PageHandler, Params } from './PageHandler.js';

/**
 * Every page action's handler, a family's file at a time: the type makes each action of a page
 * family in the table have exactly one (docs/architecture.md, "Adding an action").
 */
export const PAGE_HANDLERS: { readonly [K in ActionsOf<PageFamily>]: PageHandler } = {
  ...POINTER,
  ...KEYBOARD,
  ...FORM,
  ...SCROLLING,
  ...READING,
};

/** The handler of a page action, or of one of the worker's own page calls; undefined for anything else. */
export function handlerFor(name: string): PageHandler | undefined {
  if (Object.hasOwn(PAGE_HANDLERS, name)) return (PAGE_HANDLERS as Record<string, PageHandler>)[name];
  if (Object.hasOwn(PAGE_CALLS, name)) return (PAGE_CALLS as Record<string, PageHandler>)[name];
  return undefined;
}

/**
 * What page action `name` does on an element already found, with `click` for the pointer's click
 * and nothing recorded: the act alone, for an element at hand (its unit tests). `unknown_action`
 * for a name that is no page action's.
 */
export function actOn(name: string, target: Element | undefined, params: Params, click: (element: Element) => unknown): unknown {
  const handler = handlerFor(name);
  if (handler === undefined) throw new ActionFailure('unknown_action', `The extension does not know the page action "${name}"`);
  const elements = new Proxy({} as Elements, {
    get: () => {
      throw new Error(`actOn: ${name} looks for elements; run it with runPageAction`);
    },
  });
  return handler.act(target, params, { elements, budgetMs: 0, appearMs: 0, click, record: (_on, work) => work() });
}
