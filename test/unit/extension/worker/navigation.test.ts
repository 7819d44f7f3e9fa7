import { expect } from 'chai';
import { NAVIGATION } from '../../../../extension/src/worker/actions/navigation.js';
import type { OpenDialogs } from '../../../../extension/src/worker/OpenDialogs.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('worker actions: the navigation family (navigate, refresh, back, forward, new_tab, close_tab)', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/', title: 'Shop' }] }).install()));
  afterEach(() => fake.uninstall());

  it('navigates the tab with browsertap acting there, waits for the new page, and tracks it', async () => {
    const { tools, log } = commandTools({ type: 'navigate', params: { url: 'http://localhost:5173/cart' } });
    const result = await NAVIGATION.navigate(tools);
    expect(result).to.deep.equal({ success: true, data: { tab_id: 1, title: 'Shop' } });
    expect(log).to.deep.equal([
      'target true',
      'track 1 http://localhost:5173/cart',
      'withEffects 1 loads',
      'order 1 {"acting":"start","for_ms":' + log[3]?.match(/"for_ms":(\d+)/)?.[1] + '}',
      'order 1 {"acting":"end","for_ms":0}',
    ]);
    expect(fake.calls).to.include('tabs.update(1, {"url":"http://localhost:5173/cart"})');
  });

  it('says where a redirect went: the url, when it is not the one asked for', async () => {
    const { tools } = commandTools({ type: 'navigate', params: { url: 'http://localhost:5173/old' } });
    fake.chrome.tabs.update = async (id: number) => (fake.load(id, 'http://localhost:5173/new'), fake.chrome.tabs.get(id));
    expect(await NAVIGATION.navigate(tools)).to.deep.equal({
      success: true,
      data: { tab_id: 1, url: 'http://localhost:5173/new', title: 'Shop' },
    });
  });

  it("reloads, goes back and forward with the browser's own buttons", async () => {
    for (const type of ['refresh', 'back', 'forward'] as const) await NAVIGATION[type](commandTools({ type }).tools);
    expect(fake.calls.filter((call) => call.startsWith('tabs.'))).to.deep.equal([
      'tabs.reload(1)',
      'tabs.goBack(1)',
      'tabs.goForward(1)',
    ]);
  });

  it("moves a replay's back and forward through the page's own history", async () => {
    fake.uninstall();
    const moves: unknown[] = [];
    fake = fakeChrome({
      tabs: [{ id: 1 }],
      inject: (injection) => (moves.push(injection.args), fake.load(1), [{ frameId: 0 }]),
    }).install();
    await NAVIGATION.back(commandTools({ type: 'back', params: { in_page: true } }).tools);
    await NAVIGATION.forward(commandTools({ type: 'forward', params: { in_page: true } }).tools);
    expect(moves).to.deep.equal([[-1], [1]]);
    expect(fake.calls.some((call) => call.startsWith('tabs.go'))).to.equal(false);
  });

  it('says no_history when the tab cannot go back', async () => {
    fake.chrome.tabs.goBack = async () => {
      throw new Error('Cannot find a next page in history.');
    };
    const failure = await NAVIGATION.back(commandTools({ type: 'back' }).tools).catch((error: unknown) => error);
    expect(failure).to.deep.include({
      code: 'no_history',
      message: 'Cannot go back in tab 1: Cannot find a next page in history.',
    });
  });

  it('opens a new tab to work in: its origin registered, the command acting there, tracked once loaded', async () => {
    const { tools, log } = commandTools({ type: 'new_tab', params: { url: 'http://localhost:5173/new' } });
    const result = (await NAVIGATION.new_tab(tools)) as { data: { tab_id: number } };
    expect(result.data.tab_id).to.equal(100);
    expect(log).to.deep.equal([
      'registerOrigin http://localhost:5173/new',
      'enter 100',
      'track 100 http://localhost:5173/new',
      'withEffects 100 loads',
    ]);
  });

  it('closes the tab and forgets it as the place of the next command; a leave-site prompt is discarded first', async () => {
    const { tools, log } = commandTools({ type: 'close_tab' });
    expect(await NAVIGATION.close_tab(tools)).to.deep.equal({
      success: true,
      data: { closed: 1, url: 'http://localhost:5173/' },
    });
    expect(log.at(-1)).to.equal('leftTab');
    expect(fake.tabs.has(1)).to.equal(false);
    fake.tabs.set(2, { ...(await fake.chrome.tabs.create({ url: 'http://x.test/' })), id: 2 });
    const held = commandTools(
      { type: 'close_tab' },
      { dialogs: { said: () => ({ type: 'beforeunload' }) } as unknown as OpenDialogs },
      2,
    );
    await NAVIGATION.close_tab(held.tools);
    expect(
      fake.calls.filter((call) => call.startsWith('tabs.discard') || call.startsWith('tabs.remove')).slice(-2),
    ).to.deep.equal(['tabs.discard(2)', 'tabs.remove(101)']);
  });
});
