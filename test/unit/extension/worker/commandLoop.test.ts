import { expect } from 'chai';
import type { BrowserCommands } from '../../../../extension/src/worker/BrowserCommands.js';
import { commandLoop } from '../../../../extension/src/worker/commandLoop.js';
import type { DaemonLink } from '../../../../extension/src/worker/daemonLink.js';
import type { Forwarder } from '../../../../extension/src/worker/Forwarder.js';
import type { RecordingState } from '../../../../extension/src/worker/RecordingState.js';
import type { TabScope } from '../../../../extension/src/worker/TabScope.js';
import type { ChannelSocket } from '../../../../extension/src/worker/DaemonChannel.js';
import type { Query, ResultBody } from '../../../../extension/src/shared/commands.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('commandLoop: commands from the daemon to the tabs', () => {
  let fake: FakeChrome;
  beforeEach(() => (fake = fakeChrome().install()));
  afterEach(() => fake.uninstall());

  it('claims each command for this boot, runs it, and posts its result with the tab it acted in; tells the tracked tabs on connecting', async () => {
    const posted: ResultBody[] = [];
    const announced: unknown[] = [];
    let polls = 0;
    const command: Query = { id: 'q-1', correlation_id: 'corr-1-00000000', type: 'hover', params: {} };
    const client = {
      recording: undefined,
      poll: async () => (++polls === 1 ? [command] : new Promise<Query[]>(() => undefined)),
      postResult: async (body: ResultBody) => (posted.push(body), { accepted: true }),
    };
    const link = {
      bootId: 'boot-1',
      identity: () => ({ instanceId: 'ext-1', bootId: 'boot-1' }),
      daemon: async () => client,
      sendBy: () => undefined,
      send: async (body: ResultBody) => (posted.push(body), { accepted: true }),
      postResult: async (body: ResultBody) => void posted.push(body),
    } as unknown as DaemonLink;
    const commands = {
      execute: async () => ({ success: true, data: { hovered: true } }),
      recall: async () => ({}),
      takeTab: () => 4,
    } as unknown as BrowserCommands;
    const scope = {
      trackedByRecency: async () => [{ id: 4, url: 'http://localhost:5173/', title: 'Shop' }],
    } as unknown as TabScope;
    const forwarder = { add: (kind: string, entry: unknown) => void announced.push([kind, entry]) } as unknown as Forwarder;
    const recording = { fromDaemon: () => undefined } as unknown as RecordingState;
    // No channel (an older daemon): the loop polls over HTTP.
    const connect = () => {
      throw new Error('refused');
    };
    const loop = commandLoop({ link, commands, recording, scope, pages: new Map(), forwarder, connect });
    loop.start();
    for (let i = 0; i < 100 && posted.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    loop.stop();
    expect(posted[0]).to.deep.equal({ correlation_id: 'corr-1-00000000', status: 'pending', boot_id: 'boot-1' });
    expect(posted[1]).to.deep.include({ correlation_id: 'corr-1-00000000', status: 'complete', tab_id: 4 });
    expect(announced).to.deep.equal([['page', { tab_id: 4, url: 'http://localhost:5173/', title: 'Shop', event: 'load' }]]);
  });

  it('takes commands pushed on the channel, and claims and reports each on it, not over HTTP', async () => {
    const sent: { type: string; id: number; body?: ResultBody }[] = [];
    const http: ResultBody[] = [];
    const command: Query = { id: 'q-2', correlation_id: 'corr-2-00000000', type: 'hover', params: {} };
    let url = '';
    const socket: ChannelSocket = {
      readyState: 0,
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
      send: (text: string) => {
        const message = JSON.parse(text) as (typeof sent)[number];
        sent.push(message);
        // The daemon's side: every claim and result accepted.
        queueMicrotask(() => socket.onmessage?.({ data: JSON.stringify({ type: 'answer', id: message.id, accepted: true }) }));
      },
      close: () => undefined,
    };
    const connect = (to: string) => {
      url = to;
      queueMicrotask(() => {
        (socket as { readyState: number }).readyState = 1;
        socket.onopen?.({});
        socket.onmessage?.({
          data: JSON.stringify({ type: 'queries', queries: [command], recording: { actions: true, values: true } }),
        });
      });
      return socket;
    };
    let sender: ((body: ResultBody, ms: number) => Promise<unknown>) | undefined;
    const client = {
      port: 7999,
      poll: async () => new Promise<Query[]>(() => undefined),
      postResult: async (body: ResultBody) => (http.push(body), { accepted: true }),
    };
    const link = {
      bootId: 'boot-2',
      identity: () => ({ instanceId: 'ext-2', bootId: 'boot-2' }),
      daemon: async () => client,
      sendBy: (by: typeof sender) => (sender = by),
      send: (body: ResultBody, ms: number) => sender!(body, ms),
      postResult: (body: ResultBody) => sender!(body, 10_000),
    } as unknown as DaemonLink;
    const commands = {
      execute: async () => ({ success: true, data: { hovered: true } }),
      recall: async () => ({}),
      takeTab: () => 5,
    } as unknown as BrowserCommands;
    const scope = { trackedByRecency: async () => [] } as unknown as TabScope;
    const forwarder = { add: () => undefined } as unknown as Forwarder;
    const recordings: unknown[] = [];
    const recording = { fromDaemon: (settings: unknown) => void recordings.push(settings) } as unknown as RecordingState;
    const loop = commandLoop({ link, commands, recording, scope, pages: new Map(), forwarder, connect });
    loop.start();
    for (let i = 0; i < 100 && sent.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    loop.stop();
    expect(url).to.match(
      /^ws:\/\/127\.0\.0\.1:7999\/channel\?instance_id=ext-2&boot_id=boot-2&claims=true&claim_on_delivery=true/,
    );
    expect(sent.map((message) => [message.type, message.body?.status])).to.deep.equal([
      ['result', 'pending'],
      ['result', 'complete'],
    ]);
    expect(sent[1]!.body).to.deep.include({ correlation_id: 'corr-2-00000000', tab_id: 5 });
    expect(http).to.deep.equal([]);
    expect(recordings).to.deep.equal([{ actions: true, values: true }]);
  });
});
