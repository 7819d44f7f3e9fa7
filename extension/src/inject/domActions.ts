import type { PageOutcome } from '../shared/commands.js';
import { SLOT } from '../shared/commands.js';
import { ActionFailure } from './ActionFailure.js';
import { click } from './actions/pointer.js';
import { handlerFor } from './pageHandlers.js';
import type { Params } from './PageHandler.js';
import { runPageAction } from './pageRun.js';
import { RefRegistry } from './refs.js';
import { acted } from './settleWatch.js';

/** This document's refs (docs/mcp-tools.md): a new document, after a navigation, starts with none. */
const refs = new RefRegistry();

/**
 * The page actions of docs/mcp-tools.md, in the extension's isolated world (the page's DOM, none of
 * its JavaScript): each by its family's handler (pageHandlers.ts), through one pipeline
 * (pageRun.ts). `budgetMs` is what is left of the command's execution limit; waits end before it.
 * `settleSince`: the action will be settled as the one that began then (ms since the epoch), so
 * its timers are looked for here.
 */
export async function domAction(
  action: string,
  params: Params,
  budgetMs: number,
  settleSince?: number,
  correlationId?: string,
): Promise<PageOutcome> {
  if (typeof settleSince === 'number') acted(settleSince);
  const correlation = typeof correlationId === 'string' ? correlationId : undefined;
  try {
    const handler = handlerFor(action);
    if (handler === undefined)
      throw new ActionFailure('unknown_action', `The extension does not know the page action "${action}"`);
    const data = await runPageAction(action, handler, params, Math.max(0, budgetMs), correlation, { refs, click });
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ActionFailure)
      return { ok: false, code: error.code, message: error.message, ...(error.timeout ? { timeout: true } : {}) };
    const thrown = error as Error;
    return {
      ok: false,
      code: 'page_error',
      name: thrown?.name ?? 'Error',
      message: String(thrown?.message ?? error),
      ...(thrown?.stack ? { stack: thrown.stack } : {}),
    };
  }
}

const global = globalThis as unknown as Record<symbol, unknown>;
if (typeof global[Symbol.for(SLOT.dom)] !== 'function') {
  Object.defineProperty(global, Symbol.for(SLOT.dom), { value: domAction, enumerable: false });
}
