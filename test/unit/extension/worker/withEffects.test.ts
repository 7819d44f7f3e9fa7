import { expect } from 'chai';
import '../../../../extension/src/inject/domActions.js';
import { EffectsRecorder } from '../../../../extension/src/worker/Effects.js';
import { TabRequests } from '../../../../extension/src/worker/TabRequests.js';
import { withEffects } from '../../../../extension/src/worker/withEffects.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

// The fake chrome runs the settle's looks here, in this jsdom page (dom-actions.js's real `settle`).

describe('withEffects: an action that can change the page, then its settle and what it caused', () => {
  let fake: FakeChrome;
  let page: ActionPage;
  const drained: number[] = [];
  const tools = () => ({
    effects: new EffectsRecorder(),
    requests: new TabRequests(),
    drain: async (id: number) => void drained.push(id),
  });

  beforeEach(() => {
    drained.length = 0;
    fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/' }] }).install();
    page = actionPage('');
  });
  afterEach(() => {
    page.close();
    fake.uninstall();
  });

  it('waits for a page whose DOM changes until it is quiet, then says it settled and drains', async () => {
    const changes = setInterval(() => page.document.body.append('.'), 10);
    setTimeout(() => clearInterval(changes), 60);
    const started = Date.now();
    const result = (await withEffects(tools(), 1, {}, Date.now() + 5_000, async () => ({
      success: true,
      data: { clicked: true },
    }))) as {
      data: { clicked: boolean; effects: { settled: boolean } };
    };
    expect(result.data.clicked).to.equal(true);
    expect(result.data.effects).to.deep.include({ settled: true });
    // Quiet for 100 ms after the last change.
    expect(Date.now() - started).to.be.within(150, 1_500);
    expect(drained).to.deep.equal([1]);
  });

  it('does not look at all with settle_ms 0, and says where the page went when it navigated', async () => {
    const work = async () => {
      Object.assign(fake.tabs.get(1) as object, { url: 'http://localhost:5173/done' });
      return { success: true as const, data: {} };
    };
    const result = (await withEffects(tools(), 1, { settle_ms: 0 }, Date.now() + 5_000, work)) as {
      data: { effects: Record<string, unknown> };
    };
    expect(result.data.effects).to.deep.include({ settled: false, navigated_to: 'http://localhost:5173/done' });
    expect(fake.calls.some((call) => call.includes('callSlot'))).to.equal(false);
  });

  it('gives up within its settle when the page never settles', async () => {
    const changes = setInterval(() => page.document.body.append('.'), 10);
    const started = Date.now();
    const result = (await withEffects(tools(), 1, { settle_ms: 150 }, Date.now() + 5_000, async () => ({
      success: true,
      data: {},
    }))) as {
      data: { effects: { settled: boolean; settle_ms: number } };
    };
    clearInterval(changes);
    expect(result.data.effects.settled).to.equal(false);
    expect(Date.now() - started).to.be.within(140, 1_000);
  });
});
