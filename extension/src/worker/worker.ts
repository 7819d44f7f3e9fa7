import { AgentWindows } from './AgentWindows.js';
import { CaptureIntake } from './captureIntake.js';
import { commandLoop } from './commandLoop.js';
import { chromeCommands } from './commandSetup.js';
import { INGEST_PATHS } from './DaemonClient.js';
import { DaemonLink, timers } from './daemonLink.js';
import { chromeDialogPorts } from './dialogPorts.js';
import { Forwarder } from './Forwarder.js';
import { listenToMessages } from './messages.js';
import { OpenDialogs } from './OpenDialogs.js';
import { chromePointing, personPointing } from './pointingSetup.js';
import { chromeRecording } from './recordingSetup.js';
import { daemonPort, isPortChange } from './settings.js';
import { followTabs } from './tabEvents.js';
import { TabScope } from './TabScope.js';

// The service worker. Everything is registered synchronously at the top level, so that any event
// that wakes a stopped worker (a page's message, the alarm, a tab closing) finds its listener,
// and the poll loop starts again from here every time the worker starts (E2E.md). Each part
// lives in its own module; this file only puts them together.

const KEEPALIVE_ALARM = 'browsertap-keepalive';

const scope = new TabScope();
/** Each tab's page url, as its capture last said (kept across the worker's restarts). */
const pages = new Map<number, string>();
const link = new DaemonLink(pages);
/** Dialogs pages opened while browsertap was not acting, which block their tab (docs/mcp-tools.md). */
const dialogs = new OpenDialogs(chromeDialogPorts);
/** Which commands act in which tab: what their pages record is the agent's (docs/mcp-tools.md). */
const agents = new AgentWindows();
const recording = chromeRecording(scope);
const forwarder = new Forwarder({
  ...timers,
  send: async (kind, entries) => {
    const to = await link.daemon();
    return kind === 'page' ? to.postPage(entries[0]) : to.postEntries(INGEST_PATHS[kind], entries);
  },
});
const capture = new CaptureIntake(scope, pages, forwarder, () => commands.effects);
const pointing = chromePointing(capture.sourceMaps);
const commands = chromeCommands({ scope, forwarder, capture, agents, recording, dialogs, pointing });
capture.listen();
const loop = commandLoop({ link, commands, recording, scope, pages, forwarder });
const person = personPointing(scope, pointing, forwarder);

listenToMessages({
  scope,
  recording,
  dialogs,
  agents,
  forwarder,
  capture,
  popup: {
    scope,
    person,
    loop,
    forwarder,
    recording,
    bootId: link.bootId,
    identity: () => link.identity(),
    port: async () => (await link.daemon()).port,
  },
});
followTabs({ scope, recording, dialogs, forwarder, commands, pages });

chrome.storage.onChanged.addListener((changes, area) => {
  if (!isPortChange(changes, area)) return;
  void daemonPort().then((port) => {
    link.moveTo(port);
    loop.restart();
  });
});

// The alarm only wakes a stopped worker; starting the worker is what restarts the loop.
chrome.alarms.onAlarm.addListener(() => loop.start());
void chrome.alarms.get(KEEPALIVE_ALARM).then((alarm) => {
  if (alarm === undefined) void chrome.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
});

loop.start();
