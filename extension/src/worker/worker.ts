import { ACTIONS_MESSAGE, RECORDING_HELLO, RECORDING_ORDER, type RecordingSettings } from '../shared/actions.js';
import type { ResultBody } from '../shared/commands.js';
import { COMPONENT_FILE } from '../shared/components.js';
import { DIALOG_MESSAGE, DIALOG_STATE_MESSAGE, DRAIN_MESSAGE } from '../shared/protocol.js';
import { PICK_PORT, PICK_SLOT, type PickStart } from '../shared/pick.js';
import { agentNavigationEntry, forwardActions } from './actions.js';
import { AgentWindows } from './AgentWindows.js';
import { BrowserCommands, type Violation } from './BrowserCommands.js';
import { forwardBatch, parseBatch } from './capture.js';
import { CommandRunner, RUNNER } from './CommandRunner.js';
import { DaemonClient, DaemonRefused, type Identity, INGEST_PATHS } from './DaemonClient.js';
import { channelUrl, ResultSender } from './ResultSender.js';
import { DaemonChannel, type ChannelSocket } from './DaemonChannel.js';
import { chromeDialogPorts } from './dialogPorts.js';
import { OpenDialogs } from './OpenDialogs.js';
import { Forwarder } from './Forwarder.js';
import { handlePopupMessage, type PopupContext } from './popupApi.js';
import { PollLoop } from './PollLoop.js';
import { componentsInSource } from './componentsInSource.js';
import { pickPort, PersonPointing } from './personPointing.js';
import { Pointing } from './Pointing.js';
import { captureBox } from './screenshot.js';
import { RecordingState } from './RecordingState.js';
import { fillStatuses, LoadStatuses } from './LoadStatuses.js';
import { SourceMaps } from './SourceMaps.js';
import { scriptsInSource } from './scriptsInSource.js';
import { readSourceMap, SOURCE_MESSAGE, type SourceAnswer } from '../relay/sources.js';
import { daemonPort, instanceId, isPortChange } from './settings.js';
import { TabRequests } from './TabRequests.js';
import { TabScope } from './TabScope.js';
import { documentCommitted } from './PageScripts.js';

// The service worker. Everything is registered synchronously at the top level, so that any event
// that wakes a stopped worker (a page's message, the alarm, a tab closing) finds its listener,
// and the poll loop starts again from here every time the worker starts (E2E.md).

const KEEPALIVE_ALARM = 'browsertap-keepalive';
const PAGES_KEY = 'pageUrls';

const bootId = `boot-${crypto.randomUUID()}`;
const scope = new TabScope();
/** Fetch and XHR requests of tabs whose actions are settling, from the network layer (docs/mcp-tools.md, 6). */
const tabRequests = new TabRequests();
/** Dialogs pages opened while browsertap was not acting, which block their tab (docs/mcp-tools.md). */
const dialogs = new OpenDialogs(chromeDialogPorts);
/** Which commands act in which tab: what their pages record is the agent's (docs/mcp-tools.md). */
const agents = new AgentWindows();
const RECORDING_KEY = 'recording';
const RECORDING_OFF_KEY = 'recordingOff';
/** Whether tabs record the person's actions (docs/mcp-tools.md): the daemon's settings and the popup's per-tab switch. */
const recording = new RecordingState(
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
/** The pointings going on: the overlay is injected only now, never before. */
const pointing = new Pointing({
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
  now: Date.now,
  randomId: () => crypto.randomUUID(),
  inject: async (tabId: number, start: PickStart) => {
    // The component reader in every frame's MAIN world (a frame that refuses leaves its components unknown).
    await chrome.scripting
      .executeScript({
        target: { tabId, allFrames: true },
        world: 'MAIN',
        files: [COMPONENT_FILE],
        injectImmediately: true,
      })
      .catch(() => undefined);
    await chrome.scripting.executeScript({ target: { tabId }, world: 'ISOLATED', files: ['pick.js'], injectImmediately: true });
    await chrome.scripting.executeScript({
      target: { tabId },
      world: 'ISOLATED',
      func: (slot: string, order: PickStart) =>
        (globalThis as unknown as Record<symbol, (order: PickStart) => void>)[Symbol.for(slot)]?.(order),
      args: [PICK_SLOT, start],
      injectImmediately: true,
    });
  },
  capture: async (tabId, box, viewport) => captureBox(await chrome.tabs.get(tabId), box, viewport),
  inSource: async (tabId, answer, pageUrl, frameUrl) => {
    const frameId = frameUrl === undefined ? 0 : await frameIdOf(tabId, frameUrl);
    return componentsInSource(answer, pageUrl, (url, line, column) => sourceMaps.position(tabId, url, line, column, frameId));
  },
});

/**
 * The frame of `tabId` whose document is at `url` (a same-origin child frame the person picked
 * in): its source maps are the ones its scripts were served with. The top frame when none is.
 */
async function frameIdOf(tabId: number, url: string): Promise<number> {
  const found = await chrome.scripting
    .executeScript({ target: { tabId, allFrames: true }, func: () => location.href, injectImmediately: true })
    .catch(() => []);
  return found.find((frame) => frame.result === url)?.frameId ?? 0;
}

const commands = new BrowserCommands(
  scope,
  {
    picked: (pick) => forwarder.add('picks', pick, true),
    drain: (tabId) => drainCapture(tabId),
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
const pages = new Map<number, string>();

let client: DaemonClient | undefined;
let identity: Identity | undefined;
const setup = (async () => {
  const [id, port, stored] = await Promise.all([instanceId(), daemonPort(), chrome.storage.session.get(PAGES_KEY)]);
  identity = { instanceId: id, bootId, version: chrome.runtime.getManifest().version };
  client = new DaemonClient(port);
  for (const [tab, url] of Object.entries((stored[PAGES_KEY] as Record<string, string> | undefined) ?? {}))
    pages.set(Number(tab), url);
})();

async function daemon(): Promise<DaemonClient> {
  await setup;
  return client as DaemonClient;
}

/** A pause that an abort ends early; it lets go of its listener either way (the signal lives long). */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const aborted = () => (clearTimeout(timer), reject(new Error('aborted')));
    const timer = setTimeout(() => (signal?.removeEventListener('abort', aborted), resolve()), ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
  now: Date.now,
};

const forwarder = new Forwarder({
  ...timers,
  send: async (kind, entries) => {
    const to = await daemon();
    return kind === 'page' ? to.postPage(entries[0]) : to.postEntries(INGEST_PATHS[kind], entries);
  },
});

/** Stacks in source (docs/extension.md): maps read by the tab's relay, parsed and applied here. */
const sourceMaps = new SourceMaps({
  ...timers,
  read: async (tabId, frameId, url) => {
    const answer = ((await chrome.tabs.sendMessage(tabId, { type: SOURCE_MESSAGE, url }, { frameId }).catch(() => undefined)) as
      SourceAnswer | undefined) ?? { none: 'the page did not answer' };
    // Another origin's script or map: read here, with cookies only to the page's own host (docs/security.md).
    return 'elsewhere' in answer ? readSourceMap(url, { home: answer.home ?? [] }) : answer;
  },
});
/** Real statuses of failed loads the page cannot see (docs/extension.md), from the network layer. */
const statuses = new LoadStatuses({ ...timers, now: () => Date.now() });
/** The tab's page (its top document: `documentUrl` of a top-frame request, else the last page seen). */
const tracked = (details: chrome.webRequest.WebRequestDetails) =>
  details.tabId >= 0 &&
  scope.isTracked(
    details.tabId,
    details.frameId === 0
      ? ((details as { documentUrl?: string }).documentUrl ?? pages.get(details.tabId))
      : pages.get(details.tabId),
  );
chrome.webRequest.onHeadersReceived.addListener(
  (details) => {
    if (details.statusCode >= 400 && details.type !== 'xmlhttprequest' && tracked(details)) {
      statuses.record(details.tabId, details.url, { status: details.statusCode });
    }
  },
  { urls: ['http://*/*', 'https://*/*'] },
);
chrome.webRequest.onErrorOccurred.addListener(
  (details) => {
    if (details.type !== 'xmlhttprequest' && tracked(details)) {
      statuses.record(details.tabId, details.url, { status: 0, error: details.error });
    }
  },
  { urls: ['http://*/*', 'https://*/*'] },
);
/** Batches wait here for their stacks to be mapped, and leave in the order they came. */
let capturing: Promise<void> = Promise.resolve();

/** Each captured entry's stack in source positions; the raw one is kept as `raw_stack`. */
async function inSource(batch: unknown, tabId: number, frameId: number): Promise<void> {
  const logs = (batch as { logs?: unknown } | undefined)?.logs;
  if (!Array.isArray(logs)) return;
  await Promise.all(
    logs.slice(0, 500).map(async (entry: Record<string, unknown> | null) => {
      if (entry === null || typeof entry !== 'object' || typeof entry.stack !== 'string') return;
      const mapped = await sourceMaps.map(tabId, entry.stack, frameId);
      if (mapped === undefined) return;
      entry.raw_stack = entry.stack;
      entry.stack = mapped;
    }),
  );
}

/** Longest a command's result waits for its page's captured entries to reach the daemon (ms). */
const DRAIN_MS = 500;

/**
 * Read after act (docs/mcp-tools.md): before a command's result is posted, the top frame's relay hands over
 * everything the page captured until now, and the forwarder delivers it. Bounded: a page or a
 * daemon that does not answer delays the result by at most DRAIN_MS.
 */
async function drainCapture(tabId: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_MS)));
  const drained = (async () => {
    await chrome.tabs.sendMessage(tabId, { type: DRAIN_MESSAGE }, { frameId: 0 }).catch(() => undefined);
    await capturing; // the batches whose stacks are being put in source
    await forwarder.drain();
  })();
  await Promise.race([drained, limit]);
  clearTimeout(timer);
}

/** One accessibility violation as a log entry (source `audit`: only the worker writes those). */
function auditEntry(tabId: number, url: string, violation: Violation): object {
  return {
    level: 'warn',
    message: `accessibility: ${violation.help} (${violation.rule}, ${violation.impact}; ${violation.count} element${violation.count === 1 ? '' : 's'})`,
    args: [{ accessibility_violation: violation }],
    source: 'audit',
    url,
    ts: Date.now(),
    tab_id: tabId,
  };
}

/** The command channel (docs/extension-protocol.md): commands pushed, claims and results answered on it. */
const channel = new DaemonChannel({
  ...timers,
  // The browser's WebSocket (its handlers take DOM events; the channel reads only `data`).
  connect: (url) => new WebSocket(url) as unknown as ChannelSocket,
  onQueries: (queries) => {
    for (const query of queries) void runner.run(query);
  },
  onRecording: (settings) => recording.fromDaemon(settings),
  keepAlive: () => chrome.runtime.getPlatformInfo(),
});
/** Claims and results: over the channel while it is open, over HTTP otherwise. */
const results = new ResultSender(channel, async (body, signal) => (await daemon()).postResult(body, signal));

/** A result survives a daemon restart of a few seconds; a refusal is final. */
async function postResult(body: ResultBody): Promise<void> {
  for (let attempt = 0; attempt < 6; attempt++) {
    try {
      await results.send(body, 10_000);
      return;
    } catch (error) {
      if (error instanceof DaemonRefused) return;
      await sleep(Math.min(2_000, 250 * 2 ** attempt));
    }
  }
}

const runner = new CommandRunner({
  ...timers,
  claim: async (correlationId) => {
    try {
      const answer = await results.send({ correlation_id: correlationId, status: 'pending', boot_id: bootId }, RUNNER.claimForMs);
      return answer.accepted === true;
    } catch (error) {
      if (error instanceof DaemonRefused) return false;
      throw error;
    }
  },
  execute: (query, deadline, signal) => commands.execute(query, deadline, signal),
  recall: (query, deadline) => commands.recall(query, deadline),
  post: (body) => {
    if (body.status === 'pending') return postResult(body);
    const tabId = commands.takeTab(body.correlation_id);
    return postResult(tabId === undefined ? body : { ...body, tab_id: tabId });
  },
});

const loop = new PollLoop({
  poll: async (waitMs, signal) => {
    const to = await daemon();
    const queries = await to.poll(identity as Identity, waitMs, AbortSignal.any([signal, AbortSignal.timeout(waitMs + 5_000)]));
    recording.fromDaemon(to.recording);
    return queries;
  },
  keepAlive: () => chrome.runtime.getPlatformInfo(),
  onQueries: (queries) => {
    for (const query of queries) void runner.run(query);
  },
  onConnected: () => void announceTabs().catch(() => undefined),
  channel: async (signal, opened) => channel.run(channelUrl((await daemon()).port, identity as Identity), signal, opened),
  sleep,
  now: Date.now,
});

/**
 * A daemon that (re)started knows no tab until a page loads again, so on every (re)connection
 * each tracked tab's page is told again, as its page hook told it (docs/extension-protocol.md `POST /page`), the tab
 * used last at the end. The daemon keeps a document's start when the same page is told again.
 */
async function announceTabs(): Promise<void> {
  for (const tab of await scope.trackedByRecency()) {
    const url = tab.id === undefined ? undefined : (pages.get(tab.id) ?? tab.url);
    if (tab.id === undefined || url === undefined || !/^https?:\/\//.test(url)) continue;
    forwarder.add('page', { tab_id: tab.id, url, title: tab.title ?? '', event: 'load' }, true);
  }
}

/** The person starts pointing themselves: the shortcut, the context menu, the popup's button. */
const person = new PersonPointing(scope, pointing, (pick) => forwarder.add('picks', pick, true));

chrome.runtime.onConnect.addListener((port) => {
  // The pick script of a tab's top frame (pick/pickScript.ts): only the extension's own scripts connect.
  if (port.name === PICK_PORT && port.sender?.id === chrome.runtime.id) pointing.connected(pickPort(port));
});
chrome.commands.onCommand.addListener((command, tab) => void person.command(command, tab?.id));
chrome.contextMenus.onClicked.addListener((info, tab) => void person.menu(info.menuItemId, tab?.id));
chrome.runtime.onInstalled.addListener(() => person.installMenu());

const popup: PopupContext = {
  scope,
  person,
  loop,
  forwarder,
  recording,
  bootId,
  identity: () => identity,
  port: async () => (await daemon()).port,
};

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
    void scope.ready.then(() => {
      if (!scope.isTracked(tabId, frameUrl === undefined ? sender.url : sender.tab?.url)) return; // docs/extension.md: untracked tabs send nothing
      const batch = parseBatch((message as { json?: unknown }).json);
      const frameId = sender.frameId ?? 0;
      const mapped = Promise.all([
        inSource(batch, tabId, frameId),
        scriptsInSource(batch, (url, char) => sourceMaps.locate(tabId, url, char, frameId)),
        fillStatuses(batch, tabId, statuses),
      ]).catch(() => undefined);
      capturing = capturing.then(async () => {
        await mapped;
        const before = pages.get(tabId);
        forwardBatch(batch, tabId, forwarder, pages, (kind, entry) => commands.effects.see(tabId, kind, entry), frameUrl);
        if (pages.get(tabId) !== before) void chrome.storage.session.set({ [PAGES_KEY]: Object.fromEntries(pages) });
      });
    });
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

const tabGone = (tabId: number) => {
  dialogs.forget(tabId);
  recording.forget(tabId);
  const url = pages.get(tabId);
  if (url !== undefined) {
    pages.delete(tabId);
    void chrome.storage.session.set({ [PAGES_KEY]: Object.fromEntries(pages) });
    forwarder.add('page', { tab_id: tabId, url, title: '', event: 'close' }, true);
  }
  void scope.forget(tabId);
};
chrome.tabs.onRemoved.addListener(tabGone);
// A discarded tab comes back under a new id (close_tab discards a tab held by its leave-site prompt): the old id is gone.
chrome.tabs.onReplaced.addListener((_added, removed) => tabGone(removed));

chrome.tabs.onActivated.addListener(({ tabId }) => scope.noteActivated(tabId));

// A tab a page opens is reported in the acting command's effects.new_tabs, never switched to (docs/mcp-tools.md).
chrome.tabs.onCreated.addListener((tab) => {
  if (tab.id !== undefined) commands.effects.tabOpened(tab.openerTabId, tab.id, tab.pendingUrl ?? tab.url ?? '');
});

// A document of a tracked tab that the scripts did not load in (PageScripts): loaded now, and
// its origin registered for its next load where it is the person's.
chrome.webNavigation.onCommitted.addListener(
  (details) =>
    void scope.ready
      .then(() => documentCommitted(details, scope, async (tabId) => (await chrome.tabs.get(tabId).catch(() => undefined))?.url))
      .catch(() => undefined),
  { url: [{ schemes: ['http', 'https'] }] },
);

chrome.storage.onChanged.addListener((changes, area) => {
  if (!isPortChange(changes, area)) return;
  void daemonPort().then((port) => {
    client = new DaemonClient(port);
    loop.restart();
  });
});

// The alarm only wakes a stopped worker; starting the worker is what restarts the loop.
chrome.alarms.onAlarm.addListener(() => loop.start());
void chrome.alarms.get(KEEPALIVE_ALARM).then((alarm) => {
  if (alarm === undefined) void chrome.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
});

loop.start();
