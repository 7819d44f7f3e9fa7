import { expect } from 'chai';
import { capturePaced } from '../../../../extension/src/worker/capturePaced.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('worker: captures paced to Chrome’s two a second', () => {
  let fake: FakeChrome;
  beforeEach(async () => {
    fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/', active: true }] }).install();
    await sleep(1_100); // the window of another test's captures has closed
  });
  afterEach(() => fake.uninstall());

  it('takes a second screenshot right after the first at once, and holds a third until Chrome’s second is over', async () => {
    const first = await capturePaced(1, 'png', 80);
    const second = await capturePaced(1, 'png', 80);
    const third = await capturePaced(1, 'png', 80);
    expect(second.startedAt - first.startedAt).to.be.below(100, 'the second waited for nothing');
    expect(third.startedAt - first.startedAt).to.be.within(1_000, 1_200, 'the third waited for the window to close');
  });
});
