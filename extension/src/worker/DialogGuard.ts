import { actionNamed } from '../../../src/domain/browserActions/table.js';
import type { CommandFailure } from '../shared/commands.js';
import { dialogOpen } from './dialogOpen.js';
import type { OpenDialogs } from './OpenDialogs.js';

/**
 * What an action does to a page's own dialog (the action table's `dialogs`, measured in Chromium
 * 156): a navigation starting in the tab closes an alert, confirm or prompt, and so does closing
 * the tab. A leave-site prompt holds navigations back: only closing the tab ends that one.
 */
const dialogsOf = (action: string) => actionNamed(action)?.dialogs;

/**
 * One command's view of its tab's dialogs (docs/mcp-tools.md: no command hangs on one). Once the command's
 * tab is known (`enter`), a dialog the page opened while browsertap was not acting refuses the
 * command at once with `dialog_open`, unless the action ends that dialog itself; and a dialog
 * that opens there while the command runs (a page that alerts as it loads, a frame's dialog)
 * ends it the same way (`blocked` rejects), instead of the command waiting for its execution
 * limit behind it. Interact's `dialog` action is left to look for itself: it closes such a
 * dialog; `close_tab` ends any.
 */
export class DialogGuard {
  /** Rejects with `dialog_open` when a dialog blocks the command's tab while it runs; never resolves. */
  readonly blocked: Promise<never>;
  private reject!: (failure: CommandFailure) => void;
  private stopWatching: () => void = () => undefined;
  private stopped = false;

  constructor(
    private readonly dialogs: OpenDialogs,
    private readonly action: string,
  ) {
    this.blocked = new Promise<never>((_, reject) => (this.reject = reject));
    this.blocked.catch(() => undefined); // a command that lost the race to its own result is no unhandled rejection
  }

  /**
   * The command acts in `tabId` now: throws `dialog_open` if a dialog there blocks it. `action` is
   * what acts, when it is not the command itself: a replay's step (its first, a navigation, ends
   * a dialog the page left open as a navigation command does).
   */
  async enter(tabId: number, action = this.action): Promise<void> {
    const dialogs = dialogsOf(action);
    if (dialogs === 'answers' || this.stopped) return;
    const open = await this.dialogs.blocking(tabId);
    const ends = open?.type === 'beforeunload' ? dialogs === 'ends_any' : dialogs === 'ends' || dialogs === 'ends_any';
    if (open !== undefined && !ends) throw dialogOpen(open);
    if (dialogs === 'ends_any' || this.stopped) return;
    this.stopWatching();
    const during = action === this.action ? action : `${this.action} (its ${action} step)`;
    this.stopWatching = this.dialogs.watch(tabId, (dialog) => this.reject(dialogOpen(dialog, undefined, during)));
  }

  /** The command is done. */
  stop(): void {
    this.stopped = true;
    this.stopWatching();
  }
}
