import { expect } from 'chai';
import { SCREENSHOTS } from '../../../../extension/src/worker/actions/screenshots.js';
import { commandTools } from '../support/commandTools.js';
import { type FakeChrome, fakeChrome, ONE_PIXEL_PNG } from '../support/fakeChrome.js';

describe('worker actions: the screenshot family', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/', active: true }] }).install()));
  afterEach(() => fake.uninstall());

  it('captures what the active tab shows, as Chrome encoded it when it fits', async () => {
    const { tools } = commandTools({ type: 'screenshot' });
    const result = (await SCREENSHOTS.screenshot(tools)) as { data: { image: unknown; tab_id: number } };
    expect(result.data.image).to.deep.equal({ mime_type: 'image/png', base64: ONE_PIXEL_PNG, width: 1, height: 1 });
    expect(result.data.tab_id).to.equal(1);
  });

  it('refuses to cut out an element of a cross-origin frame before touching the tab', async () => {
    const { tools, log } = commandTools({ type: 'screenshot', params: { ref: 'f3e12' } });
    const failure = await SCREENSHOTS.screenshot(tools).catch((error: unknown) => error);
    expect(failure).to.deep.include({ code: 'invalid_params' });
    expect(log).to.deep.equal([]);
  });
});
