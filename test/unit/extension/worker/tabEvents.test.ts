import { expect } from 'chai';
import type { BrowserCommands } from '../../../../extension/src/worker/BrowserCommands.js';
import { EffectsRecorder } from '../../../../extension/src/worker/Effects.js';
import type { Forwarder } from '../../../../extension/src/worker/Forwarder.js';
import type { OpenDialogs } from '../../../../extension/src/worker/OpenDialogs.js';
import type { RecordingState } from '../../../../extension/src/worker/RecordingState.js';
import { followTabs } from '../../../../extension/src/worker/tabEvents.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe("tabEvents: what the worker follows of the browser's tabs", () => {
  let fake: FakeChrome;
  afterEach(() => fake.uninstall());

  it("tells the daemon a tab's page closed when the tab goes, forgetting what it knew of it; a discarded tab's old id is gone", async () => {
    fake = fakeChrome().install();
    const forgotten: string[] = [];
    const sent: unknown[] = [];
    const pages = new Map([
      [3, 'http://localhost:5173/'],
      [4, 'http://localhost:5173/b'],
    ]);
    followTabs({
      scope: new TabScope(),
      recording: { forget: (id: number) => void forgotten.push(`recording ${id}`) } as unknown as RecordingState,
      dialogs: { forget: (id: number) => void forgotten.push(`dialogs ${id}`) } as unknown as OpenDialogs,
      forwarder: { add: (kind: string, entry: unknown) => void sent.push([kind, entry]) } as unknown as Forwarder,
      commands: { effects: new EffectsRecorder() } as unknown as BrowserCommands,
      pages,
    });
    fake.chrome.tabs.onRemoved.fire(3, {});
    fake.chrome.tabs.onReplaced.fire(9, 4);
    expect(forgotten).to.deep.equal(['dialogs 3', 'recording 3', 'dialogs 4', 'recording 4']);
    expect(sent).to.deep.equal([
      ['page', { tab_id: 3, url: 'http://localhost:5173/', title: '', event: 'close' }],
      ['page', { tab_id: 4, url: 'http://localhost:5173/b', title: '', event: 'close' }],
    ]);
    expect(pages.size).to.equal(0);
  });

  it("reports a tab a page opens in the acting command's effects", () => {
    fake = fakeChrome().install();
    const effects = new EffectsRecorder();
    followTabs({
      scope: new TabScope(),
      recording: {} as RecordingState,
      dialogs: {} as OpenDialogs,
      forwarder: {} as Forwarder,
      commands: { effects } as unknown as BrowserCommands,
      pages: new Map(),
    });
    const recording = effects.start(3);
    fake.chrome.tabs.onCreated.fire({ id: 8, openerTabId: 3, pendingUrl: 'http://localhost:5173/popup' });
    expect(recording.newTabs).to.deep.equal([{ tab_id: 8, url: 'http://localhost:5173/popup' }]);
  });
});
