import { expect } from 'chai';
import { CommandFailure } from '../../../../extension/src/shared/commands.js';
import { workerStopping } from '../../../../extension/src/worker/workerStopping.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('workerStopping: a failure caused by the browser stopping the service worker', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome().install()));
  afterEach(() => fake.uninstall());

  const stopping = (running: boolean) => {
    (globalThis as any).chrome.runtime.getPlatformInfo = async () => {
      if (!running) throw new Error('No SW');
      return { os: 'linux' };
    };
  };

  it('is the stop when the error is Chrome’s "No SW"', async () => {
    stopping(true);
    expect(await workerStopping(new Error('No SW'))).to.equal(true);
  });

  it('is the stop when the error says something else but an extension API call now gets "No SW" (a failure made of the rejection)', async () => {
    stopping(false);
    expect(await workerStopping(new Error('There is no tab 7'))).to.equal(true);
  });

  it('is the command’s own failure while the worker’s API calls are answered, or fail for another reason', async () => {
    stopping(true);
    expect(await workerStopping(new Error('There is no tab 7'))).to.equal(false);
    (globalThis as any).chrome.runtime.getPlatformInfo = async () => {
      throw new Error('Something else');
    };
    expect(await workerStopping(new Error('There is no tab 7'))).to.equal(false);
    expect(await workerStopping('No SW')).to.equal(false);
  });

  it('takes a command failure that says "No SW" (a page may write that message) at its word only when the probe says so too', async () => {
    const written = new CommandFailure('script_error', 'No SW');
    stopping(true);
    expect(await workerStopping(written)).to.equal(false);
    stopping(false);
    expect(await workerStopping(written)).to.equal(true);
  });
});
