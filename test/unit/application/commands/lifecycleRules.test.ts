import { expect } from 'chai';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { EXT, lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

// One describe per row of docs/architecture.md (the command lifecycle), each driven by the fake clock through the real use cases.
describe('docs/architecture.md (the command lifecycle) command lifecycle rules (fake clock)', () => {
  let h: LifecycleHarness;

  beforeEach(() => {
    h = lifecycleHarness();
  });

  afterEach(() => h.stop());

  describe('row 1: a queued command nobody picks up expires after 30 s (extension_not_connected)', () => {
    it('is still queued at 29 999 ms', async () => {
      const id = h.queue();
      await h.at(29_999);
      expect(h.result(id).status).to.equal('queued');
    });

    it('is expired with extension_not_connected at 30 000 ms and listed as failed', async () => {
      const id = h.queue();
      await h.at(30_000);
      const result = h.result(id);
      expect(result).to.include({ status: 'expired', error: 'extension_not_connected' });
      expect(h.failed().commands.map((c) => c.correlation_id)).to.deep.equal([id]);
      expect(h.list().pending).to.deep.equal([]);
    });

    it('counts the 30 s from queuing, not from the last poll that found nothing', async () => {
      await h.at(10_000);
      h.poll();
      const id = h.queue();
      await h.at(39_999);
      expect(h.result(id).status).to.equal('queued');
      await h.at(40_000);
      expect(h.result(id).status).to.equal('expired');
    });
  });

  describe('row 2: a delivered command must be acknowledged within 3 s (extension_no_response)', () => {
    it('is still pending delivery at 2 999 ms after delivery', async () => {
      const id = h.queue();
      await h.at(1_000);
      h.poll();
      await h.at(3_999);
      expect(h.result(id)).to.include({ status: 'queued' });
      expect(h.result(id).timeline.delivered_at).to.be.a('string');
    });

    it('fails extension_no_response at exactly 3 000 ms with the documented hint', async () => {
      const id = h.queue();
      await h.at(1_000);
      h.poll();
      await h.at(4_000);
      expect(h.result(id)).to.include({
        status: 'expired',
        error: 'extension_no_response',
        message: 'Extension did not respond within 3s of receiving command',
      });
      const [failed] = h.failed().commands;
      expect(failed).to.include({
        error: 'extension_no_response',
        message: 'Extension did not respond within 3s of receiving command',
      });
    });

    it('a pending ack at 2 999 ms keeps the command running past 3 000 ms', async () => {
      const id = h.queue();
      h.poll();
      await h.at(2_999);
      expect(h.report(id, 'pending')).to.deep.equal({ accepted: true });
      await h.at(3_000);
      expect(h.result(id).status).to.equal('pending');
    });

    it('a final status within 3 s is the ack', async () => {
      const id = h.queue();
      h.poll();
      await h.at(2_500);
      expect(h.report(id, 'complete', { result: { success: true, data: 'Home' } })).to.deep.equal({ accepted: true });
      await h.at(3_000);
      expect(h.result(id)).to.include({ status: 'complete' });
    });
  });

  describe('row 3: delivery is leased to one extension instance; a new boot_id before the ack re-delivers', () => {
    it('never hands the same command twice to a live worker (same instance, same boot)', async () => {
      h.queue();
      expect(h.poll()).to.have.length(1);
      await h.at(1_000);
      expect(h.poll()).to.deep.equal([]);
    });

    it('re-delivers an unacknowledged command when the same instance polls with a new boot_id', async () => {
      const id = h.queue();
      h.poll();
      await h.at(2_000);
      const again = h.poll({ instanceId: EXT.instanceId, bootId: 'boot-2' });
      expect(again.map((q) => q.correlation_id)).to.deep.equal([id]);
      expect(h.result(id).timeline.attempts).to.equal(2);
    });

    it('restarts the 3 s acknowledgement window at the re-delivery', async () => {
      const id = h.queue();
      h.poll();
      await h.at(2_000);
      h.poll({ instanceId: EXT.instanceId, bootId: 'boot-2' });
      await h.at(4_999);
      expect(h.result(id).status).to.equal('queued');
      await h.at(5_000);
      expect(h.result(id)).to.include({ status: 'expired', error: 'extension_no_response' });
    });

    it('does not give a leased command to another extension instance', () => {
      h.queue();
      h.poll();
      expect(h.poll({ instanceId: 'inst-B', bootId: 'boot-9' })).to.deep.equal([]);
    });

    it('fails a running command with extension_restarted when its worker comes back with a new boot_id', () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'pending');
      expect(h.poll({ instanceId: EXT.instanceId, bootId: 'boot-2' })).to.deep.equal([]);
      expect(h.result(id)).to.include({ status: 'error', error: 'extension_restarted' });
    });

    it('accepts the result of a re-delivered command once', () => {
      const id = h.queue();
      h.poll();
      h.poll({ instanceId: EXT.instanceId, bootId: 'boot-2' });
      expect(h.report(id, 'complete', { result: 1 })).to.deep.equal({ accepted: true });
      expect(h.report(id, 'complete', { result: 2 })).to.deep.equal({ accepted: false, reason: 'already_final' });
      expect(h.result(id)).to.include({ status: 'complete', result: 1 });
    });
  });

  describe('row 4: after a pending ack the server backstops the execution limit at limit + 2 s', () => {
    it('is still running at delivery + 11 999 ms with the default 10 s limit', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'pending');
      await h.at(11_999);
      expect(h.result(id).status).to.equal('pending');
    });

    it('times out with execution_timeout at delivery + 12 000 ms', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'pending');
      await h.at(12_000);
      expect(h.result(id)).to.include({ status: 'timeout', error: 'execution_timeout' });
      expect(h.failed().commands[0]).to.include({ error: 'execution_timeout' });
    });

    it('honours a per-command timeout_ms of 60 s (backstop at 62 s)', async () => {
      const id = h.queue('client-1', { timeoutMs: 60_000 });
      h.poll();
      h.report(id, 'pending');
      await h.at(61_999);
      expect(h.result(id).status).to.equal('pending');
      await h.at(62_000);
      expect(h.result(id).status).to.equal('timeout');
    });

    it('rejects timeout_ms above 60 s or below 1 ms with invalid_params and queues nothing', () => {
      expectDomainError(() => h.queue('client-1', { timeoutMs: 60_001 }), 'invalid_params');
      expectDomainError(() => h.queue('client-1', { timeoutMs: 0 }), 'invalid_params');
      expect(h.list().pending).to.deep.equal([]);
    });

    it('records the timeout the extension posts, with its message', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'pending');
      await h.at(10_000);
      h.report(id, 'timeout', { error: 'execution_timeout', message: 'JavaScript execution exceeded 10s' });
      expect(h.result(id)).to.include({
        status: 'timeout',
        error: 'execution_timeout',
        message: 'JavaScript execution exceeded 10s',
      });
    });
  });

  describe('row 5: a completed result is kept 60 s, then deleted or moved to the failed ring as expired', () => {
    it('is present at 59 999 ms after completion', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'complete', { result: 'x' });
      await h.at(59_999);
      expect(h.list().completed.map((c) => c.correlation_id)).to.deep.equal([id]);
    });

    it('is in the failed ring as expired at 60 000 ms when never retrieved', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'complete', { result: 'x' });
      await h.at(60_000);
      expect(h.list().completed).to.deep.equal([]);
      expect(h.failed().commands).to.have.length(1);
      expect(h.failed().commands[0]).to.include({
        correlation_id: id,
        status: 'expired',
        error: 'result_expired',
        message: 'Result expired after 60s (not retrieved in time)',
      });
      expect(h.result(id)).to.include({
        status: 'expired',
        error: 'result_expired',
        message: 'Result expired after 60s (not retrieved in time)',
      });
    });

    it('is deleted, not expired, at 60 000 ms when it was retrieved', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'complete', { result: 'x' });
      expect(h.result(id).status).to.equal('complete');
      await h.at(59_999);
      expect(h.result(id).status).to.equal('complete');
      await h.at(60_000);
      expect(h.failed().count).to.equal(0);
      expectDomainError(() => h.result(id), 'unknown_correlation_id');
    });
  });

  describe('row 6: the failed ring keeps 100 failures, FIFO', () => {
    it('evicts the oldest failure when the 101st arrives', () => {
      const ids: string[] = [];
      for (let i = 0; i < 101; i++) {
        const id = h.queue();
        h.poll();
        h.report(id, 'error', { error: `boom ${i}` });
        ids.push(id);
      }
      const failed = h.failed();
      expect(failed.count).to.equal(100);
      expect(failed.commands[0]?.correlation_id).to.equal(ids[1]);
      expect(failed.commands[99]?.correlation_id).to.equal(ids[100]);
      expectDomainError(() => h.result(ids[0] as string), 'unknown_correlation_id');
    });
  });

  describe('row 7: 5 in-flight commands per client; the 6th gets queue_full with retry_after_ms', () => {
    it('refuses the 6th with queue_full and a retry_after_ms hint, keeping the 5', () => {
      for (let i = 0; i < 5; i++) h.queue();
      const error = expectDomainError(() => h.queue(), 'queue_full');
      expect(error.details.retry_after_ms).to.be.a('number').within(1, 1_000);
      expect(h.list().pending).to.have.length(5);
    });

    it('accepts a new command once one of the 5 completes', () => {
      const ids = Array.from({ length: 5 }, () => h.queue());
      h.poll();
      h.report(ids[0] as string, 'complete', { result: 1 });
      expect(() => h.queue()).not.to.throw();
    });

    it('counts queued, delivered and running commands alike', () => {
      const ids = Array.from({ length: 3 }, () => h.queue());
      h.poll();
      h.report(ids[0] as string, 'pending');
      h.queue();
      h.queue();
      expectDomainError(() => h.queue(), 'queue_full');
    });

    it('does not let one client fill another client’s queue', () => {
      for (let i = 0; i < 5; i++) h.queue('client-1');
      expect(() => h.queue('client-2')).not.to.throw();
    });

    it('hints the time to the soonest in-flight deadline when that is under 1 s', async () => {
      h.queue();
      h.poll();
      for (let i = 0; i < 4; i++) h.queue();
      await h.at(2_700);
      const error = expectDomainError(() => h.queue(), 'queue_full');
      expect(error.details.retry_after_ms).to.equal(300);
    });
  });

  describe('row 8: 100 completed results per client; beyond that the oldest unretrieved one expires', () => {
    function completeMany(n: number): string[] {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const id = h.queue();
        h.poll();
        h.report(id, 'complete', { result: i });
        ids.push(id);
      }
      return ids;
    }

    it('moves the oldest unretrieved result to the failed ring as expired (result_evicted)', () => {
      const ids = completeMany(101);
      expect(h.list().completed).to.have.length(100);
      expect(h.result(ids[0] as string)).to.include({ status: 'expired', error: 'result_evicted' });
      expect(h.failed().commands.map((c) => c.correlation_id)).to.deep.equal([ids[0]]);
    });

    it('deletes an already-retrieved result first, losing nothing unseen', () => {
      const ids = completeMany(100);
      h.result(ids[50] as string);
      completeMany(1);
      expect(h.list().completed).to.have.length(100);
      expect(h.failed().count).to.equal(0);
      expect(h.result(ids[0] as string).status).to.equal('complete');
      expectDomainError(() => h.result(ids[50] as string), 'unknown_correlation_id');
    });
  });

  describe('row 9: deadline timers do the precise work; a 5 s sweep is the safety net', () => {
    it('keeps exactly one deadline timer (plus the sweep) however many commands wait', () => {
      for (let i = 0; i < 5; i++) h.queue(`client-${i}`);
      h.poll();
      for (let i = 0; i < 5; i++) h.queue(`client-${i}`);
      expect(h.clock.pendingTasks()).to.equal(2);
    });

    it('a deadline the timer never learnt about is re-armed by the next sweep and applied on time', async () => {
      await h.at(1_000);
      h.tracker.enqueue(
        { clientId: 'client-1', action: 'refresh', params: {} },
        { correlationId: 'corr-x', queryId: 'q-x' },
        h.clock.now(),
      );
      await h.at(30_999);
      expect(h.result('corr-x').status).to.equal('queued');
      await h.at(31_000);
      expect(h.result('corr-x')).to.include({ status: 'expired', error: 'extension_not_connected' });
    });

    it('an overdue deadline is applied by the next sweep', async () => {
      await h.at(1_000);
      const longAgo = h.clock.now() - 60_000;
      h.tracker.enqueue(
        { clientId: 'client-1', action: 'refresh', params: {} },
        { correlationId: 'corr-y', queryId: 'q-y' },
        longAgo,
      );
      await h.at(4_999);
      expect(h.result('corr-y').status).to.equal('queued');
      await h.at(5_000);
      expect(h.result('corr-y').status).to.equal('expired');
    });

    it('leaves no timer behind once every command is settled and stop() is called', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'complete', { result: 1 });
      h.result(id);
      await h.at(60_000);
      h.stop();
      expect(h.clock.pendingTasks()).to.equal(0);
    });
  });

  describe('results for unknown or final ids are answered accepted:false and change nothing', () => {
    it('rejects an unknown correlation id', () => {
      expect(h.report('corr-0-deadbeef', 'complete')).to.deep.equal({ accepted: false, reason: 'unknown_correlation_id' });
    });

    it('rejects a result for a command never delivered', () => {
      const id = h.queue();
      expect(h.report(id, 'complete', { result: 1 })).to.deep.equal({ accepted: false, reason: 'not_delivered' });
      expect(h.result(id).status).to.equal('queued');
    });

    it('treats a duplicate final result as idempotent', () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'complete', { result: 'first' });
      expect(h.report(id, 'error', { error: 'late' })).to.deep.equal({ accepted: false, reason: 'already_final' });
      expect(h.result(id)).to.include({ status: 'complete', result: 'first' });
    });

    it('treats a duplicate pending ack as idempotent and keeps the backstop where it was', async () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'pending');
      await h.at(5_000);
      expect(h.report(id, 'pending')).to.deep.equal({ accepted: false, reason: 'already_acknowledged' });
      await h.at(12_000);
      expect(h.result(id).status).to.equal('timeout');
    });

    it('rejects a result that arrives after the command expired', async () => {
      const id = h.queue();
      h.poll();
      await h.at(3_000);
      expect(h.report(id, 'complete', { result: 1 })).to.deep.equal({ accepted: false, reason: 'already_final' });
      expect(h.result(id).status).to.equal('expired');
    });
  });
});
