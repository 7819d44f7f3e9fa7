import { expect } from 'chai';
import { AgentWindows } from '../../../../extension/src/worker/AgentWindows.js';
import type { CaptureIntake } from '../../../../extension/src/worker/captureIntake.js';
import type { Forwarder } from '../../../../extension/src/worker/Forwarder.js';
import { listenToMessages } from '../../../../extension/src/worker/messages.js';
import type { OpenDialogs } from '../../../../extension/src/worker/OpenDialogs.js';
import type { PopupContext } from '../../../../extension/src/worker/popupApi.js';
import { RecordingState } from '../../../../extension/src/worker/RecordingState.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe("messages: what the tabs' relays and the popup tell the worker", () => {
  let fake: FakeChrome;
  let heard: unknown[];
  beforeEach(() => {
    fake = fakeChrome().install();
    heard = [];
    listenToMessages({
      scope: new TabScope(),
      recording: new RecordingState({
        load: async () => ({}),
        saveSettings: async () => undefined,
        saveOff: async () => undefined,
      }),
      dialogs: {
        report: (tabId: number, frameId: number, json: unknown) => void heard.push(['dialog', tabId, frameId, json]),
      } as unknown as OpenDialogs,
      agents: new AgentWindows(),
      forwarder: { add: (kind: string, entry: unknown) => void heard.push([kind, entry]) } as unknown as Forwarder,
      capture: { take: (...args: unknown[]) => void heard.push(['capture', ...args]) } as unknown as CaptureIntake,
      popup: {} as PopupContext,
    });
  });
  afterEach(() => fake.uninstall());

  const send = (message: unknown, sender: Partial<chrome.runtime.MessageSender>) => {
    const answers: unknown[] = [];
    const keep = fake.chrome.runtime.onMessage.fire(message, sender, (answer: unknown) => answers.push(answer))[0];
    return { keep, answers };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

  it("hands a frame's capture batch on with its tab, frame and the url its tab is tracked by", () => {
    send(
      { type: 'capture', json: '{}' },
      { tab: { id: 3, url: 'http://localhost:5173/' } as chrome.tabs.Tab, frameId: 2, url: 'http://localhost:5173/frame' },
    );
    expect(heard).to.deep.equal([['capture', '{}', 3, 2, 'http://localhost:5173/frame', 'http://localhost:5173/']]);
  });

  it("answers a frame's recording hello for its tab, and forwards its recorded actions stamped with the tab", async () => {
    const hello = send(
      { type: 'browsertap:recording-hello' },
      { tab: { id: 3 } as chrome.tabs.Tab, frameId: 0, url: 'http://localhost:5173/' },
    );
    expect(hello.keep).to.equal(true);
    await settle();
    expect(hello.answers).to.deep.equal([{ record: true, values: true }]);
    send(
      {
        type: 'browsertap:actions',
        json: JSON.stringify([{ by: 'human', type: 'click', url: 'http://localhost:5173/', ts: 1 }]),
      },
      { tab: { id: 3 } as chrome.tabs.Tab, frameId: 0, url: 'http://localhost:5173/' },
    );
    await settle();
    expect(heard).to.deep.equal([['actions', { by: 'human', type: 'click', url: 'http://localhost:5173/', ts: 1, tab_id: 3 }]]);
  });

  it("reports a page's own dialog, and takes popup requests only from the extension's own pages", () => {
    send({ type: 'browsertap:dialog-state', json: '{"state":"open"}' }, { tab: { id: 3 } as chrome.tabs.Tab, frameId: 0 });
    expect(heard).to.deep.equal([['dialog', 3, 0, '{"state":"open"}']]);
    expect(send({ type: 'popup:status' }, { id: fake.chrome.runtime.id, url: 'http://localhost:5173/' }).keep).to.equal(false);
  });
});
