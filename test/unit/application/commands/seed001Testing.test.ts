import { expect } from 'chai';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

// Seed 001, "Testing Requirements" 1–6, through the use cases with the fake clock.
describe('seed 001 testing requirements (fake clock)', () => {
  let h: LifecycleHarness;

  beforeEach(() => {
    h = lifecycleHarness();
  });

  afterEach(() => h.stop());

  it('1. fast path (< 2 s): the command completes at once and the first read gets the result', async () => {
    const id = h.queue();
    await h.at(5);
    h.poll();
    await h.at(40);
    h.report(id, 'complete', { result: { success: true, data: 'Home Page' } });
    const result = h.result(id);
    expect(result).to.include({ status: 'complete', duration_ms: 40 });
    expect(result).to.have.deep.property('result', { success: true, data: 'Home Page' });
  });

  it('2. slow path (> 2 s, < 10 s): the agent reads pending, reads again, gets the result', async () => {
    const id = h.queue();
    h.poll();
    await h.at(1_900);
    h.report(id, 'pending');
    await h.at(2_500);
    expect(h.result(id)).to.include({ status: 'pending' });
    await h.at(7_000);
    h.report(id, 'complete', { result: { success: true, data: 42 } });
    expect(h.result(id)).to.include({ status: 'complete', duration_ms: 7_000 });
  });

  it('3. timeout (> 10 s): the extension posts timeout and the agent sees the failure', async () => {
    const id = h.queue();
    h.poll();
    h.report(id, 'pending');
    await h.at(10_000);
    h.report(id, 'timeout', { message: 'Execution timeout' });
    expect(h.result(id)).to.include({ status: 'timeout', error: 'execution_timeout', message: 'Execution timeout' });
    expect(h.failed().commands.map((c) => c.correlation_id)).to.deep.equal([id]);
  });

  it('4. extension disconnect: a delivered command expires after 3 s into failed_commands', async () => {
    const id = h.queue();
    h.poll();
    await h.at(3_000);
    expect(h.failed().commands).to.have.length(1);
    expect(h.failed().commands[0]).to.include({ correlation_id: id, error: 'extension_no_response' });
  });

  it('5. result expiration: a result never retrieved expires after 60 s', async () => {
    const id = h.queue();
    h.poll();
    h.report(id, 'complete', { result: 1 });
    await h.at(60_000);
    expect(h.result(id)).to.include({
      status: 'expired',
      error: 'result_expired',
      message: 'Result expired after 60s (not retrieved in time)',
    });
  });

  it('6. multiple concurrent commands: correlation ids stay isolated', async () => {
    const a = h.queue('agent-a');
    const b = h.queue('agent-b');
    const a2 = h.queue('agent-a');
    h.poll();
    h.report(b, 'complete', { result: 'for b' });
    h.report(a2, 'complete', { result: 'for a2' });
    h.report(a, 'error', { message: 'for a' });
    expect(new Set([a, b, a2]).size).to.equal(3);
    expect(h.result(b, 'agent-b')).to.include({ result: 'for b' });
    expect(h.result(a2, 'agent-a')).to.include({ result: 'for a2' });
    expect(h.result(a, 'agent-a')).to.include({ status: 'error', error: 'execution_error', message: 'for a' });
    expectDomainError(() => h.result(b, 'agent-a'), 'unknown_correlation_id');
    expect(h.list('agent-b').completed.map((c) => c.correlation_id)).to.deep.equal([b]);
  });
});
