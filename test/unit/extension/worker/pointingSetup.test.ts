import { expect } from 'chai';
import { chromePointing, personPointing } from '../../../../extension/src/worker/pointingSetup.js';
import type { Forwarder } from '../../../../extension/src/worker/Forwarder.js';
import type { SourceMaps } from '../../../../extension/src/worker/SourceMaps.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('pointingSetup: pointing on real tabs', () => {
  let fake: FakeChrome;
  afterEach(() => fake.uninstall());

  it('injects the component reader in every frame, then the pick script, and starts it only when pointing starts', async () => {
    const injected: unknown[] = [];
    fake = fakeChrome({
      tabs: [{ id: 1, url: 'http://localhost:5173/' }],
      inject: (injection) => (
        injected.push([injection.world ?? 'ISOLATED', injection.files ?? 'start', injection.target.allFrames === true]),
        [{ frameId: 0 }]
      ),
    }).install();
    const pointing = chromePointing({} as SourceMaps);
    expect(injected).to.deep.equal([]);
    void pointing.point(1, { via: 'agent', limitMs: 50, signal: new AbortController().signal }).catch(() => undefined);
    for (let i = 0; i < 20 && injected.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(injected).to.deep.equal([
      ['MAIN', ['component-chain.js'], true],
      ['ISOLATED', ['pick.js'], false],
      ['ISOLATED', 'start', false],
    ]);
  });

  it("listens for the person's shortcut, menu and the pick script's port, taking a port only from the extension itself", () => {
    fake = fakeChrome().install();
    const pointing = chromePointing({} as SourceMaps);
    personPointing(new TabScope(), pointing, { add: () => undefined } as unknown as Forwarder);
    expect(fake.chrome.commands.onCommand.listeners).to.have.length(1);
    expect(fake.chrome.contextMenus.onClicked.listeners).to.have.length(1);
    let connected = 0;
    (pointing as unknown as { connected: () => void }).connected = () => void connected++;
    fake.chrome.runtime.onConnect.fire({ name: 'browsertap:pick', sender: { id: 'someone-else' } });
    fake.chrome.runtime.onConnect.fire({
      name: 'browsertap:pick',
      sender: { id: fake.chrome.runtime.id },
      onMessage: { addListener() {} },
      onDisconnect: { addListener() {} },
      postMessage() {},
    });
    expect(connected).to.equal(1);
  });
});
