import { SLOT } from '../../shared/commands.js';
import { success } from '../pageCall.js';
import type { FamilyHandlers } from './WorkerHandler.js';

/** The agent's script, in the page's MAIN world through its page runner (inject/runScript.ts). */
export const SCRIPT: FamilyHandlers<'script'> = {
  execute_js: async (tools) => {
    const tab = await tools.pageTab();
    return success(
      await tools.actIn(tab, () =>
        tools.callInPage(tab, 'MAIN', SLOT.run, 'page-runner.js', [String(tools.params.script ?? '')], 0, tools.once),
      ),
    );
  },
};
