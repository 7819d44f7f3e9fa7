import { expect } from 'chai';
import { Subscription, type SubscriptionSpec } from '../../../../src/domain/streaming/Subscription.js';
import type { StreamEvent } from '../../../../src/domain/streaming/StreamEvent.js';
import { expectDomainError } from '../../../support/expectDomainError.js';
import { patterns } from '../../../support/patterns.js';

let counter = 0;
function event(overrides: Partial<StreamEvent> = {}): StreamEvent & { id: number } {
  return { id: ++counter, type: 'error', severity: 'high', url: 'http://localhost:3000/app', message: 'boom', ...overrides };
}

type SpecWithSources = Partial<Omit<SubscriptionSpec, 'urlPattern' | 'excludePattern'>> & {
  urlPattern?: string;
  excludePattern?: string;
};
const sub = ({ urlPattern, excludePattern, ...spec }: SpecWithSources = {}) =>
  new Subscription<StreamEvent & { id: number }>({
    eventTypes: ['error'],
    ...spec,
    ...(urlPattern === undefined ? {} : { urlPattern: patterns.compile(urlPattern) }),
    ...(excludePattern === undefined ? {} : { excludePattern: patterns.compile(excludePattern) }),
  });
const ids = (events: ReadonlyArray<{ id: number }>) => events.map((e) => e.id);

describe('Subscription', () => {
  describe('creation', () => {
    it('defaults to severity low, 5 per second, overflow queue', () => {
      expect(sub()).to.include({ severity: 'low', rateLimit: 5, overflow: 'queue' });
    });

    it('defaults to 10 per second when subscribed to all', () => {
      expect(sub({ eventTypes: ['all'] }).rateLimit).to.equal(10);
    });

    it('refuses no event types, more than 10, and unknown ones', () => {
      expectDomainError(() => sub({ eventTypes: [] }), 'invalid_params');
      expectDomainError(() => sub({ eventTypes: Array.from({ length: 11 }, () => 'error') }), 'invalid_params');
      const error = expectDomainError(() => sub({ eventTypes: ['error', 'explosion'] }), 'invalid_params');
      expect(error.message).to.contain('explosion');
    });

    it('refuses a bad severity, rate limit or overflow with a specific message', () => {
      expect(expectDomainError(() => sub({ severity: 'urgent' }), 'invalid_params').message).to.contain("'urgent'");
      expect(expectDomainError(() => sub({ rateLimit: 0 }), 'invalid_params').message).to.contain('rate_limit');
      expect(expectDomainError(() => sub({ rateLimit: 2.5 }), 'invalid_params').message).to.contain('rate_limit');
      expect(expectDomainError(() => sub({ overflow: 'spill' }), 'invalid_params').message).to.contain('overflow');
    });
  });

  describe('filters', () => {
    it('matches only subscribed event types', () => {
      const s = sub({ eventTypes: ['network_failure'] });
      expect(s.matches(event({ type: 'network_failure' }))).to.equal(true);
      expect(s.matches(event({ type: 'error' }))).to.equal(false);
    });

    it('matches every type when subscribed to all', () => {
      const s = sub({ eventTypes: ['all'] });
      for (const type of ['error', 'network_slow', 'websocket_close', 'security_violation'] as const) {
        expect(s.matches(event({ type, durationMs: 5_000 }))).to.equal(true);
      }
    });

    it('passes events at or above the severity threshold', () => {
      const s = sub({ severity: 'high' });
      expect(s.matches(event({ severity: 'critical' }))).to.equal(true);
      expect(s.matches(event({ severity: 'high' }))).to.equal(true);
      expect(s.matches(event({ severity: 'medium' }))).to.equal(false);
    });

    it('keeps only urls matching url_pattern', () => {
      const s = sub({ urlPattern: '^https?://localhost:3000/api' });
      expect(s.matches(event({ url: 'http://localhost:3000/api/users' }))).to.equal(true);
      expect(s.matches(event({ url: 'http://localhost:3000/app' }))).to.equal(false);
      expect(s.matches(event({ url: undefined }))).to.equal(false);
    });

    it('drops events whose url or message matches exclude_pattern', () => {
      const s = sub({ excludePattern: 'analytics|favicon' });
      expect(s.matches(event({ url: 'http://localhost/favicon.ico' }))).to.equal(false);
      expect(s.matches(event({ message: 'analytics blocked' }))).to.equal(false);
      expect(s.matches(event())).to.equal(true);
    });

    it('calls a request network_slow only from slow_ms on (default 1000 ms)', () => {
      const byDefault = sub({ eventTypes: ['network_slow'] });
      expect(byDefault.matches(event({ type: 'network_slow', durationMs: 999 }))).to.equal(false);
      expect(byDefault.matches(event({ type: 'network_slow', durationMs: 1_000 }))).to.equal(true);
      const tight = sub({ eventTypes: ['network_slow'], slowMs: 200 });
      expect(tight.matches(event({ type: 'network_slow', durationMs: 250 }))).to.equal(true);
      expectDomainError(() => sub({ slowMs: 10 }), 'invalid_params');
    });

    it('counts only matched events', () => {
      const s = sub({ severity: 'critical' });
      s.offer(event({ severity: 'low' }), 0);
      s.offer(event({ severity: 'critical' }), 0);
      expect(s.counters()).to.deep.equal({ matched: 1, sent: 1, throttled: 0, dropped: 0, queued: 0 });
    });
  });

  describe('rate limit (sliding 1000 ms window)', () => {
    it('sends 5 of 10 simultaneous events and queues the rest, announcing the throttle once', () => {
      const s = sub();
      const events = Array.from({ length: 10 }, () => event());
      const sent: number[] = [];
      const meta: unknown[] = [];
      for (const e of events) {
        const d = s.offer(e, 1_000);
        sent.push(...ids(d.send));
        meta.push(...d.meta);
      }
      expect(sent).to.deep.equal(ids(events.slice(0, 5)));
      expect(meta).to.deep.equal([{ type: 'rate_limit_exceeded', throttled: 1 }]);
      expect(s.counters()).to.include({ sent: 5, throttled: 5, queued: 5 });
      expect(s.nextReleaseAt()).to.equal(2_000);
    });

    it('releases queued events, oldest first, when the oldest send leaves the window', () => {
      const s = sub({ rateLimit: 2 });
      const [a, b, c, d] = [event(), event(), event(), event()];
      s.offer(a, 0);
      s.offer(b, 400);
      s.offer(c, 500);
      s.offer(d, 600);
      expect(s.release(999).send).to.deep.equal([]);
      expect(ids(s.release(1_000).send)).to.deep.equal([c.id]);
      expect(s.nextReleaseAt()).to.equal(1_400);
      expect(ids(s.release(1_400).send)).to.deep.equal([d.id]);
      expect(s.nextReleaseAt()).to.equal(undefined);
    });

    it('lets a burst through again across a second boundary (window slides, it does not reset on the second)', () => {
      const s = sub({ rateLimit: 3 });
      for (let i = 0; i < 3; i++) expect(s.offer(event(), 900).send).to.have.length(1);
      expect(s.offer(event(), 1_100).send).to.have.length(0); // a new calendar second, same window
      expect(ids(s.release(1_899).send)).to.deep.equal([]);
      expect(s.release(1_900).send).to.have.length(1);
    });

    it('never lets a newer event overtake queued ones', () => {
      const s = sub({ rateLimit: 1 });
      const [a, b, c] = [event(), event(), event()];
      s.offer(a, 0);
      s.offer(b, 10);
      const d = s.offer(c, 1_000);
      expect(ids(d.send)).to.deep.equal([b.id]);
      expect(s.counters().queued).to.equal(1);
    });

    it('announces rate_limit_exceeded at most once per window, carrying unreported throttles', () => {
      const s = sub({ rateLimit: 1, overflow: 'drop' });
      const meta = (now: number) => s.offer(event(), now).meta;
      expect(meta(0)).to.deep.equal([]);
      expect(meta(10)).to.deep.equal([{ type: 'rate_limit_exceeded', throttled: 1 }]);
      expect(meta(20)).to.deep.equal([]);
      expect(meta(30)).to.deep.equal([]);
      expect(meta(1_000)).to.deep.equal([]); // sent: the window had room again
      expect(meta(1_010)).to.deep.equal([{ type: 'rate_limit_exceeded', throttled: 3 }]);
    });

    it('drops the excess in drop mode, counting it as throttled and dropped', () => {
      const s = sub({ rateLimit: 2, overflow: 'drop' });
      for (let i = 0; i < 5; i++) s.offer(event(), 0);
      expect(s.counters()).to.deep.equal({ matched: 5, sent: 2, throttled: 3, dropped: 3, queued: 0 });
      expect(s.nextReleaseAt()).to.equal(undefined);
      expect(s.release(5_000).send).to.deep.equal([]);
    });

    it('bounds the queue at 100, dropping the oldest and announcing buffer_full', () => {
      const s = sub({ rateLimit: 1 });
      const all = Array.from({ length: 103 }, () => event());
      const meta = all.flatMap((e) => s.offer(e, 0).meta);
      expect(meta).to.deep.include({ type: 'buffer_full', dropped: 1 });
      expect(s.counters()).to.include({ queued: 100, dropped: 2, throttled: 102 });
      const released: number[] = [];
      for (let t = 1_000; s.counters().queued > 0; t += 1_000) released.push(...ids(s.release(t).send));
      expect(released).to.deep.equal(ids(all.slice(3)));
    });

    it('keeps memory bounded: the send log never holds more than the limit', () => {
      const s = sub({ rateLimit: 5, overflow: 'drop' });
      for (let t = 0; t < 100_000; t += 7) s.offer(event(), t);
      expect(s.counters().queued).to.equal(0);
      expect(s.counters().sent).to.be.at.most(Math.ceil(100_000 / 1_000) * 5 + 5);
    });
  });
});
