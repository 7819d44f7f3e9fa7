import { expect } from 'chai';
import type { OutletState, StreamMessage, StreamOutletPort } from '../../../../src/application/ports/StreamOutletPort.js';
import { ConfigureStreaming } from '../../../../src/application/streaming/ConfigureStreaming.js';
import { MAX_INTAKE_ENTRIES, StreamDispatcher } from '../../../../src/application/streaming/StreamDispatcher.js';
import { FakeClock } from '../../../../src/adapters/outbound/clock/FakeClock.js';
import type { LogEntry } from '../../../../src/domain/wire/entries.js';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { patterns } from '../../../support/patterns.js';

class RecordingOutlet implements StreamOutletPort {
  readonly sent = new Map<string, StreamMessage[]>();
  readonly discarded: string[] = [];
  deliver(clientId: string, message: StreamMessage): void {
    this.sent.set(clientId, [...(this.sent.get(clientId) ?? []), message]);
  }
  state(): OutletState {
    return { attached: true, paused: false, held: 0, dropped: 0 };
  }
  discard(clientId: string): void {
    this.discarded.push(clientId);
  }
  types(clientId: string): string[] {
    return (this.sent.get(clientId) ?? []).map((m) => String(m.data.event_type));
  }
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const error = (message: string, overrides: Partial<LogEntry> = {}): LogEntry => ({
  level: 'error',
  message,
  source: 'console',
  url: 'http://localhost/app',
  ts: 0,
  ...overrides,
});

describe('StreamDispatcher', () => {
  let clock: FakeClock;
  let outlet: RecordingOutlet;
  let dispatcher: StreamDispatcher;
  let configure: ConfigureStreaming;

  beforeEach(() => {
    clock = new FakeClock(0);
    outlet = new RecordingOutlet();
    dispatcher = new StreamDispatcher(clock, outlet, silent);
    configure = new ConfigureStreaming(dispatcher, patterns);
  });

  it('does nothing, not even schedule, without subscribers', () => {
    dispatcher.publish({ kind: 'logs', entries: [error('x')] });
    expect(clock.pendingTasks()).to.equal(0);
  });

  it('matches and sends off the publishing call, in a task right after it', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'] });
    dispatcher.publish({ kind: 'logs', entries: [error('boom')] });
    expect(outlet.sent.size).to.equal(0);
    await clock.tickAsync(0);
    expect(outlet.sent.get('a')).to.deep.equal([
      {
        level: 'error',
        data: {
          event_type: 'error',
          severity: 'high',
          timestamp: '1970-01-01T00:00:00.000Z',
          message: 'boom',
          url: 'http://localhost/app',
          source: 'console',
          level: 'error',
        },
      },
    ]);
  });

  it('gives each client exactly the events its own subscription matches', async () => {
    configure.execute({ clientId: 'errors', enabled: true, subscribe: ['error'] });
    configure.execute({ clientId: 'network', enabled: true, subscribe: ['network_failure'] });
    dispatcher.publish({ kind: 'logs', entries: [error('e')] });
    dispatcher.publish({ kind: 'network', entries: [{ url: 'http://x/', method: 'GET', status: 500, duration_ms: 1, ts: 0 }] });
    await clock.tickAsync(0);
    expect(outlet.types('errors')).to.deep.equal(['error']);
    expect(outlet.types('network')).to.deep.equal(['network_failure']);
  });

  it('sends 5 of 10 at once, announces the throttle, and releases the queue as the window slides', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'], filters: { rate_limit: 5 } });
    dispatcher.publish({ kind: 'logs', entries: Array.from({ length: 10 }, (_, i) => error(`e${i}`)) });
    await clock.tickAsync(0);
    expect(outlet.types('a')).to.deep.equal(['error', 'error', 'error', 'error', 'error', 'rate_limit_exceeded']);
    await clock.tickAsync(999);
    expect(outlet.sent.get('a')).to.have.length(6);
    await clock.tickAsync(1);
    expect(
      outlet.sent
        .get('a')
        ?.slice(6)
        .map((m) => m.data.message),
    ).to.deep.equal(['e5', 'e6', 'e7', 'e8', 'e9']);
    expect(clock.pendingTasks()).to.equal(0);
  });

  it('keeps one release timer per client, and none after unsubscribing', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'], filters: { rate_limit: 1 } });
    dispatcher.publish({ kind: 'logs', entries: [error('1'), error('2'), error('3')] });
    await clock.tickAsync(0);
    expect(clock.pendingTasks()).to.equal(1);
    configure.execute({ clientId: 'a', enabled: false });
    expect(clock.pendingTasks()).to.equal(0);
    expect(outlet.discarded).to.deep.equal(['a']);
  });

  it('piggybacks up to 5 unseen matched events per tool result, each once', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'], filters: { rate_limit: 1, overflow: 'drop' } });
    dispatcher.publish({ kind: 'logs', entries: Array.from({ length: 7 }, (_, i) => error(`e${i}`)) });
    await clock.tickAsync(0);
    const first = dispatcher.takeAlerts('a');
    expect(first?.entries.map((e) => e.message)).to.deep.equal(['e0', 'e1', 'e2', 'e3', 'e4']);
    expect(first?.more).to.equal(2);
    expect(dispatcher.takeAlerts('a')?.entries.map((e) => e.message)).to.deep.equal(['e5', 'e6']);
    expect(dispatcher.takeAlerts('a')).to.equal(undefined);
  });

  it('keeps unseen alerts when re-configured and drops them when disabled', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'] });
    dispatcher.publish({ kind: 'logs', entries: [error('kept')] });
    await clock.tickAsync(0);
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error', 'network_failure'] });
    expect(dispatcher.takeAlerts('a')?.entries.map((e) => e.message)).to.deep.equal(['kept']);
    dispatcher.publish({ kind: 'logs', entries: [error('dropped')] });
    await clock.tickAsync(0);
    configure.execute({ clientId: 'a', enabled: false });
    expect(dispatcher.takeAlerts('a')).to.equal(undefined);
  });

  it('bounds unseen alerts at 100 and says how many were dropped', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'], filters: { overflow: 'drop' } });
    dispatcher.publish({ kind: 'logs', entries: Array.from({ length: 103 }, (_, i) => error(`e${i}`)) });
    await clock.tickAsync(0);
    const alerts = dispatcher.takeAlerts('a');
    expect(alerts).to.deep.include({ more: 95, dropped: 3 });
    expect(alerts?.entries[0]?.message).to.equal('e3');
  });

  it('drops new batches past the intake bound and tells every subscriber', async () => {
    configure.execute({ clientId: 'a', enabled: true, subscribe: ['error'], filters: { overflow: 'drop' } });
    dispatcher.publish({ kind: 'logs', entries: Array.from({ length: MAX_INTAKE_ENTRIES }, () => error('x')) });
    dispatcher.publish({ kind: 'logs', entries: [error('one too many')] });
    await clock.tickAsync(0);
    expect(outlet.sent.get('a')?.[0]?.data).to.deep.include({ event_type: 'buffer_full', dropped: 1 });
  });

  it('refuses bad subscriptions with the specific problem, naming the filter, and changes nothing', () => {
    const lookahead = expectDomainError(
      () => configure.execute({ clientId: 'a', enabled: true, filters: { url_pattern: 'api(?=/v2)' } }),
      'unsafe_pattern',
    );
    expect(lookahead.message).to.match(/^url_pattern rejected: .*lookaround/);
    expect(lookahead.details).to.deep.equal({ field: 'url_pattern' });
    expectDomainError(
      () => configure.execute({ clientId: 'a', enabled: true, filters: { exclude_pattern: 'z'.repeat(101) } }),
      'unsafe_pattern',
    );
    expectDomainError(
      () => configure.execute({ clientId: 'a', enabled: true, filters: { exclude_pattern: 'a[abc]{40}$' } }),
      'unsafe_pattern',
    );
    expectDomainError(
      () => configure.execute({ clientId: 'a', enabled: true, filters: { exclude_pattern: '[' } }),
      'invalid_params',
    );
    expectDomainError(() => configure.execute({ clientId: 'a', enabled: true, subscribe: ['gossip'] }), 'invalid_params');
    expectDomainError(() => configure.execute({ clientId: 'a', enabled: false, subscribe: ['error'] }), 'invalid_params');
    expect(dispatcher.subscribers).to.equal(0);
  });

  it('subscribes to error and network_failure when no types are given', async () => {
    configure.execute({ clientId: 'a', enabled: true });
    expect(dispatcher.stream('a')?.subscription.eventTypes).to.deep.equal(['error', 'network_failure']);
  });
});
