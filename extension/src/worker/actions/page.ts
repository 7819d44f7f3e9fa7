import { actionNamed } from '../../../../src/domain/browserActions/table.js';
import { SLOT } from '../../shared/commands.js';
import { frameOf } from '../frames.js';
import { success } from '../pageCall.js';
import { REPORT_MARGIN_MS } from '../withEffects.js';
import type { CommandTools } from './WorkerHandler.js';

/**
 * A page family's action, from the worker's side: the page's handler runs it in the tab's
 * isolated world (inject/pageHandlers.ts), in the frame its ref names; one that can change the
 * page (the action table's `effects: "settle"`) is then settled and reports what it caused.
 */
export async function inPage(tools: CommandTools): Promise<unknown> {
  const { query, deadline, once } = tools;
  const tab = await tools.pageTab();
  const { frameId, params: own } = frameOf(tools.params);
  const budget = deadline - Date.now() - REPORT_MARGIN_MS;
  // `since`: the settle that follows knows the action ran in this document (its timers count).
  const act = async (since?: number) =>
    success(
      await tools.callInPage(
        tab,
        'ISOLATED',
        SLOT.dom,
        'dom-actions.js',
        [query.type, own, budget, since, query.correlation_id],
        frameId,
        once,
      ),
    );
  if (actionNamed(query.type)?.effects !== 'settle') return tools.actIn(tab, act);
  return tools.withEffects(tab.id as number, act);
}
