import { CommandFailure } from '../../shared/commands.js';
import type { FamilyHandlers } from './WorkerHandler.js';

/**
 * How to answer the tab's next dialog (page/hookDialogs.ts); a dialog the page already sits in,
 * opened while browsertap was not acting, is closed with this answer instead.
 */
export const DIALOGS: FamilyHandlers<'dialogs'> = {
  dialog: async (tools) => {
    const { params } = tools;
    const tab = await tools.target(false);
    const answer = { accept: params.accept === true, ...(typeof params.text === 'string' ? { text: params.text } : {}) };
    const open = await tools.dialogs.blocking(tab.id as number);
    if (open !== undefined) {
      // The page sits in a dialog it opened while browsertap was not acting: this answer is for that one.
      return { success: true, data: { tab_id: tab.id, closed: await tools.dialogs.close(open, answer.accept) } };
    }
    if (!(await tools.page.order(tab.id as number, { answer }))) {
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
  },
};
