import type { BrowserCommands } from './BrowserCommands.js';
import { CommandRunner, RUNNER } from './CommandRunner.js';
import { type ChannelSocket, DaemonChannel } from './DaemonChannel.js';
import { DaemonRefused, type Identity } from './DaemonClient.js';
import { type DaemonLink, sleep, timers } from './daemonLink.js';
import type { Forwarder } from './Forwarder.js';
import { PollLoop } from './PollLoop.js';
import type { RecordingState } from './RecordingState.js';
import { channelUrl, ResultSender } from './ResultSender.js';
import type { TabScope } from './TabScope.js';
import { workerStopping } from './workerStopping.js';

export interface CommandLoopParts {
  readonly link: DaemonLink;
  readonly commands: BrowserCommands;
  readonly recording: RecordingState;
  readonly scope: TabScope;
  readonly pages: ReadonlyMap<number, string>;
  readonly forwarder: Forwarder;
  /** Opens the channel's WebSocket (the browser's own by default). */
  readonly connect?: (url: string) => ChannelSocket;
}

/** The browser's WebSocket (its handlers take DOM events; the channel reads only `data`). */
const browserSocket = (url: string) => new WebSocket(url) as unknown as ChannelSocket;

/**
 * The commands' way from the daemon to the tabs (docs/extension-protocol.md): the channel pushes
 * them (the poll loop takes them over HTTP when it cannot open), the runner claims, runs and reports each once (CommandRunner.ts), and every (re)connection
 * tells the daemon the tracked tabs again.
 */
export function commandLoop({ link, commands, recording, scope, pages, forwarder, connect }: CommandLoopParts): PollLoop {
  /** The command channel: commands pushed, claims and results answered on it. */
  const channel = new DaemonChannel({
    ...timers,
    connect: connect ?? browserSocket,
    onQueries: (queries) => {
      for (const query of queries) void runner.run(query);
    },
    onRecording: (settings) => recording.fromDaemon(settings),
    keepAlive: () => chrome.runtime.getPlatformInfo(),
  });
  /** Claims and results: over the channel while it is open, over HTTP otherwise. */
  const results = new ResultSender(channel, async (body, signal) => (await link.daemon()).postResult(body, signal));
  link.sendBy((body, timeoutMs) => results.send(body, timeoutMs));

  const runner = new CommandRunner({
    ...timers,
    claim: async (correlationId) => {
      try {
        const answer = await link.send(
          { correlation_id: correlationId, status: 'pending', boot_id: link.bootId },
          RUNNER.claimForMs,
        );
        return answer.accepted === true;
      } catch (error) {
        if (error instanceof DaemonRefused) return false;
        throw error;
      }
    },
    execute: (query, deadline, signal) => commands.execute(query, deadline, signal),
    stopping: workerStopping,
    recall: (query, deadline) => commands.recall(query, deadline),
    post: (body) => {
      if (body.status === 'pending') return link.postResult(body);
      const tabId = commands.takeTab(body.correlation_id);
      return link.postResult(tabId === undefined ? body : { ...body, tab_id: tabId });
    },
  });

  /**
   * A daemon that (re)started knows no tab until a page loads again, so on every (re)connection
   * each tracked tab's page is told again, as its page hook told it (docs/extension-protocol.md `POST /page`), the tab
   * used last at the end. The daemon keeps a document's start when the same page is told again.
   */
  const announceTabs = async (): Promise<void> => {
    for (const tab of await scope.trackedByRecency()) {
      const url = tab.id === undefined ? undefined : (pages.get(tab.id) ?? tab.url);
      if (tab.id === undefined || url === undefined || !/^https?:\/\//.test(url)) continue;
      forwarder.add('page', { tab_id: tab.id, url, title: tab.title ?? '', event: 'load' }, true);
    }
  };

  return new PollLoop({
    poll: async (waitMs, signal) => {
      const to = await link.daemon();
      const queries = await to.poll(
        link.identity() as Identity,
        waitMs,
        AbortSignal.any([signal, AbortSignal.timeout(waitMs + 5_000)]),
      );
      recording.fromDaemon(to.recording);
      return queries;
    },
    keepAlive: () => chrome.runtime.getPlatformInfo(),
    onQueries: (queries) => {
      for (const query of queries) void runner.run(query);
    },
    onConnected: () => void announceTabs().catch(() => undefined),
    channel: async (signal, opened) =>
      channel.run(channelUrl((await link.daemon()).port, link.identity() as Identity), signal, opened),
    sleep,
    now: Date.now,
  });
}
