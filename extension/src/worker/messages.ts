import { ACTIONS_MESSAGE, RECORDING_HELLO } from '../shared/actions.js';
import { DIALOG_STATE_MESSAGE } from '../shared/protocol.js';
import { forwardActions } from './actions.js';
import type { AgentWindows } from './AgentWindows.js';
import type { CaptureIntake } from './captureIntake.js';
import type { Forwarder } from './Forwarder.js';
import type { OpenDialogs } from './OpenDialogs.js';
import { handlePopupMessage, type PopupContext } from './popupApi.js';
import type { RecordingState } from './RecordingState.js';
import type { TabScope } from './TabScope.js';

export interface MessageParts {
  readonly scope: TabScope;
  readonly recording: RecordingState;
  readonly dialogs: OpenDialogs;
  readonly agents: AgentWindows;
  readonly forwarder: Forwarder;
  readonly capture: CaptureIntake;
  readonly popup: PopupContext;
}

/**
 * What the tabs' relays and the popup tell the worker (docs/extension-protocol.md): a page's own
 * dialog opening or closing, a frame asking whether to record, its recorded actions, its captured
 * batch, and the popup's requests (only from the extension's own pages). Listens at the worker's start.
 */
export function listenToMessages({ scope, recording, dialogs, agents, forwarder, capture, popup }: MessageParts): void {
  chrome.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
    const kind = (message as { type?: unknown } | null)?.type;
    if (kind === DIALOG_STATE_MESSAGE) {
      // A page's own dialog opened or closed (page/hookDialogs.ts); it blocks the tab meanwhile.
      if (sender.tab?.id !== undefined) dialogs.report(sender.tab.id, sender.frameId ?? 0, (message as { json?: unknown }).json);
      return false;
    }
    if (kind === RECORDING_HELLO) {
      // A frame's relay asks whether to record the person's actions (docs/mcp-tools.md): its tab tracked, recording on.
      const tabId = sender.tab?.id;
      if (tabId === undefined) return false;
      const url = sender.frameId === 0 ? sender.url : sender.tab?.url;
      void Promise.all([scope.ready, recording.ready]).then(() =>
        sendResponse(recording.order(tabId, scope.isTracked(tabId, url))),
      );
      return true;
    }
    if (kind === ACTIONS_MESSAGE) {
      const tabId = sender.tab?.id;
      if (tabId === undefined) return false;
      sendResponse({ ok: true });
      const frameUrl = sender.frameId === 0 ? undefined : (sender.url ?? 'about:blank');
      const json = (message as { json?: unknown }).json;
      const arrived = Date.now();
      void Promise.all([scope.ready, recording.ready]).then(() => {
        const order = recording.order(tabId, scope.isTracked(tabId, frameUrl === undefined ? sender.url : sender.tab?.url));
        forwardActions(json, tabId, frameUrl, order, agents, forwarder, arrived);
      });
      return false;
    }
    if (kind === 'capture') {
      const tabId = sender.tab?.id;
      if (tabId === undefined) return false;
      sendResponse({ ok: true });
      // docs/extension.md: every frame of a tracked tab; a child frame's entries say which frame.
      const frameUrl = sender.frameId === 0 ? undefined : (sender.url ?? 'about:blank');
      const pageUrl = frameUrl === undefined ? sender.url : sender.tab?.url;
      capture.take((message as { json?: unknown }).json, tabId, sender.frameId ?? 0, frameUrl, pageUrl);
      return false;
    }
    // Only the extension's own pages (the popup) may ask; content scripts' senders carry the page's url.
    if (
      typeof kind === 'string' &&
      kind.startsWith('popup:') &&
      sender.id === chrome.runtime.id &&
      sender.url?.startsWith(chrome.runtime.getURL(''))
    ) {
      handlePopupMessage(message as { type: string }, popup).then(sendResponse, (error: unknown) =>
        sendResponse({ error: (error as Error).message }),
      );
      return true;
    }
    return false;
  });
}
