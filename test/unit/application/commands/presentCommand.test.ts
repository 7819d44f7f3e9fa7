import { expect } from 'chai';
import {
  presentDelivery,
  presentInline,
  presentQueued,
  presentResult,
} from '../../../../src/application/commands/presentCommand.js';
import { EXT, lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

// The docs/architecture.md (the command lifecycle) payload shapes, field by field.
describe('command payloads (docs/architecture.md (the command lifecycle))', () => {
  let h: LifecycleHarness;

  beforeEach(() => {
    h = lifecycleHarness();
  });

  afterEach(() => h.stop());

  it('answers interact with status queued, the correlation id and how to fetch the result', () => {
    const command = h.tracker.enqueue(
      { clientId: 'c', action: 'navigate', params: { url: 'http://x.test' } },
      { correlationId: 'corr-1-aaaaaaaa', queryId: 'q-1' },
      h.clock.now(),
    );
    const payload = presentQueued(command);
    expect(payload).to.include({ status: 'queued', correlation_id: 'corr-1-aaaaaaaa' });
    expect(payload.message).to.contain('observe {what:"command_result", correlation_id}');
    expect(Buffer.byteLength(JSON.stringify(payload))).to.be.below(160); // was 213
  });

  it('answers a finished command inline with what the agent acts on next; the full payload keeps the rest', () => {
    const command = h.tracker.enqueue(
      { clientId: 'c', action: 'navigate', params: { url: 'http://x.test' } },
      { correlationId: 'corr-1-cccccccc', queryId: 'q-2' },
      h.clock.now(),
    );
    const full = presentResult(command);
    expect(full).to.have.property('timeline');
    const { message: _waiting, ...base } = full as unknown as Record<string, unknown>;
    expect(
      presentInline({
        ...base,
        status: 'complete',
        result: { success: true, data: 1 },
        completed_at: 'x',
        duration_ms: 4,
      } as never),
    ).to.deep.equal({
      status: 'complete',
      result: { success: true, data: 1 },
      duration_ms: 4,
    });
  });

  it('hands the extension id, correlation id, type, params with the execution limit, and tab', () => {
    const command = h.tracker.enqueue(
      { clientId: 'c', action: 'click', params: { selector: '#go' }, tabId: 7 },
      { correlationId: 'corr-1-bbbbbbbb', queryId: 'q-9' },
      h.clock.now(),
    );
    expect(presentDelivery(command)).to.deep.equal({
      id: 'q-9',
      correlation_id: 'corr-1-bbbbbbbb',
      type: 'click',
      params: { selector: '#go', timeout_ms: 10_000 },
      tab_id: 7,
    });
  });

  it('shows queued, then delivered (still "queued"), then running ("pending") with a growing timeline', async () => {
    const id = h.queue();
    expect(h.result(id)).to.deep.equal({
      correlation_id: id,
      command: 'execute_js',
      timeline: { queued_at: '2026-01-01T00:00:00.000Z', attempts: 0 },
      status: 'queued',
      message: 'Waiting for the extension to pick the command up',
    });
    await h.at(10);
    h.poll();
    expect(h.result(id)).to.include({ status: 'queued', message: 'Delivered to the extension; waiting for it to start' });
    await h.at(25);
    h.report(id, 'pending');
    expect(h.result(id)).to.deep.include({
      status: 'pending',
      timeline: {
        queued_at: '2026-01-01T00:00:00.000Z',
        delivered_at: '2026-01-01T00:00:00.010Z',
        acked_at: '2026-01-01T00:00:00.025Z',
        attempts: 1,
      },
    });
  });

  it('gives a complete result exactly as posted, with completed_at and duration_ms', async () => {
    const id = h.queue();
    h.poll();
    await h.at(1_234);
    h.report(id, 'complete', { result: { success: true, data: { title: 'Home', n: [1, 2] } } });
    const payload = h.result(id);
    expect(payload).to.deep.include({
      status: 'complete',
      result: { success: true, data: { title: 'Home', n: [1, 2] } },
      completed_at: '2026-01-01T00:00:01.234Z',
      duration_ms: 1_234,
    });
    expect(payload.timeline.finished_at).to.equal('2026-01-01T00:00:01.234Z');
  });

  it('gives an error its code as error, the page’s sentence once as message, failed_at, and the details posted with it', () => {
    const id = h.queue();
    h.poll();
    h.report(id, 'error', {
      error: 'script_error',
      message: 'TypeError: x is undefined',
      result: { stack: 'at <anonymous>:1:1' },
    });
    const payload = h.result(id);
    expect(payload).to.deep.include({
      status: 'error',
      error: 'script_error',
      message: 'TypeError: x is undefined',
      failed_at: '2026-01-01T00:00:00.000Z',
      result: { stack: 'at <anonymous>:1:1' },
    });
    expect(payload).to.not.have.property('error_code');
    expect(JSON.stringify(payload).split('x is undefined')).to.have.length(2); // said once
  });

  for (const code of ['ambiguous_selector', 'stale_ref', 'element_not_found', 'dialog_open', 'a_code_added_later']) {
    it(`passes the extension’s ${code} through as error, whatever the code (no list to keep in step)`, () => {
      const id = h.queue();
      h.poll();
      h.report(id, 'error', { error: code, message: 'what happened' });
      expect(h.result(id)).to.include({ status: 'error', error: code, message: 'what happened' });
      expect(h.failed().commands[0]).to.include({ error: code, message: 'what happened' });
    });
  }

  it('says execution_error for an error without a stable code, and a sentence when none came', () => {
    const [spaced, none] = [h.queue(), h.queue()];
    h.poll();
    h.report(spaced, 'error', { error: 'Not A Code', message: 'boom' });
    h.report(none, 'error');
    expect(h.result(spaced)).to.include({ error: 'execution_error', message: 'boom' });
    expect(h.result(none)).to.include({ error: 'execution_error', message: 'The extension reported an error without a message' });
  });

  it('gives a timeout the extension’s code, or execution_timeout', () => {
    const [coded, bare] = [h.queue(), h.queue()];
    h.poll();
    h.report(coded, 'timeout', { error: 'wait_timeout', message: '"#x" did not appear within 500 ms' });
    h.report(bare, 'timeout');
    expect(h.result(coded)).to.include({
      status: 'timeout',
      error: 'wait_timeout',
      message: '"#x" did not appear within 500 ms',
    });
    expect(h.result(bare)).to.include({
      status: 'timeout',
      error: 'execution_timeout',
      message: 'Command exceeded its 10s execution limit',
    });
  });

  it('gives an expired command its expired_at', async () => {
    const id = h.queue();
    await h.at(30_000);
    expect(h.result(id)).to.include({
      status: 'expired',
      error: 'extension_not_connected',
      message: 'No extension picked up the command within 30s; is the browsertap extension installed, enabled and connected?',
      expired_at: '2026-01-01T00:00:30.000Z',
    });
  });

  it('lists pending, completed and failed commands with their own fields', async () => {
    const running = h.queue();
    const done = h.queue();
    const broken = h.queue();
    h.poll(EXT);
    h.report(running, 'pending');
    await h.at(500);
    h.report(done, 'complete', { result: 1 });
    h.report(broken, 'timeout', { message: 'slow' });
    const waiting = h.queue();
    const lists = h.list();
    expect(lists.pending.map((c) => [c.correlation_id, c.status])).to.deep.equal([
      [running, 'pending'],
      [waiting, 'queued'],
    ]);
    expect(lists.completed).to.deep.equal([
      {
        correlation_id: done,
        command: 'execute_js',
        completed_at: '2026-01-01T00:00:00.500Z',
        duration_ms: 500,
        retrieved: false,
      },
    ]);
    expect(lists.failed).to.deep.equal([
      {
        correlation_id: broken,
        command: 'execute_js',
        status: 'timeout',
        error: 'execution_timeout',
        message: 'slow',
        failed_at: '2026-01-01T00:00:00.500Z',
      },
    ]);
    expect(h.failed()).to.deep.equal({ commands: lists.failed, count: 1 });
  });
});
