import { RECORDING_ORDER, type RecordingSettings } from '../shared/actions.js';
import { RecordingState } from './RecordingState.js';
import type { TabScope } from './TabScope.js';

const RECORDING_KEY = 'recording';
const RECORDING_OFF_KEY = 'recordingOff';

/**
 * Whether tabs record the person's actions (docs/mcp-tools.md): the daemon's settings and the
 * popup's per-tab switch, kept in chrome.storage; every frame of a tab is told when its order changes.
 */
export function chromeRecording(scope: TabScope): RecordingState {
  const recording: RecordingState = new RecordingState(
    {
      load: async () => {
        const [local, session] = await Promise.all([
          chrome.storage.local.get(RECORDING_KEY),
          chrome.storage.session.get(RECORDING_OFF_KEY),
        ]);
        return {
          settings: local[RECORDING_KEY] as RecordingSettings | undefined,
          off: session[RECORDING_OFF_KEY] as number[] | undefined,
        };
      },
      saveSettings: (settings) => chrome.storage.local.set({ [RECORDING_KEY]: settings }),
      saveOff: (off) => chrome.storage.session.set({ [RECORDING_OFF_KEY]: off }),
    },
    (tabId) => void tellRecording(tabId),
  );

  /** Tells every frame of the tab (or of every tracked tab) whether to record now. */
  async function tellRecording(tabId?: number): Promise<void> {
    await Promise.all([scope.ready, recording.ready]);
    const tabs = tabId === undefined ? await scope.trackedTabs() : [await chrome.tabs.get(tabId).catch(() => undefined)];
    for (const tab of tabs) {
      if (tab?.id === undefined) continue;
      const order = recording.order(tab.id, scope.isTracked(tab.id, tab.url));
      void chrome.tabs.sendMessage(tab.id, { type: RECORDING_ORDER, order }).catch(() => undefined);
    }
  }
  return recording;
}
