import { expect } from 'chai';
import { chromeRecording } from '../../../../extension/src/worker/recordingSetup.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('recordingSetup: whether tabs record, kept in chrome.storage and told to their frames', () => {
  let fake: FakeChrome;
  afterEach(() => fake.uninstall());

  it("starts from the daemon's last word and the tabs turned off, and tells every tracked tab when the daemon changes it", async () => {
    fake = fakeChrome({
      tabs: [
        { id: 1, url: 'http://localhost:5173/' },
        { id: 2, url: 'https://bank.example/' },
      ],
    }).install();
    await fake.chrome.storage.local.set({ recording: { actions: true, values: false } });
    await fake.chrome.storage.session.set({ recordingOff: [2] });
    const recording = chromeRecording(new TabScope());
    await recording.ready;
    expect(recording.order(1, true)).to.deep.equal({ record: true, values: false });
    expect(recording.order(2, true)).to.deep.equal({ record: false, values: false });
    recording.fromDaemon({ actions: false, values: false });
    for (let i = 0; i < 20 && !fake.calls.some((call) => call.startsWith('tabs.sendMessage')); i++)
      await new Promise((resolve) => setTimeout(resolve, 1));
    expect(fake.calls.filter((call) => call.startsWith('tabs.sendMessage'))).to.deep.equal([
      'tabs.sendMessage(1, {"type":"browsertap:recording","order":{"record":false,"values":false}})',
    ]);
    expect(await fake.chrome.storage.local.get('recording')).to.deep.equal({ recording: { actions: false, values: false } });
  });
});
