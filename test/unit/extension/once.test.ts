import { expect } from 'chai';
import { callSlot } from '../../../extension/src/worker/pageCall.js';
import { MAX_REMEMBERED_RUNS, NOT_HERE, ONCE_SLOT, recallSlot, STILL_RUNNING } from '../../../extension/src/worker/once.js';

const global = globalThis as unknown as Record<symbol | string, unknown>;
const HELPER = 'browsertap.test-helper';

/**
 * The page's side of "a command runs once" (once.ts): `callSlot` as executeScript runs it in a
 * document, with a helper that counts its runs, and `recallSlot` as a restarted worker asks it.
 */
describe('a document remembers a command it ran (callSlot once, recallSlot)', () => {
  let runs: string[];
  let savedDocument: PropertyDescriptor | undefined;

  beforeEach(() => {
    runs = [];
    // callSlot tells the page's capture around the call with DOM events: a document that hears them.
    savedDocument = Object.getOwnPropertyDescriptor(global, 'document');
    Object.defineProperty(global, 'document', { value: { dispatchEvent: () => true }, configurable: true });
    global[Symbol.for(HELPER)] = (...args: unknown[]) =>
      new Promise((resolve) => {
        runs.push(String(args[0]));
        setTimeout(() => resolve({ ok: true, data: `ran ${String(args[0])}` }), 5);
      });
  });

  afterEach(() => {
    delete global[Symbol.for(HELPER)];
    delete global[Symbol.for(ONCE_SLOT)];
    if (savedDocument === undefined) delete global.document;
    else Object.defineProperty(global, 'document', savedDocument);
  });

  // The helper answers in 5 ms; the slot's waits are 10 s so that only a run that never ends
  // reaches them, however loaded the machine.
  it('runs a command once: the same correlation id again gets the first run’s outcome', async () => {
    const first = callSlot(HELPER, ['order'], 10_000, 0, 'corr-1');
    const second = callSlot(HELPER, ['order'], 10_000, 0, 'corr-1');
    expect(await first).to.deep.equal({ ok: true, data: 'ran order' });
    expect(await second).to.deep.equal({ ok: true, data: 'ran order' });
    expect(runs).to.deep.equal(['order']);
  });

  it('runs calls without a key (settle looks, a replay’s steps) every time', async () => {
    await callSlot(HELPER, ['look'], 10_000, 0);
    await callSlot(HELPER, ['look'], 10_000, 0);
    expect(runs).to.deep.equal(['look', 'look']);
  });

  it('gives a restarted worker the outcome of the run, and runs nothing', async () => {
    void callSlot(HELPER, ['order'], 10_000, 0, 'corr-1');
    expect(await recallSlot('corr-1', 10_000)).to.deep.equal({ ok: true, data: 'ran order' });
    expect(runs).to.deep.equal(['order']);
  });

  it('says when it has no run of that command (another document, or it never started)', async () => {
    expect(await recallSlot('corr-never', 10_000)).to.equal(NOT_HERE);
    expect(runs).to.deep.equal([]);
  });

  it('says a run is still going when it does not finish within the wait', async () => {
    global[Symbol.for(HELPER)] = () => new Promise(() => undefined);
    void callSlot(HELPER, [], 1_000, 0, 'corr-slow');
    expect(await recallSlot('corr-slow', 20)).to.equal(STILL_RUNNING);
  });

  it(`remembers the last ${MAX_REMEMBERED_RUNS} runs, forgetting the oldest first`, async () => {
    for (let i = 0; i <= MAX_REMEMBERED_RUNS; i++) await callSlot(HELPER, [`n${i}`], 10_000, 0, `corr-${i}`);
    expect(await recallSlot('corr-0', 10)).to.equal(NOT_HERE);
    expect(await recallSlot('corr-1', 10)).to.deep.equal({ ok: true, data: 'ran n1' });
    expect(await recallSlot(`corr-${MAX_REMEMBERED_RUNS}`, 10)).to.deep.equal({
      ok: true,
      data: `ran n${MAX_REMEMBERED_RUNS}`,
    });
  });

  it('remembers a helper that failed as a failed outcome, never as a reason to run again', async () => {
    global[Symbol.for(HELPER)] = () => {
      runs.push('x');
      return Promise.reject(new Error('helper broke'));
    };
    await (callSlot(HELPER, [], 10_000, 0, 'corr-bad') as Promise<unknown>).catch(() => undefined);
    expect(await callSlot(HELPER, [], 10_000, 0, 'corr-bad')).to.deep.include({ ok: false, code: 'extension_error' });
    expect(await recallSlot('corr-bad', 10)).to.deep.include({ ok: false, code: 'extension_error' });
    expect(runs).to.deep.equal(['x']);
  });
});
