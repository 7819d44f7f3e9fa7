import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { CommandFailure } from '../../../extension/src/shared/commands.js';
import { markedUrl, unmarkedUrl } from '../../../extension/src/shared/dialogFragment.js';
import { DialogGuard } from '../../../extension/src/worker/DialogGuard.js';
import { DIALOG_WAITS, type DialogPorts, OpenDialogs } from '../../../extension/src/worker/OpenDialogs.js';

const said = (state: 'open' | 'closed', type: string, message = '', result?: unknown) =>
  JSON.stringify({ state, type, message, ...(result === undefined ? {} : { result }) });

/**
 * Ports whose frames answer unless `blocked` holds them (as a page sitting in a dialog cannot);
 * a navigation closes the tab's dialogs the way Chrome does, and the page then says so.
 */
function setup(options: { pageSaysClosed?: boolean; navigationCloses?: boolean; url?: string } = {}) {
  const clock = createClock(0);
  const blocked = new Set<string>();
  const navigations: Array<{ tabId: number; url: string }> = [];
  let dialogs!: OpenDialogs;
  const ports: DialogPorts = {
    answers: async (tabId, frameId, ms) => {
      if (!blocked.has(`${tabId}:${frameId}`)) return true;
      await new Promise((resolve) => clock.setTimeout(resolve, ms));
      return false;
    },
    url: async () => options.url ?? 'http://localhost:5173/todos?x=1',
    navigate: async (tabId, url) => {
      navigations.push({ tabId, url });
      if (options.navigationCloses === false) return;
      for (const key of [...blocked]) {
        if (!key.startsWith(`${tabId}:`)) continue;
        blocked.delete(key);
        if (options.pageSaysClosed !== false)
          dialogs.report(tabId, Number(key.split(':')[1]), said('closed', 'confirm', '', false));
      }
    },
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
  };
  dialogs = new OpenDialogs(ports);
  /** A page opening its own dialog: it says so, and its thread blocks before anyone can ask it. */
  const opens = (tabId: number, frameId: number, type: string, message: string) => {
    blocked.add(`${tabId}:${frameId}`);
    dialogs.report(tabId, frameId, said('open', type, message));
  };
  return { clock, dialogs, blocked, navigations, opens };
}

async function failure(promise: Promise<unknown>): Promise<CommandFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CommandFailure) return error;
    throw error;
  }
  throw new Error('expected a CommandFailure');
}

describe('OpenDialogs (dialogs a page opened while browsertap was not acting: docs/mcp-tools.md, nothing hangs)', () => {
  it('knows the dialog that blocks a tab, and forgets it when the page says it closed', async () => {
    const { clock, dialogs, blocked, opens } = setup();
    opens(12, 0, 'confirm', 'Delete 3 items?');
    const checked = dialogs.blocking(12);
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    expect(await checked).to.deep.equal({ tabId: 12, frameId: 0, type: 'confirm', message: 'Delete 3 items?' });
    expect(await dialogs.blocking(13)).to.equal(undefined);

    blocked.delete('12:0');
    dialogs.report(12, 0, said('closed', 'confirm', 'Delete 3 items?', true));
    expect(dialogs.said(12)).to.equal(undefined);
    expect(await dialogs.blocking(12)).to.equal(undefined);
  });

  it('does not believe a page that says a dialog is open while its frame still answers (forged, or its page was left)', async () => {
    const { dialogs } = setup();
    dialogs.report(12, 0, said('open', 'alert', 'not really'));
    expect(dialogs.said(12)?.message).to.equal('not really');
    expect(await dialogs.blocking(12)).to.equal(undefined);
    expect(dialogs.said(12), 'the stale report is dropped').to.equal(undefined);
  });

  it('ignores what is not a dialog state, and keeps a message to 500 characters', async () => {
    const { clock, dialogs, blocked } = setup();
    for (const junk of [undefined, 42, '{', 'null', said('open', 'print'), said('shut' as 'open', 'alert'), 'x'.repeat(9_000)])
      dialogs.report(1, 0, junk);
    expect(dialogs.said(1)).to.equal(undefined);
    dialogs.report(1, 0, said('open', 'alert', 'y'.repeat(2_000)));
    blocked.add('1:0');
    const checked = dialogs.blocking(1);
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    expect((await checked)?.message).to.have.length(500);
  });

  it('a tab that closes forgets its dialogs', () => {
    const { dialogs, opens } = setup();
    opens(5, 0, 'alert', 'bye');
    dialogs.forget(5);
    expect(dialogs.said(5)).to.equal(undefined);
  });

  it('closes an alert with a fragment-only navigation and says it was accepted', async () => {
    const { clock, dialogs, navigations, opens } = setup();
    opens(12, 0, 'alert', 'session expired');
    const checked = dialogs.blocking(12);
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    const closed = await dialogs.close((await checked)!, true);
    expect(closed).to.deep.equal({ type: 'alert', message: 'session expired', answer: 'accepted' });
    expect(navigations).to.deep.equal([{ tabId: 12, url: 'http://localhost:5173/todos?x=1#browsertap-dialog' }]);
    expect(dialogs.said(12)).to.equal(undefined);
  });

  it('dismisses a confirm, and refuses to accept one: only the user can (dialog_open says what can be done)', async () => {
    const { clock, dialogs, navigations, opens } = setup();
    opens(12, 0, 'confirm', 'Delete 3 items?');
    const checked = dialogs.blocking(12);
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    const dialog = (await checked)!;

    const refused = await failure(dialogs.close(dialog, true));
    expect(refused.code).to.equal('dialog_open');
    expect(refused.message).to.include('"Delete 3 items?"').and.include('only dismiss').and.include('accept:false');
    expect(navigations).to.deep.equal([]);

    expect(await dialogs.close(dialog, false)).to.deep.equal({
      type: 'confirm',
      message: 'Delete 3 items?',
      answer: 'dismissed',
    });
  });

  it('cannot answer a leave-site prompt: it says only the user or close_tab can', async () => {
    const { clock, dialogs, navigations, opens } = setup();
    opens(3, 0, 'beforeunload', '');
    const checked = dialogs.blocking(3);
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    for (const accept of [true, false]) {
      const refused = await failure(dialogs.close((await checked)!, accept));
      expect(refused.code).to.equal('dialog_open');
      expect(refused.message).to.match(/^A leave-site prompt \(beforeunload\) in tab 3 is open: .*close_tab/);
    }
    expect(navigations).to.deep.equal([]);
  });

  it('when the page never says its dialog closed, the frame answering again is enough; still blocked is dialog_open', async () => {
    const quiet = setup({ pageSaysClosed: false });
    quiet.opens(4, 0, 'alert', 'a');
    const closing = quiet.dialogs.close({ tabId: 4, frameId: 0, type: 'alert', message: 'a' }, true);
    await quiet.clock.tickAsync(DIALOG_WAITS.closeMs);
    expect((await closing).answer).to.equal('accepted');
    expect(quiet.dialogs.said(4)).to.equal(undefined);

    const stuck = setup({ navigationCloses: false });
    stuck.opens(4, 0, 'alert', 'a');
    const tries = failure(stuck.dialogs.close({ tabId: 4, frameId: 0, type: 'alert', message: 'a' }, true));
    await stuck.clock.tickAsync(DIALOG_WAITS.closeMs + DIALOG_WAITS.answerMs);
    expect((await tries).message).to.match(/did not close/);
  });

  it('a page that is not http(s) cannot be navigated to close its dialog', async () => {
    const { dialogs, opens } = setup({ url: 'chrome://settings/' });
    opens(4, 0, 'alert', 'a');
    expect((await failure(dialogs.close({ tabId: 4, frameId: 0, type: 'alert', message: 'a' }, true))).code).to.equal(
      'cannot_access_page',
    );
  });
});

describe('DialogGuard (one command against its tab’s dialogs)', () => {
  it('refuses a command at once for a tab that sits in a dialog, naming its type and message', async () => {
    const { clock, dialogs, opens } = setup();
    opens(12, 0, 'confirm', 'Delete 3 items?');
    const guard = new DialogGuard(dialogs, 'execute_js');
    const entering = failure(guard.enter(12));
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    const refused = await entering;
    expect(refused.code).to.equal('dialog_open');
    expect(refused.message).to.equal(
      'A confirm dialog in tab 12 ("Delete 3 items?") is open: it opened while browsertap was not acting, so only the user can accept it: dismiss it with interact {action:"dialog", accept:false}, or navigate or close the tab',
    );
    guard.stop();
  });

  it('lets through what ends the dialog itself: a navigation or closing the tab; the dialog action looks for itself', async () => {
    const { clock, dialogs, opens } = setup();
    opens(12, 0, 'alert', 'session expired');
    for (const action of ['navigate', 'refresh', 'back', 'forward', 'close_tab', 'dialog']) {
      const guard = new DialogGuard(dialogs, action);
      const entering = guard.enter(12);
      await clock.tickAsync(DIALOG_WAITS.answerMs);
      await entering;
      guard.stop();
    }
  });

  it('a leave-site prompt lets only close_tab through (navigations wait behind it)', async () => {
    const { clock, dialogs, opens } = setup();
    opens(3, 0, 'beforeunload', '');
    for (const [action, passes] of [
      ['close_tab', true],
      ['navigate', false],
      ['refresh', false],
    ] as const) {
      const guard = new DialogGuard(dialogs, action);
      const entering = guard.enter(3).then(
        () => 'passed',
        (error: CommandFailure) => error.code,
      );
      await clock.tickAsync(DIALOG_WAITS.answerMs);
      expect(await entering, action).to.equal(passes ? 'passed' : 'dialog_open');
      guard.stop();
    }
  });

  it('ends a running command when a dialog opens in its tab, saying it was left waiting behind it', async () => {
    const { clock, dialogs, opens } = setup();
    const guard = new DialogGuard(dialogs, 'snapshot');
    await guard.enter(12);
    let ended: CommandFailure | undefined;
    guard.blocked.catch((error: CommandFailure) => (ended = error));
    opens(13, 0, 'alert', 'another tab');
    opens(12, 2, 'prompt', 'Your name?');
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    expect(ended?.code).to.equal('dialog_open');
    expect(ended?.message).to.match(
      /^A prompt dialog in a frame of tab 12 \("Your name\?"\) opened while snapshot ran \(snapshot was left waiting behind it\): /,
    );
  });

  it('a navigation passes a dialog open before it but not one that opens while it loads; close_tab passes any', async () => {
    const { clock, dialogs, opens } = setup();
    opens(12, 0, 'alert', 'before');
    const ended: string[] = [];
    for (const action of ['navigate', 'close_tab']) {
      const guard = new DialogGuard(dialogs, action);
      const entering = guard.enter(12);
      await clock.tickAsync(DIALOG_WAITS.answerMs);
      await entering;
      guard.blocked.catch(() => ended.push(action));
    }
    opens(12, 0, 'alert', 'Welcome back'); // the new page alerts as it loads
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    expect(ended).to.deep.equal(['navigate']);
  });

  it('a replay is judged by the step that acts: its navigation passes a dialog left open, a click does not, and a dialog while a step runs names both', async () => {
    const { clock, dialogs, opens } = setup();
    opens(12, 0, 'alert', 'left open');
    const navigating = new DialogGuard(dialogs, 'replay');
    const entering = navigating.enter(12, 'navigate');
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    await entering;
    navigating.stop();
    const clicking = new DialogGuard(dialogs, 'replay');
    const refused = failure(clicking.enter(12, 'click'));
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    expect((await refused).code).to.equal('dialog_open');
    clicking.stop();

    const { clock: later, dialogs: others, opens: opensLater } = setup();
    const running = new DialogGuard(others, 'replay');
    await running.enter(12, 'navigate');
    let ended: CommandFailure | undefined;
    running.blocked.catch((error: CommandFailure) => (ended = error));
    opensLater(12, 0, 'alert', 'Welcome back');
    await later.tickAsync(DIALOG_WAITS.answerMs);
    expect(ended?.message).to.match(/opened while replay \(its navigate step\) ran/);
  });

  it('a report the frame contradicts by answering, or one after the command ended, ends nothing', async () => {
    const { clock, dialogs, opens } = setup();
    const guard = new DialogGuard(dialogs, 'click');
    await guard.enter(12);
    let ended = false;
    guard.blocked.catch(() => (ended = true));
    dialogs.report(12, 0, said('open', 'alert', 'forged')); // the frame keeps answering
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    guard.stop();
    opens(12, 0, 'alert', 'too late');
    await clock.tickAsync(DIALOG_WAITS.answerMs);
    expect(ended).to.equal(false);
  });
});

describe('the fragment browsertap navigates to, to close a dialog', () => {
  it('marks a url, keeping its own fragment after a colon, and gives the url back', () => {
    for (const url of [
      'http://localhost:5173/',
      'http://localhost:5173/a?b=1',
      'https://app.test/#/todos',
      'http://x.local/p#',
      'http://x/#a:b',
    ]) {
      const marked = markedUrl(url) as string;
      expect(marked).to.match(/#browsertap-dialog(:|$)/);
      expect(unmarkedUrl(marked), url).to.equal(url);
      expect(markedUrl(marked), 'marking twice is marking once').to.equal(marked);
    }
    expect(markedUrl('https://app.test/#/todos')).to.equal('https://app.test/#browsertap-dialog:/todos');
  });

  it('leaves other urls alone', () => {
    expect(markedUrl('chrome://newtab/')).to.equal(undefined);
    expect(markedUrl(undefined)).to.equal(undefined);
    for (const href of ['http://x/', 'http://x/#browsertap', 'http://x/#other:browsertap-dialog'])
      expect(unmarkedUrl(href)).to.equal(undefined);
  });
});
