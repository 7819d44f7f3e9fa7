import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { REDACTED_VALUE, type RecordingSettings } from '../../../extension/src/shared/actions.js';
import { agentNavigationEntry, forwardActions } from '../../../extension/src/worker/actions.js';
import { AGENT_GRACE_MS, AgentWindows } from '../../../extension/src/worker/AgentWindows.js';
import { Forwarder, type ForwardKind } from '../../../extension/src/worker/Forwarder.js';
import { RecordingState } from '../../../extension/src/worker/RecordingState.js';

function forwarding() {
  const clock = createClock(0);
  const sent: Array<{ kind: ForwardKind; entries: readonly object[] }> = [];
  const forwarder = new Forwarder({
    send: async (kind, entries) => (sent.push({ kind, entries }), { received: entries.length, rejected: 0 }),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    now: () => clock.now,
  });
  const posted = async () => (await clock.tickAsync(100), sent.flatMap((s) => s.entries) as Array<Record<string, unknown>>);
  return { forwarder, sent, posted };
}
const ON = { record: true, values: true };
const human = (extra: object = {}) => JSON.stringify([{ ts: 1, by: 'human', type: 'click', url: 'http://localhost/', ...extra }]);

describe('extension recording: the worker side', () => {
  it("posts a frame's actions to /actions stamped with the sender's tab and child frame", async () => {
    const { forwarder, sent, posted } = forwarding();
    forwardActions(human({ tab_id: 99 }), 7, 'http://localhost/frame', ON, new AgentWindows(), forwarder, 0);
    expect(await posted()).to.deep.equal([
      { ts: 1, by: 'human', type: 'click', url: 'http://localhost/', tab_id: 7, frame_url: 'http://localhost/frame' },
    ]);
    expect(sent[0]?.kind).to.equal('actions');
  });

  it('forwards nothing while recording is off in the tab, and no values while values are off', async () => {
    const { forwarder, posted } = forwarding();
    expect(forwardActions(human(), 7, undefined, { record: false, values: true }, new AgentWindows(), forwarder, 0)).to.equal(0);
    const fill = JSON.stringify([
      { ts: 1, by: 'human', type: 'fill', url: 'u', value: 'Lyon', value_name: 'City' },
      { ts: 2, by: 'human', type: 'upload', url: 'u', files: [{ name: 'cv.pdf', size: 3 }] },
    ]);
    forwardActions(fill, 7, undefined, { record: true, values: false }, new AgentWindows(), forwarder, 0);
    expect(await posted()).to.deep.equal([
      { ts: 1, by: 'human', type: 'fill', url: 'u', tab_id: 7 },
      { ts: 2, by: 'human', type: 'upload', url: 'u', files: [{ name: REDACTED_VALUE, size: 3 }], tab_id: 7 },
    ]);
  });

  it('drops malformed entries and takes at most 100 per message', async () => {
    const { forwarder, posted } = forwarding();
    const many = JSON.stringify([
      { by: 'human', type: 'teleport' },
      { by: 'robot', type: 'click' },
      'junk',
      ...Array.from({ length: 150 }, (_, i) => ({ ts: i, by: 'human', type: 'press', url: 'u', key: 'Tab' })),
    ]);
    expect(forwardActions(many, 1, undefined, ON, new AgentWindows(), forwarder, 0)).to.equal(97);
    expect(forwardActions('not json', 1, undefined, ON, new AgentWindows(), forwarder, 0)).to.equal(0);
    expect(await posted()).to.have.length(97);
  });

  it('takes an agent action only for a command acting in that very tab', async () => {
    const { forwarder, posted } = forwarding();
    const agents = new AgentWindows();
    agents.start(7, 'c-1', 'type', 0);
    const agent = (id: string) => JSON.stringify([{ ts: 1, by: 'agent', type: 'fill', url: 'u', correlation_id: id }]);
    forwardActions(agent('c-1'), 8, undefined, ON, agents, forwarder, 10); // another tab
    forwardActions(agent('c-9'), 7, undefined, ON, agents, forwarder, 10); // no such command
    forwardActions(agent('c-1'), 7, undefined, ON, agents, forwarder, 10);
    agents.end('c-1', 20);
    forwardActions(agent('c-1'), 7, undefined, ON, agents, forwarder, 20 + AGENT_GRACE_MS + 1); // long over
    expect((await posted()).map((e) => [e.tab_id, e.correlation_id])).to.deep.equal([[7, 'c-1']]);
  });

  it("makes a navigation the page records while the agent's click or navigate acts there the agent's", async () => {
    const { forwarder, posted } = forwarding();
    const agents = new AgentWindows();
    const load = JSON.stringify([{ ts: 5, by: 'human', type: 'navigate', url: 'http://localhost/next', navigation: 'load' }]);
    agents.start(7, 'c-2', 'click', 0);
    forwardActions(load, 7, undefined, ON, agents, forwarder, 10);
    agents.start(7, 'c-3', 'wait_for', 20); // does not change the page
    agents.end('c-2', 30);
    forwardActions(load, 7, undefined, ON, agents, forwarder, 5_000); // a person's, later
    expect((await posted()).map((e) => [e.by, e.correlation_id])).to.deep.equal([
      ['agent', 'c-2'],
      ['human', undefined],
    ]);
  });

  it("records an agent's navigate from the worker when its page said nothing, and never twice", () => {
    const agents = new AgentWindows();
    agents.start(3, 'n-1', 'navigate', 100);
    const made = agents.end('n-1', 200);
    expect(made).to.deep.equal({ tabId: 3, correlationId: 'n-1', navigation: 'load', startedAt: 100 });
    expect(agentNavigationEntry(made!, 'http://localhost/')).to.deep.equal({
      ts: 100,
      tab_id: 3,
      by: 'agent',
      type: 'navigate',
      url: 'http://localhost/',
      navigation: 'load',
      correlation_id: 'n-1',
    });
    expect(agents.claim(3, 300), 'the page spoke late').to.deep.equal({ correlationId: 'n-1', duplicate: true });
    agents.start(3, 'n-2', 'refresh', 400);
    expect(agents.claim(3, 450)).to.deep.equal({ correlationId: 'n-2', duplicate: false });
    expect(agents.end('n-2', 500), 'the page recorded it').to.equal(undefined);
  });

  it("holds the daemon's settings and the person's per-tab switch, telling every change", async () => {
    const saved: Array<RecordingSettings | number[]> = [];
    const told: Array<number | undefined> = [];
    const state = new RecordingState(
      {
        load: async () => ({ off: [4] }),
        saveSettings: async (settings) => void saved.push(settings),
        saveOff: async (off) => void saved.push(off),
      },
      (tabId) => told.push(tabId),
    );
    await state.ready;
    expect(state.order(4, true)).to.deep.equal({ record: false, values: true });
    expect(state.order(5, true)).to.deep.equal({ record: true, values: true });
    expect(state.order(5, false), 'untracked').to.deep.equal({ record: false, values: true });
    state.fromDaemon({ actions: true, values: true }); // no change
    state.fromDaemon({ actions: true, values: false });
    expect(state.order(5, true)).to.deep.equal({ record: true, values: false });
    await state.setTab(4, true);
    expect(state.order(4, true).record).to.equal(true);
    state.fromDaemon({ actions: false, values: false });
    expect(state.order(4, true).record).to.equal(false);
    expect(told).to.deep.equal([undefined, 4, undefined]);
    expect(saved).to.deep.equal([{ actions: true, values: false }, [], { actions: false, values: false }]);
  });
});
