import { expect } from 'chai';
import { DIALOGS } from '../../../../extension/src/worker/actions/dialogs.js';
import type { OpenDialogs } from '../../../../extension/src/worker/OpenDialogs.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('worker actions: the dialog family', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1 }] }).install()));
  afterEach(() => fake.uninstall());

  it("orders the page's dialog hooks to answer the next dialog, with a prompt's text", async () => {
    const { tools, log } = commandTools({ type: 'dialog', params: { accept: true, text: 'Ada' } });
    expect(await DIALOGS.dialog(tools)).to.deep.equal({ success: true, data: { tab_id: 1, next_dialog: 'accept', text: 'Ada' } });
    expect(log).to.deep.equal(['target false', 'order 1 {"answer":{"accept":true,"text":"Ada"}}']);
  });

  it('closes a dialog the page already sits in with this answer', async () => {
    const open = { tabId: 1, frameId: 0, type: 'alert', message: 'hi' };
    const dialogs = {
      blocking: async () => open,
      close: async (_d: unknown, accept: boolean) => ({
        type: 'alert',
        message: 'hi',
        answer: accept ? 'accepted' : 'dismissed',
      }),
    } as unknown as OpenDialogs;
    const { tools } = commandTools({ type: 'dialog', params: { accept: false } }, { dialogs });
    expect(await DIALOGS.dialog(tools)).to.deep.equal({
      success: true,
      data: { tab_id: 1, closed: { type: 'alert', message: 'hi', answer: 'dismissed' } },
    });
  });

  it('says cannot_access_page when the tab has no capture to answer for it', async () => {
    const { tools } = commandTools({ type: 'dialog', params: { accept: true } });
    const refused = commandTools(
      { type: 'dialog', params: { accept: true } },
      { page: { ...tools.page, order: async () => false } },
    );
    expect(await DIALOGS.dialog(refused.tools).catch((error: unknown) => error)).to.deep.include({ code: 'cannot_access_page' });
  });
});
