import { ACTIONS } from '../../../src/domain/browserActions/table.js';
import { CommandFailure } from '../shared/commands.js';
import type { NativeDialogType } from '../shared/protocol.js';

/** A dialog a page opened while browsertap was not acting: the browser's own, blocking its frame (OpenDialogs.ts). */
export interface OpenDialog {
  readonly tabId: number;
  readonly frameId: number;
  readonly type: NativeDialogType;
  readonly message: string;
}

const DIALOG = ACTIONS.dialog.name;

/** What the agent can do about each kind of open dialog. */
export const NEXT_STEP: Readonly<Record<NativeDialogType, string>> = {
  alert: `close it with interact {action:"${DIALOG}", accept:true}, or navigate or close the tab`,
  confirm: `it opened while browsertap was not acting, so only the user can accept it: dismiss it with interact {action:"${DIALOG}", accept:false}, or navigate or close the tab`,
  prompt: `it opened while browsertap was not acting, so only the user can accept it: dismiss it with interact {action:"${DIALOG}", accept:false}, or navigate or close the tab`,
  beforeunload: `the page asked the user whether to leave it, and only the user can answer (navigations wait behind it): close the tab with interact {action:"${ACTIONS.close_tab.name}"}, or ask the user`,
};

export function describeDialog(dialog: OpenDialog): string {
  const what =
    dialog.type === 'alert'
      ? 'An alert'
      : dialog.type === 'beforeunload'
        ? 'A leave-site prompt (beforeunload)'
        : `A ${dialog.type} dialog`;
  const where = dialog.frameId === 0 ? `in tab ${dialog.tabId}` : `in a frame of tab ${dialog.tabId}`;
  return `${what} ${where}${dialog.type === 'beforeunload' ? '' : ` (${JSON.stringify(dialog.message)})`}`;
}

/**
 * The `dialog_open` failure: a command for a tab whose page sits in a dialog it opened while
 * browsertap was not acting (`during`: the command that was running when it opened; `accept`:
 * the `dialog` action with `accept: true` for a dialog only the user can accept).
 */
export function dialogOpen(dialog: OpenDialog, why?: 'accept', during?: string): CommandFailure {
  if (why === 'accept') {
    return new CommandFailure(
      'dialog_open',
      `${describeDialog(dialog)} is open: it opened while browsertap was not acting, and Chrome lets an extension only dismiss such a dialog: ask the user to click OK, or dismiss it with interact {action:"${DIALOG}", accept:false}`,
    );
  }
  const state = during === undefined ? 'is open' : `opened while ${during} ran (${during} was left waiting behind it)`;
  return new CommandFailure('dialog_open', `${describeDialog(dialog)} ${state}: ${NEXT_STEP[dialog.type]}`);
}
