import { expect } from 'chai';
import { lifecycleHarness } from '../../../support/lifecycleHarness.js';

/** Two starts of one browser's extension worker, both claiming commands before they run them. */
const A = { instanceId: 'inst-A', bootId: 'boot-A', claims: true } as const;
const B = { instanceId: 'inst-A', bootId: 'boot-B', claims: true } as const;

/**
 * A command that started runs once, whenever the extension's worker restarts, and its result
 * says what happened: ran (its result), did not run (delivered again, or `extension_no_response`
 * with a hint that sending it again is safe), or unknown (`extension_restarted`). The daemon's
 * half: the claim, the redelivery of what was never claimed, the resume of what was.
 */
describe('a command runs once across worker restarts (claims, resumes)', () => {
  let h: ReturnType<typeof lifecycleHarness>;

  beforeEach(() => {
    h = lifecycleHarness();
  });

  afterEach(() => h.stop());

  describe('the worker restarts before it claimed the command (it never started)', () => {
    it('delivers it again to the new worker, which alone may claim and run it', async () => {
      const id = h.queue();
      h.poll(A);
      await h.at(500);
      expect(h.poll(B).map((q) => [q.correlation_id, q.resume])).to.deep.equal([[id, undefined]]);
      expect(h.report(id, 'pending', { bootId: B.bootId })).to.deep.equal({ accepted: true });
      h.report(id, 'complete', { result: { success: true, data: 1 } });
      expect(h.result(id)).to.deep.include({ status: 'complete', result: { success: true, data: 1 } });
      expect(h.result(id).timeline.attempts).to.equal(2);
    });

    it("refuses the old worker's late claim once the command went to the new one, so the old one never starts it", async () => {
      const id = h.queue();
      h.poll(A);
      h.poll(B);
      expect(h.report(id, 'pending', { bootId: A.bootId })).to.deep.equal({ accepted: false, reason: 'not_lease_holder' });
      expect(h.result(id).status).to.equal('queued');
    });

    it('says a delivered command nobody claimed never started, so sending it again is safe', async () => {
      const id = h.queue();
      h.poll(A);
      await h.at(3_000);
      expect(h.result(id)).to.deep.include({
        status: 'expired',
        error: 'extension_no_response',
        message: 'Extension did not respond within 3s of receiving command',
        hint: 'It never started in the browser (the extension claims a command before it runs it): sending it again is safe.',
      });
    });

    it('gives no such hint for an extension that does not claim (it may have run it)', async () => {
      const id = h.queue();
      h.poll({ instanceId: A.instanceId, bootId: A.bootId });
      await h.at(3_000);
      expect(h.result(id)).to.include({ status: 'expired', error: 'extension_no_response' }).and.not.have.property('hint');
    });
  });

  describe('a claim', () => {
    it('is the acknowledgement: the command is running from then on', () => {
      const id = h.queue();
      h.poll(A);
      expect(h.report(id, 'pending', { bootId: A.bootId })).to.deep.equal({ accepted: true });
      expect(h.result(id).status).to.equal('pending');
    });

    it('asked again by the same worker (its answer was lost) is accepted again, changing nothing', async () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      const acked = h.result(id).timeline.acked_at;
      await h.at(100);
      expect(h.report(id, 'pending', { bootId: A.bootId })).to.deep.equal({ accepted: true });
      expect(h.result(id).timeline.acked_at).to.equal(acked);
    });

    it('from a worker of another browser is refused', () => {
      const id = h.queue();
      h.poll(A);
      expect(h.report(id, 'pending', { bootId: 'boot-elsewhere' })).to.deep.equal({
        accepted: false,
        reason: 'not_lease_holder',
      });
      expect(h.result(id).status).to.equal('queued');
    });

    it('is refused for a command that was never delivered, or has ended', () => {
      const queued = h.queue();
      expect(h.report(queued, 'pending', { bootId: A.bootId })).to.deep.equal({ accepted: false, reason: 'not_delivered' });
      h.poll(A);
      h.report(queued, 'complete', { result: 1 });
      expect(h.report(queued, 'pending', { bootId: A.bootId })).to.deep.equal({ accepted: false, reason: 'already_final' });
    });
  });

  describe('the worker restarts after it claimed the command (it started)', () => {
    it('never delivers it to run again: the new worker is asked to resume it, with the time left and no params', async () => {
      const id = h.queue('client-1', { action: 'upload', params: { files: [{ name: 'a.bin', content_base64: 'QUJD' }] } });
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      await h.at(2_500);
      const [resume, ...more] = h.poll(B);
      expect(more).to.deep.equal([]);
      expect(resume).to.deep.equal({
        id: resume?.id,
        correlation_id: id,
        type: 'upload',
        params: { timeout_ms: 7_500 },
        resume: true,
      });
      expect(h.result(id).status).to.equal('pending');
      expect(h.poll(B)).to.deep.equal([]);
    });

    it('refuses the new worker a claim of the resumed command: it already started once', () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      h.poll(B);
      expect(h.report(id, 'pending', { bootId: B.bootId })).to.deep.equal({ accepted: false, reason: 'already_acknowledged' });
      expect(h.report(id, 'pending', { bootId: A.bootId })).to.deep.equal({ accepted: false, reason: 'not_lease_holder' });
    });

    it('mid-run, the page kept its outcome: complete with the one run’s result, one attempt, and when it was resumed', async () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      await h.at(400);
      h.poll(B);
      await h.at(1_200);
      h.report(id, 'complete', { result: { success: true, data: 'ran once', note: 'kept by the page' } });
      const done = h.result(id);
      expect(done).to.deep.include({ status: 'complete', result: { success: true, data: 'ran once', note: 'kept by the page' } });
      expect(done.timeline).to.include({ attempts: 1, resumed_at: new Date(h.clock.now() - 800).toISOString() });
    });

    it('nothing kept its outcome: error extension_restarted in the daemon’s words, with what to do', () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      h.poll(B);
      h.report(id, 'error', { error: 'extension_restarted', message: 'the extension said so' });
      expect(h.result(id)).to.deep.include({
        status: 'error',
        error: 'extension_restarted',
        message:
          "The extension's service worker restarted after the command had started, and its outcome was lost: it may have run, in part or in whole.",
        hint: 'Check the page (snapshot, observe) before sending it again.',
      });
    });

    it('its old worker’s result arrives late, after the resume: it is what happened, and the resume’s answer changes nothing', () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      h.poll(B);
      expect(h.report(id, 'complete', { result: { success: true, data: 'from A' } })).to.deep.equal({ accepted: true });
      expect(h.report(id, 'error', { error: 'extension_restarted', message: 'B found nothing' })).to.deep.equal({
        accepted: false,
        reason: 'already_final',
      });
      expect(h.result(id)).to.deep.include({ status: 'complete', result: { success: true, data: 'from A' } });
    });

    it('after its result was posted: the new worker gets nothing, the result stands', () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      h.report(id, 'complete', { result: { success: true, data: 1 } });
      expect(h.poll(B)).to.deep.equal([]);
      expect(h.result(id)).to.deep.include({ status: 'complete', result: { success: true, data: 1 } });
      expect(h.result(id).timeline.attempts).to.equal(1);
    });

    it('no worker comes back: the backstop ends it as a timeout that says it had started', async () => {
      const id = h.queue('client-1', { timeoutMs: 5_000 });
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      await h.at(7_000);
      expect(h.result(id)).to.deep.include({
        status: 'timeout',
        error: 'execution_timeout',
        hint: 'It had started in the browser: check the page (snapshot, observe) before sending it again.',
      });
    });

    it('a resumed worker that is stopped too hands the resume on to the next start, still never a run', () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      h.poll(B);
      const C = { ...B, bootId: 'boot-C' };
      expect(h.poll(C).map((q) => [q.correlation_id, q.resume])).to.deep.equal([[id, true]]);
      expect(h.poll(B)).to.deep.equal([]);
    });

    it('a new worker that does not claim (an older extension) cannot resume: the command fails extension_restarted at once', () => {
      const id = h.queue();
      h.poll(A);
      h.report(id, 'pending', { bootId: A.bootId });
      expect(h.poll({ instanceId: B.instanceId, bootId: B.bootId })).to.deep.equal([]);
      expect(h.result(id)).to.include({ status: 'error', error: 'extension_restarted' });
    });
  });
});
