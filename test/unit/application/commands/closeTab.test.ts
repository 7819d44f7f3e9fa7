import { expect } from 'chai';
import { ReadPages, type TabsPayload } from '../../../../src/application/capture/ReadPages.js';
import { RecordPageEvent } from '../../../../src/application/capture/RecordPageEvent.js';
import { lifecycleHarness } from '../../../support/lifecycleHarness.js';

/**
 * `close_tab`'s answer is the daemon's word that the tab is gone: the extension's own "tab
 * closed" page event travels on another request and may land after the agent's next read.
 */
describe('a close_tab that completed forgets its tab at once', () => {
  let h: ReturnType<typeof lifecycleHarness>;
  const tabIds = () => (h.container.get(ReadPages).execute({ what: 'tabs' }) as TabsPayload).tabs.map((tab) => tab.tab_id);

  beforeEach(() => {
    h = lifecycleHarness();
    const pages = h.container.get(RecordPageEvent);
    pages.execute({ tab_id: 7, url: 'http://localhost:3000/a', title: 'a', event: 'load' });
    pages.execute({ tab_id: 8, url: 'http://localhost:3000/b', title: 'b', event: 'load' });
  });

  afterEach(() => h.stop());

  it('observe tabs no longer lists the closed tab before its page event arrives', () => {
    const id = h.queue('client-1', { action: 'close_tab', params: {}, tabId: 8 });
    h.poll();
    h.report(id, 'pending');
    h.report(id, 'complete', { result: { success: true, data: { closed: 8, url: 'http://localhost:3000/b' } } });
    expect(tabIds()).to.deep.equal([7]);
  });

  it('keeps the tab when close_tab failed, and when another action reports a `closed` field', () => {
    const failed = h.queue('client-1', { action: 'close_tab', params: {}, tabId: 8 });
    h.poll();
    h.report(failed, 'pending');
    h.report(failed, 'error', { error: 'dialog_open', message: 'held', result: { data: { closed: 8 } } });
    const other = h.queue('client-1', { action: 'execute_js', params: { script: 'return 1' }, tabId: 7 });
    h.poll();
    h.report(other, 'pending');
    h.report(other, 'complete', { result: { success: true, data: { closed: 7 } } });
    expect(tabIds()).to.deep.equal([8, 7]);
  });
});
