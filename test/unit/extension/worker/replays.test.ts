import { expect } from 'chai';
import { REPLAYS } from '../../../../extension/src/worker/actions/replays.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('worker actions: the replay family', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/' }] }).install()));
  afterEach(() => fake.uninstall());

  it("runs the daemon's steps as the commands they name, each with the replay's settle", async () => {
    const { tools, log } = commandTools({
      type: 'replay',
      params: {
        settle_ms: 0,
        steps: [
          { id: 'load', type: 'navigate', params: { url: 'http://localhost:5173/' } },
          { id: 'a2', type: 'click', params: { selector: '#go' } },
        ],
      },
    });
    expect(await REPLAYS.replay(tools)).to.deep.equal({
      success: true,
      data: {
        steps: [
          { id: 'load', ok: true },
          { id: 'a2', ok: true },
        ],
      },
    });
    expect(log).to.deep.equal([
      'step navigate {"url":"http://localhost:5173/","settle_ms":0}',
      'step click {"selector":"#go","settle_ms":0}',
    ]);
  });

  it("looks at the url of the replay's tab for a navigation its step caused", async () => {
    const { tools } = commandTools(
      {
        type: 'replay',
        params: {
          steps: [
            { id: 'a1', type: 'click', params: { selector: '#link' } },
            { id: 'a2', type: 'caused', params: { url: 'http://localhost:5173/' }, caused_by: 'a1', navigates: true },
          ],
        },
      },
      { actedIn: () => 1 },
    );
    const result = (await REPLAYS.replay(tools)) as { data: { steps: unknown[] } };
    expect(result.data.steps[1]).to.deep.equal({ id: 'a2', ok: true, caused_by: 'a1' });
  });
});
