import { DIALOG_MESSAGE } from '../shared/protocol.js';
import { agentNavigationEntry } from './actions.js';
import type { AgentWindows } from './AgentWindows.js';
import { BrowserCommands } from './BrowserCommands.js';
import { auditEntry, type CaptureIntake } from './captureIntake.js';
import type { Forwarder } from './Forwarder.js';
import type { OpenDialogs } from './OpenDialogs.js';
import type { Pointing } from './Pointing.js';
import type { RecordingState } from './RecordingState.js';
import { TabRequests } from './TabRequests.js';
import type { TabScope } from './TabScope.js';

export interface CommandParts {
  readonly scope: TabScope;
  readonly forwarder: Forwarder;
  readonly capture: CaptureIntake;
  readonly agents: AgentWindows;
  readonly recording: RecordingState;
  readonly dialogs: OpenDialogs;
  readonly pointing: Pointing;
}

/**
 * The commands on real tabs (BrowserCommands.ts), with what they need of the tabs' capture: their
 * dialog orders through the relay, the drain, audits and picks logged, which command acts where
 * (a navigation its page did not record is recorded from here), and the fetch/XHR of tabs whose
 * actions are settling, from the network layer (listened to at the worker's start).
 */
export function chromeCommands({
  scope,
  forwarder,
  capture,
  agents,
  recording,
  dialogs,
  pointing,
}: CommandParts): BrowserCommands {
  const tabRequests = new TabRequests();
  const commands = new BrowserCommands(
    scope,
    {
      picked: (pick) => forwarder.add('picks', pick, true),
      drain: (tabId) => capture.drain(tabId),
      audited: (tabId, url, violations) => {
        for (const violation of violations) forwarder.add('logs', auditEntry(tabId, url, violation));
      },
      order: async (tabId, order) => {
        try {
          const answer = await chrome.tabs.sendMessage(tabId, { type: DIALOG_MESSAGE, order }, { frameId: 0 });
          return (answer as { ordered?: boolean } | undefined)?.ordered === true;
        } catch {
          return false; // no relay in that tab (not tracked yet, or not scriptable)
        }
      },
      acting: (tabId, correlationId, type, phase) => {
        if (phase === 'start') return agents.start(tabId, correlationId, type, Date.now());
        const made = agents.end(correlationId, Date.now());
        if (made === undefined) return;
        // The page recorded nothing of this navigation (not scriptable, or capture not there yet): recorded from here.
        void Promise.all([scope.ready, recording.ready, chrome.tabs.get(made.tabId).catch(() => undefined)]).then(([, , tab]) => {
          if (tab === undefined || !recording.order(made.tabId, scope.isTracked(made.tabId, tab.url)).record) return;
          forwarder.add('actions', agentNavigationEntry(made, tab.url ?? tab.pendingUrl ?? ''));
        });
      },
    },
    undefined,
    tabRequests,
    dialogs,
    pointing,
  );
  const XHR_FILTER: chrome.webRequest.RequestFilter = { urls: ['http://*/*', 'https://*/*'], types: ['xmlhttprequest'] };
  chrome.webRequest.onBeforeRequest.addListener((d) => {
    tabRequests.started(d.tabId, d.requestId, d.timeStamp);
    return undefined;
  }, XHR_FILTER);
  chrome.webRequest.onCompleted.addListener((d) => tabRequests.ended(d.tabId, d.requestId), XHR_FILTER);
  chrome.webRequest.onErrorOccurred.addListener((d) => tabRequests.ended(d.tabId, d.requestId), XHR_FILTER);
  return commands;
}
