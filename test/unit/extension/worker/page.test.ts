import { expect } from 'chai';
import { inPage } from '../../../../extension/src/worker/actions/page.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe("worker actions: a page family's action from the worker's side", () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1 }] }).install()));
  afterEach(() => fake.uninstall());

  it('calls the page handler in the isolated world with its budget and command, remembered, and settles what can change the page', async () => {
    const { tools, log } = commandTools({ type: 'click', params: { selector: '#go' } });
    expect(await inPage(tools)).to.deep.equal({ success: true, data: { called: 'click' } });
    expect(log[0]).to.equal('pageTab');
    expect(log[1]).to.equal('withEffects 1');
    expect(log[2]).to.match(/^callInPage ISOLATED dom-actions\.js \["click",\{"selector":"#go"\},\d+,\d+,"corr-1-00000000"\]$/);
  });

  it('only drains after what cannot change the page, and acts in the frame its ref names', async () => {
    const frames: unknown[] = [];
    const { tools, log } = commandTools(
      { type: 'hover', params: { ref: 'f7e3' } },
      {
        callInPage: async (_tab, _world, _slot, _file, args, frameId) => (
          frames.push([args[1], frameId]),
          { ok: true, data: {} }
        ),
      },
    );
    await inPage(tools);
    expect(log).to.deep.equal(['pageTab', 'drain 1']);
    expect(frames).to.deep.equal([[{ ref: 'e3' }, 7]]);
  });
});
