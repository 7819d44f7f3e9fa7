import { expect } from 'chai';
import { WaitForCommands } from '../../../../src/application/commands/WaitForCommands.js';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

describe('WaitForCommands (the long poll)', () => {
  let h: LifecycleHarness;
  let wait: WaitForCommands;
  const lease = { instanceId: 'i', bootId: 'b' };

  beforeEach(() => {
    h = lifecycleHarness();
    wait = h.container.get(WaitForCommands);
  });

  afterEach(() => h.stop());

  it('returns at once when work is queued', async () => {
    const id = h.queue();
    expect((await wait.execute({ ...lease, waitMs: 25_000 })).map((q) => q.correlation_id)).to.deep.equal([id]);
  });

  it('wakes as soon as a command is queued', async () => {
    const waiting = wait.execute({ ...lease, waitMs: 25_000 });
    await h.clock.tickAsync(10_000);
    const id = h.queue();
    expect((await waiting).map((q) => q.correlation_id)).to.deep.equal([id]);
  });

  it('returns empty when the wait ends on the clock', async () => {
    let done: unknown;
    void wait.execute({ ...lease, waitMs: 1_000 }).then((q) => (done = q));
    await h.clock.tickAsync(999);
    expect(done).to.equal(undefined);
    await h.clock.tickAsync(1);
    expect(done).to.deep.equal([]);
  });

  it('returns empty and delivers nothing once its request is aborted', async () => {
    const gone = new AbortController();
    const waiting = wait.execute({ ...lease, waitMs: 25_000, signal: gone.signal });
    gone.abort();
    expect(await waiting).to.deep.equal([]);
    const id = h.queue();
    expect(h.result(id).timeline.delivered_at).to.equal(undefined);
  });

  it('refuses a wait outside 0–25 000 ms', async () => {
    const error = await wait.execute({ ...lease, waitMs: 25_001 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expectDomainError(() => {
      throw error;
    }, 'invalid_params');
  });
});
