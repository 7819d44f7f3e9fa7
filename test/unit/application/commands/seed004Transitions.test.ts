import { expect } from 'chai';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

// Seed 004, "Status Transition Matrix", row by row (seed `pending` = our queued/delivered/running).
describe('seed 004 status transition matrix (fake clock)', () => {
  let h: LifecycleHarness;

  beforeEach(() => {
    h = lifecycleHarness();
  });

  afterEach(() => h.stop());

  it('— → pending: creating a query registers the command', () => {
    const id = h.queue();
    expect(h.result(id)).to.include({ correlation_id: id, status: 'queued', command: 'execute_js' });
    expect(h.list().pending.map((c) => c.correlation_id)).to.deep.equal([id]);
  });

  it('pending → complete: the extension posts a result', () => {
    const id = h.queue();
    h.poll();
    h.report(id, 'complete', { result: 'ok' });
    expect(h.result(id).status).to.equal('complete');
  });

  it('pending → expired: after 30 s the command moves to failed commands', async () => {
    const id = h.queue();
    await h.at(30_000);
    expect(h.list().pending).to.deep.equal([]);
    expect(h.failed().commands[0]).to.include({ correlation_id: id, status: 'expired' });
  });

  it('complete → deleted: a retrieved result is removed at its 60 s TTL', async () => {
    const id = h.queue();
    h.poll();
    h.report(id, 'complete', { result: 'ok' });
    h.result(id);
    await h.at(60_000);
    expect(h.list()).to.deep.equal({ pending: [], completed: [], failed: [] });
    expectDomainError(() => h.result(id), 'unknown_correlation_id');
  });

  it('expired → evicted: the oldest failure leaves the full ring first (FIFO)', async () => {
    const ids: string[] = [];
    for (let round = 0; round < 21; round++) {
      for (let i = 0; i < 5; i++) ids.push(h.queue());
      await h.at((round + 1) * 30_000);
    }
    expect(ids).to.have.length(105);
    const failed = h.failed().commands.map((c) => c.correlation_id);
    expect(failed).to.deep.equal(ids.slice(5));
    for (const gone of ids.slice(0, 5)) expectDomainError(() => h.result(gone), 'unknown_correlation_id');
  });
});
