import { RECORDING_ORDER } from '../shared/actions.js';
import { isDevelopmentUrl } from '../shared/devOrigins.js';
import type { Identity } from './DaemonClient.js';
import type { Forwarder } from './Forwarder.js';
import { pageScripts } from './PageScripts.js';
import type { PersonPointing } from './personPointing.js';
import type { PollLoop } from './PollLoop.js';
import type { RecordingState } from './RecordingState.js';
import { setDaemonPort, validPort } from './settings.js';
import type { TabScope } from './TabScope.js';

export interface PopupContext {
  readonly scope: TabScope;
  readonly loop: PollLoop;
  readonly forwarder: Forwarder;
  readonly recording: RecordingState;
  readonly person: PersonPointing;
  readonly bootId: string;
  identity(): Identity | undefined;
  port(): Promise<number>;
}

export interface PopupStatus {
  connected: boolean;
  port: number;
  lastOkAt?: number;
  lastError?: string;
  instanceId?: string;
  sent: Record<string, number>;
  rejected: number;
  dropped: number;
  held: number;
  tabs: Array<{ id: number; title: string; url: string; auto: boolean }>;
  /**
   * The current tab; `recording`: the person's actions are recorded there (docs/mcp-tools.md), `recordingOff`:
   * the person turned that off for this tab, `recordingDisabled`: the daemon's settings turned it off.
   */
  current?: {
    id: number;
    url: string;
    tracked: boolean;
    auto: boolean;
    recording: boolean;
    recordingOff: boolean;
    recordingDisabled: boolean;
    values: boolean;
  };
}

/** What the popup may ask the worker: status, track / untrack a tab, record in it or not, point in it, set the daemon port. */
export async function handlePopupMessage(
  message: { type: string; tabId?: unknown; port?: unknown; on?: unknown },
  context: PopupContext,
): Promise<unknown> {
  switch (message.type) {
    case 'popup:status':
      return status(context);
    case 'popup:track': {
      const tabId = Number(message.tabId);
      const tab = await chrome.tabs.get(tabId);
      await context.scope.track(tabId, tab.url);
      // Capture from now on in the page as it is, in every frame; from document_start after its next load.
      await pageScripts.inject(tabId).catch(() => undefined);
      return status(context);
    }
    case 'popup:untrack':
      await context.scope.untrack(Number(message.tabId));
      await tell(context, Number(message.tabId));
      return status(context);
    case 'popup:recording': {
      // The person's switch for this tab (docs/mcp-tools.md), kept for the browser session.
      const tabId = Number(message.tabId);
      if (!Number.isSafeInteger(tabId) || typeof message.on !== 'boolean') return { error: 'popup:recording needs a tab and on' };
      await context.recording.setTab(tabId, message.on);
      return status(context);
    }
    case 'popup:point': {
      // The popup's "Point at an element"; the popup closes itself so the person can point.
      const why = await context.person.start(Number(message.tabId), 'popup');
      return why === undefined ? { pointing: true } : { error: why };
    }
    case 'popup:port':
      if (!validPort(message.port)) return { error: 'The port must be a whole number from 1 to 65535' };
      await setDaemonPort(message.port);
      return status(context);
    default:
      return { error: `unknown popup request ${message.type}` };
  }
}

/** A tab that stopped being tracked stops recording at once (its page stays as it is). */
async function tell(context: PopupContext, tabId: number): Promise<void> {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  const order = context.recording.order(tabId, context.scope.isTracked(tabId, tab?.url));
  await chrome.tabs.sendMessage(tabId, { type: RECORDING_ORDER, order }).catch(() => undefined);
}

async function status(context: PopupContext): Promise<PopupStatus> {
  const { scope, loop, forwarder } = context;
  await context.recording.ready;
  const tracked = await scope.trackedTabs();
  const [current] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  const stats = forwarder.stats;
  const instanceId = context.identity()?.instanceId;
  return {
    connected: loop.status.connected,
    port: await context.port(),
    ...(loop.status.lastOkAt === undefined ? {} : { lastOkAt: loop.status.lastOkAt }),
    ...(loop.status.lastError === undefined ? {} : { lastError: loop.status.lastError }),
    ...(instanceId === undefined ? {} : { instanceId }),
    sent: { ...stats.sent },
    rejected: stats.rejected,
    dropped: stats.dropped,
    held: stats.held,
    tabs: tracked.map((tab) => ({
      id: tab.id as number,
      title: tab.title ?? '',
      url: tab.url ?? '',
      auto: !scope.isExplicit(tab.id as number),
    })),
    ...(current?.id === undefined
      ? {}
      : {
          current: {
            id: current.id,
            url: current.url ?? '',
            tracked: scope.isTracked(current.id, current.url),
            auto: current.url !== undefined && isDevelopmentUrl(current.url) && !scope.isExplicit(current.id),
            recording: context.recording.order(current.id, scope.isTracked(current.id, current.url)).record,
            recordingOff: context.recording.isOffIn(current.id),
            recordingDisabled: !context.recording.current.actions,
            values: context.recording.current.values,
          },
        }),
  };
}
