import { expect } from 'chai';
import { AgentWindows } from '../../../../extension/src/worker/AgentWindows.js';
import type { CaptureIntake } from '../../../../extension/src/worker/captureIntake.js';
import { chromeCommands } from '../../../../extension/src/worker/commandSetup.js';
import type { Forwarder } from '../../../../extension/src/worker/Forwarder.js';
import { OpenDialogs } from '../../../../extension/src/worker/OpenDialogs.js';
import type { Pointing } from '../../../../extension/src/worker/Pointing.js';
import { RecordingState } from '../../../../extension/src/worker/RecordingState.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import '../../../../extension/src/inject/domActions.js';
import { chromeDialogPorts } from '../../../../extension/src/worker/dialogPorts.js';
import { type ActionPage, actionPage } from '../support/actionPage.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('commandSetup: the commands on real tabs, with their tab capture', () => {
  let fake: FakeChrome;
  let page: ActionPage;
  let added: unknown[];
  afterEach(() => {
    delete (globalThis as { axe?: unknown }).axe;
    fake.uninstall();
    page.close();
  });

  function build() {
    added = [];
    const forwarder = { add: (kind: string, entry: unknown) => void added.push([kind, entry]) } as unknown as Forwarder;
    const capture = { drain: async () => undefined } as unknown as CaptureIntake;
    const recording = new RecordingState({
      load: async () => ({}),
      saveSettings: async () => undefined,
      saveOff: async () => undefined,
    });
    return chromeCommands({
      scope: new TabScope(),
      forwarder,
      capture,
      agents: new AgentWindows(),
      recording,
      dialogs: new OpenDialogs(chromeDialogPorts),
      pointing: { refusal: () => undefined } as unknown as Pointing,
    });
  }

  it("records from here a navigation the agent made when its page said nothing, and logs an audit's violations", async () => {
    page = actionPage('');
    fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/' }] }).install();
    const commands = build();
    await commands.execute(
      { id: 'q', correlation_id: 'corr-1', type: 'refresh', params: { settle_ms: 0 }, tab_id: 1 },
      Date.now() + 5_000,
      new AbortController().signal,
    );
    for (let i = 0; i < 20 && added.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(added).to.deep.equal([
      [
        'actions',
        {
          ts: (added[0] as [string, { ts: number }])[1].ts,
          tab_id: 1,
          by: 'agent',
          type: 'navigate',
          url: 'http://localhost:5173/',
          navigation: 'reload',
          correlation_id: 'corr-1',
        },
      ],
    ]);
    // axe-core as the page has it once injected: one violation.
    (globalThis as { axe?: unknown }).axe = {
      run: async () => ({ violations: [{ id: 'image-alt', impact: 'minor', help: 'alt', nodes: [] }] }),
    };
    await commands.execute(
      { id: 'q', correlation_id: 'corr-2', type: 'audit', params: {}, tab_id: 1 },
      Date.now() + 5_000,
      new AbortController().signal,
    );
    expect((added.at(-1) as [string, { source: string }])[0]).to.equal('logs');
    expect((added.at(-1) as [string, { source: string }])[1].source).to.equal('audit');
  });

  it("counts a tab's fetch and XHR from the network layer while its actions settle", () => {
    page = actionPage('');
    fake = fakeChrome().install();
    build();
    expect(fake.chrome.webRequest.onBeforeRequest.listeners).to.have.length(1);
    expect(fake.chrome.webRequest.onCompleted.listeners).to.have.length(1);
    expect(fake.chrome.webRequest.onErrorOccurred.listeners).to.have.length(1);
  });
});
