import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { CommandFailure, type Query, type ResultBody } from '../../../extension/src/shared/commands.js';
import type { PickDraft, PickScriptMessage, PickStart, PickWorkerMessage } from '../../../extension/src/shared/pick.js';
import { CommandRunner } from '../../../extension/src/worker/CommandRunner.js';
import { CHAIN_REASONS } from '../../../extension/src/shared/components.js';
import { componentsInSource } from '../../../extension/src/worker/componentsInSource.js';
import { type PickPort, Pointing, POINTING } from '../../../extension/src/worker/Pointing.js';

const DRAFT: PickDraft = {
  url: 'http://localhost:5173/cart',
  locator: "getByRole('button', { name: 'Add to cart', exact: true })",
  selector: 'role=button[name="Add to cart"]',
  role: 'button',
  name: 'Add to cart',
  tag: 'button',
  box: { x: 10, y: 20, width: 100, height: 30 },
  viewport: { width: 800, height: 600 },
  // What the page's reader answered: a position in served code, for the worker to put in source.
  components: {
    components: [{ name: 'CartButton', framework: 'react', url: 'http://localhost:5173/assets/index.js', line: 1, column: 900 }],
  },
};

/** The pick script's port as the worker sees it, driven by the test. */
class FakePort implements PickPort {
  readonly sent: PickWorkerMessage[] = [];
  private listener: ((message: PickScriptMessage) => void) | undefined;
  private gone: (() => void) | undefined;
  disconnected = false;
  constructor(
    readonly tabId: number | undefined,
    readonly frameId: number | undefined = 0,
  ) {}
  postMessage(message: PickWorkerMessage): void {
    this.sent.push(message);
  }
  onMessage(listener: (message: PickScriptMessage) => void): void {
    this.listener = listener;
  }
  onDisconnect(listener: () => void): void {
    this.gone = listener;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  say(message: PickScriptMessage): void {
    this.listener?.(message);
  }
  /** The page went away. */
  drop(): void {
    this.gone?.();
  }
}

function setup() {
  const clock = createClock(1_000);
  const started: Array<{ tabId: number; start: PickStart }> = [];
  let ids = 0;
  const pointing = new Pointing({
    inject: async (tabId, start) => void started.push({ tabId, start }),
    capture: async () => ({ mime_type: 'image/jpeg', base64: 'AAAA', width: 100, height: 30 }),
    // The worker's own check and mapping, with a map that knows the served script's one position.
    inSource: (_tabId, answer, pageUrl) =>
      componentsInSource(answer, pageUrl, async (url, line, column) =>
        url === 'http://localhost:5173/assets/index.js' && line === 1 && column === 900
          ? { file: 'http://localhost:5173/src/Cart.tsx', line: 42, column: 7 }
          : undefined,
      ),
    setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
    clearTimeout: (handle) => clock.clearTimeout(handle as number),
    now: () => clock.now,
    randomId: () => `session-${++ids}`,
  });
  /** The pick script of `tabId` connects and says hello for the session the worker started there. */
  const connect = async (tabId: number) => {
    await clock.tickAsync(0);
    const port = new FakePort(tabId);
    pointing.connected(port);
    const session = started.filter((s) => s.tabId === tabId).at(-1)?.start.session as string;
    port.say({ type: 'hello', session });
    return port;
  };
  return { clock, pointing, started, connect };
}

/** The outcome of a promise once it settles: the value, or the failure's code. */
const outcome = (promise: Promise<unknown>) => {
  const seen: { value?: unknown; code?: string; timeout?: boolean } = {};
  promise.then(
    (value) => (seen.value = value),
    (error: CommandFailure) => {
      seen.code = error.code;
      seen.timeout = error.details.timeout;
    },
  );
  return seen;
};

describe('extension Pointing: the person points', () => {
  it('resolves with the pick: the draft, the note, who asked, the component put in source, the screenshot', async () => {
    const { clock, pointing, connect, started } = setup();
    const seen = outcome(pointing.point(7, { via: 'agent', prompt: 'Which one?', correlationId: 'corr-1', limitMs: 120_000 }));
    const port = await connect(7);
    expect(started[0]?.start).to.deep.equal({ session: 'session-1', via: 'agent', prompt: 'Which one?' });
    await clock.tickAsync(5_000);
    port.say({ type: 'picked', draft: DRAFT, capture: true });
    await clock.tickAsync(0);
    expect(port.sent).to.deep.equal([{ type: 'captured' }]);
    await clock.tickAsync(3_000);
    port.say({ type: 'send', note: 'this one is misaligned' });
    await clock.tickAsync(0);
    const { components: _answer, ...draft } = DRAFT;
    expect(seen.value).to.deep.equal({
      ...draft,
      ts: 6_000,
      tab_id: 7,
      via: 'agent',
      note: 'this one is misaligned',
      prompt: 'Which one?',
      correlation_id: 'corr-1',
      component: [{ name: 'CartButton', framework: 'react', file: 'src/Cart.tsx', line: 42, column: 7 }],
      image: { mime_type: 'image/jpeg', base64: 'AAAA', width: 100, height: 30 },
    });
    expect(port.sent.at(-1)).to.deep.equal({ type: 'end' });
    expect(pointing.active(7)).to.equal(undefined);
  });

  it('says component null and the reader’s reason when it found no component, and never keeps a position no map covers', async () => {
    const { clock, pointing, connect } = setup();
    const picks = [
      { components: [], reason: CHAIN_REASONS.production },
      { components: [{ name: 'Lost', framework: 'react', url: 'http://localhost:5173/assets/other.js', line: 3, column: 4 }] },
      'not a chain',
    ];
    const seen = [];
    for (const answer of picks) {
      const result = outcome(pointing.point(7, { via: 'shortcut', limitMs: 60_000 }));
      const port = await connect(7);
      port.say({ type: 'picked', draft: { ...DRAFT, components: answer }, capture: false });
      await clock.tickAsync(0);
      port.say({ type: 'send', note: '' });
      await clock.tickAsync(0);
      const { component, component_reason } = result.value as { component: unknown; component_reason?: string };
      seen.push({ component, component_reason });
    }
    expect(seen).to.deep.equal([
      { component: null, component_reason: CHAIN_REASONS.production },
      { component: [{ name: 'Lost', framework: 'react' }], component_reason: CHAIN_REASONS.unmapped },
      { component: null, component_reason: CHAIN_REASONS.failed },
    ]);
  });

  it('refuses every other command in that tab with pick_in_progress while the person points, and none once it ends', async () => {
    const { clock, pointing, connect } = setup();
    const first = outcome(pointing.point(7, { via: 'shortcut', limitMs: 60_000 }));
    const port = await connect(7);
    expect(pointing.refusal(7)?.code).to.equal('pick_in_progress');
    expect(pointing.refusal(7)?.message).to.match(/tab 7 .*the person started it \(shortcut\)/);
    expect(pointing.refusal(8)).to.equal(undefined);
    const second = outcome(pointing.point(7, { via: 'agent', correlationId: 'corr-2', limitMs: 60_000 }));
    await clock.tickAsync(0);
    expect(second.code).to.equal('pick_in_progress');
    port.say({ type: 'cancel', reason: 'the person pressed Escape' });
    await clock.tickAsync(0);
    expect(first.code).to.equal('pick_cancelled');
    expect(pointing.refusal(7)).to.equal(undefined);
  });

  it('waits up to its limit, 300 s at most for an agent’s pick, then ends with pick_timeout and takes the overlay away', async () => {
    const { clock, pointing, connect } = setup();
    const seen = outcome(pointing.point(7, { via: 'agent', correlationId: 'corr-1', limitMs: 300_000 }));
    const port = await connect(7);
    await clock.tickAsync(299_999);
    expect(seen).to.deep.equal({});
    expect(pointing.refusal(7)?.code).to.equal('pick_in_progress');
    await clock.tickAsync(1);
    expect(seen).to.include({ code: 'pick_timeout', timeout: true });
    expect(port.sent.at(-1)).to.deep.equal({ type: 'end' });
    expect(port.disconnected).to.equal(true);
    expect(pointing.refusal(7)).to.equal(undefined);
  });

  it('ends with pick_cancelled when the page goes away (its port closes), and the tab answers again', async () => {
    const { clock, pointing, connect } = setup();
    const seen = outcome(pointing.point(7, { via: 'popup', limitMs: POINTING.personLimitMs }));
    const port = await connect(7);
    port.drop();
    await clock.tickAsync(0);
    expect(seen.code).to.equal('pick_cancelled');
    expect(pointing.active(7)).to.equal(undefined);
  });

  it('listens only to the script that says its session, in the top frame', async () => {
    const { clock, pointing, connect } = setup();
    const seen = outcome(pointing.point(7, { via: 'menu', limitMs: 60_000 }));
    await clock.tickAsync(0);
    const stale = new FakePort(7);
    pointing.connected(stale);
    stale.say({ type: 'hello', session: 'session-0' });
    const child = new FakePort(7, 3);
    pointing.connected(child);
    child.say({ type: 'hello', session: 'session-1' });
    stale.say({ type: 'cancel', reason: 'forged' });
    child.say({ type: 'cancel', reason: 'forged' });
    await clock.tickAsync(0);
    expect(seen).to.deep.equal({});
    const port = await connect(7);
    port.say({ type: 'cancel', reason: 'Escape' });
    await clock.tickAsync(0);
    expect(seen.code).to.equal('pick_cancelled');
  });

  it('fails cannot_access_page when the overlay never says hello within 5 s', async () => {
    const { clock, pointing } = setup();
    const seen = outcome(pointing.point(7, { via: 'agent', limitMs: 60_000 }));
    await clock.tickAsync(POINTING.helloMs - 1);
    expect(seen).to.deep.equal({});
    await clock.tickAsync(1);
    expect(seen.code).to.equal('cannot_access_page');
  });

  it('is run by CommandRunner as one command that may last minutes: complete at 250 s of a 300 s limit, never timed out at the usual 60 s', async () => {
    const clock = createClock(0);
    const posted: Array<ResultBody & { at: number }> = [];
    const runner = new CommandRunner({
      claim: async () => true,
      recall: () => Promise.reject(new Error('no recall')),
      execute: () =>
        new Promise((resolve) => clock.setTimeout(() => resolve({ success: true, data: { picked: true } }), 250_000)),
      post: async (body) => void posted.push({ ...body, at: clock.now }),
      stopping: async () => false,
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (handle) => clock.clearTimeout(handle as number),
      now: () => clock.now,
    });
    const query: Query = { id: 'q-1', correlation_id: 'corr-9', type: 'pick', params: { timeout_ms: 300_000 } };
    const done = runner.run(query);
    await clock.tickAsync(250_000);
    await done;
    expect(posted.map((p) => [p.status, p.at])).to.deep.equal([['complete', 250_000]]);
  });

  it('ends when the command is aborted (its limit, or the agent cancelled)', async () => {
    const { clock, pointing, connect } = setup();
    const abort = new AbortController();
    const seen = outcome(pointing.point(7, { via: 'agent', limitMs: 60_000, signal: abort.signal }));
    const port = await connect(7);
    abort.abort();
    await clock.tickAsync(0);
    expect(seen.code).to.equal('pick_timeout');
    expect(port.sent.at(-1)).to.deep.equal({ type: 'end' });
  });
});
