import { expect } from 'chai';
import { callInPage, success } from '../../../../extension/src/worker/pageCall.js';
import { ACTING_SLOT } from '../../../../extension/src/shared/actions.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';
import { type FakeChrome, fakeChrome, type Injection } from '../support/fakeChrome.js';

const SLOT = 'browsertap.test-helper';
const global = globalThis as unknown as Record<symbol, unknown>;

describe('pageCall: calling an injected helper in a tab, as the worker does for every page action', () => {
  let fake: FakeChrome;
  const tab = { id: 1, url: 'http://localhost:5173/' } as chrome.tabs.Tab;
  let page: ActionPage;
  // callSlot tells the page's capture it acts with DOM events: a document to dispatch them on.
  beforeEach(() => (page = actionPage('')));
  afterEach(() => {
    page.close();
    fake.uninstall();
    delete global[Symbol.for(SLOT)];
    delete global[Symbol.for(ACTING_SLOT)];
    delete global[Symbol.for('browsertap.once')];
  });

  it("injects the helper's file into a document that lacks it, then calls it", async () => {
    // executeScript runs its function here, as if this were the page; the file installs the helper.
    fake = fakeChrome({
      tabs: [{ id: 1 }],
      inject: async (injection: Injection) => {
        if (injection.files !== undefined) global[Symbol.for(SLOT)] = async (a: number, b: number) => ({ ok: true, data: a + b });
        return [
          { frameId: 0, result: injection.func === undefined ? undefined : await injection.func(...(injection.args ?? [])) },
        ];
      },
    }).install();
    expect(await callInPage(tab, 'ISOLATED', SLOT, 'helper.js', [2, 3], Date.now() + 1_000)).to.deep.equal({ ok: true, data: 5 });
    expect(fake.calls.filter((call) => call.includes('helper.js'))).to.have.length(1);
  });

  it("tells the frame's recorder that browsertap acts around a call in the page's own world", async () => {
    const orders: unknown[] = [];
    global[Symbol.for(ACTING_SLOT)] = (order: unknown) => orders.push(order);
    global[Symbol.for(SLOT)] = () => ({ ok: true, data: null });
    fake = fakeChrome({ tabs: [{ id: 1 }] }).install();
    await callInPage(tab, 'MAIN', SLOT, 'helper.js', [], Date.now() + 1_000);
    expect(orders.map((order) => (order as { acting: string }).acting)).to.deep.equal(['start', 'end']);
  });

  it('says the page navigated when the call came back with nothing, and that it cannot run where Chrome refuses', async () => {
    fake = fakeChrome({ tabs: [{ id: 1 }], inject: () => [{ frameId: 0, result: undefined }] }).install();
    expect(
      await callInPage(tab, 'ISOLATED', SLOT, 'helper.js', [], Date.now() + 1_000).catch((error: unknown) => error),
    ).to.deep.include({ code: 'page_navigated' });
    fake.uninstall();
    fake = fakeChrome({
      tabs: [{ id: 1 }],
      inject: () => {
        throw new Error('Cannot access a chrome:// URL');
      },
    }).install();
    const refused = await callInPage(tab, 'ISOLATED', SLOT, 'helper.js', [], Date.now() + 1_000).catch((error: unknown) => error);
    expect(refused).to.deep.include({
      code: 'cannot_access_page',
      message: 'The extension cannot run in tab 1 (http://localhost:5173/): Cannot access a chrome:// URL',
    });
  });

  it('tries once more after the document went away while the call was injected', async () => {
    let tries = 0;
    fake = fakeChrome({
      tabs: [{ id: 1 }],
      inject: () => {
        if (++tries === 1) throw new Error('Frame with ID 0 was removed.');
        return [{ frameId: 0, result: { ok: true, data: 'again' } }];
      },
    }).install();
    expect(await callInPage(tab, 'ISOLATED', SLOT, 'helper.js', [], Date.now() + 1_000)).to.deep.equal({
      ok: true,
      data: 'again',
    });
    expect(tries).to.equal(2);
  });

  it("turns a page's outcome into the command's result or its failure", () => {
    expect(success({ ok: true, data: 1 })).to.deep.equal({ success: true, data: 1 });
    expect(() => success({ ok: false, code: 'stale_ref', message: 'Ref e1 is stale', timeout: true }))
      .to.throw('Ref e1 is stale')
      .with.property('code', 'stale_ref');
  });
});
