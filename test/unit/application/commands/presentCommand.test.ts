import { expect } from 'chai';
import {
  presentDelivery,
  presentInline,
  presentQueued,
  presentResult,
} from '../../../../src/application/commands/presentCommand.js';
import { EXT, lifecycleHarness, type LifecycleHarness } from '../../../support/lifecycleHarness.js';

// The SPEC 3.3 payload shapes, field by field.
describe('command payloads (SPEC 3.3)', () => {
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
      correlation_id: 'corr-1-cccccccc',
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

  it('gives an error with the page’s message, its code, failed_at, and anything posted with it', () => {
    const id = h.queue();
    h.poll();
    h.report(id, 'error', { error: 'TypeError: x is undefined', result: { stack: 'at <anonymous>:1:1' } });
    expect(h.result(id)).to.deep.include({
      status: 'error',
      error: 'TypeError: x is undefined',
      error_code: 'execution_error',
      failed_at: '2026-01-01T00:00:00.000Z',
      result: { stack: 'at <anonymous>:1:1' },
    });
  });

  it('gives an expired command its expired_at', async () => {
    const id = h.queue();
    await h.at(30_000);
    expect(h.result(id)).to.include({ status: 'expired', expired_at: '2026-01-01T00:00:30.000Z' });
  });

  it('lists pending, completed and failed commands with their own fields', async () => {
    const running = h.queue();
    const done = h.queue();
    const broken = h.queue();
    h.poll(EXT);
    h.report(running, 'pending');
    await h.at(500);
    h.report(done, 'complete', { result: 1 });
    h.report(broken, 'timeout', { error: 'slow' });
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
        hint: 'slow',
        failed_at: '2026-01-01T00:00:00.500Z',
      },
    ]);
    expect(h.failed()).to.deep.equal({ commands: lists.failed, count: 1 });
  });
});
