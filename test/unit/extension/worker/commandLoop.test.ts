import { expect } from 'chai';
import type { BrowserCommands } from '../../../../extension/src/worker/BrowserCommands.js';
import { commandLoop } from '../../../../extension/src/worker/commandLoop.js';
import type { DaemonLink } from '../../../../extension/src/worker/daemonLink.js';
import type { Forwarder } from '../../../../extension/src/worker/Forwarder.js';
import type { RecordingState } from '../../../../extension/src/worker/RecordingState.js';
import type { TabScope } from '../../../../extension/src/worker/TabScope.js';
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
    const loop = commandLoop({ link, commands, recording, scope, pages: new Map(), forwarder });
    loop.start();
    for (let i = 0; i < 100 && posted.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    loop.stop();
    expect(posted[0]).to.deep.equal({ correlation_id: 'corr-1-00000000', status: 'pending', boot_id: 'boot-1' });
    expect(posted[1]).to.deep.include({ correlation_id: 'corr-1-00000000', status: 'complete', tab_id: 4 });
    expect(announced).to.deep.equal([['page', { tab_id: 4, url: 'http://localhost:5173/', title: 'Shop', event: 'load' }]]);
  });
});
