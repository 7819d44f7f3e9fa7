import { CommandFailure } from '../../shared/commands.js';
import { REPORT_MARGIN_MS } from '../withEffects.js';
import type { FamilyHandlers } from './WorkerHandler.js';

/** The person points for the agent (Pointing.ts); the pick reaches the daemon first, the result then names it. */
export const PICKS: FamilyHandlers<'picks'> = {
  pick: async (tools) => {
    const { params, query, deadline, signal } = tools;
    const pointing = tools.pointing;
    if (pointing === undefined) throw new CommandFailure('unknown_action', 'This extension cannot point');
    const tab = await tools.pageTab();
    return tools.actIn(tab, async () => {
      const pick = await pointing.point(tab.id as number, {
        via: 'agent',
        ...(typeof params.prompt === 'string' ? { prompt: params.prompt } : {}),
        correlationId: query.correlation_id,
        limitMs: Math.max(0, deadline - Date.now() - REPORT_MARGIN_MS),
        signal,
      });
      tools.page.picked?.(pick);
      return { success: true, data: { picked: true } };
    });
  },
};
