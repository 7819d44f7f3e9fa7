import { createClock } from '@sinonjs/fake-timers';
import { expect } from 'chai';
import { auditEntry, CaptureIntake } from '../../../../extension/src/worker/captureIntake.js';
import { EffectsRecorder } from '../../../../extension/src/worker/Effects.js';
import { Forwarder, type ForwardKind } from '../../../../extension/src/worker/Forwarder.js';
import { TabScope } from '../../../../extension/src/worker/TabScope.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

describe('captureIntake: what tracked tabs capture, on its way to the daemon', () => {
  let fake: FakeChrome;
  let sent: Array<{ kind: ForwardKind; entries: readonly object[] }>;
  let forwarder: Forwarder;
  const clock = createClock(0);

  beforeEach(() => {
    fake = fakeChrome({
      message: (_tab, message) => ((message as { type: string }).type === 'browsertap:drain' ? { ok: true } : undefined),
    }).install();
    sent = [];
    forwarder = new Forwarder({
      send: async (kind, entries) => (sent.push({ kind, entries }), { received: entries.length, rejected: 0 }),
      setTimeout: (fn, ms) => clock.setTimeout(fn, ms),
      clearTimeout: (handle) => clock.clearTimeout(handle as number),
      now: () => clock.now,
    });
  });
  afterEach(() => fake.uninstall());

  it("forwards a tracked tab's batch stamped with its tab, remembers its page, and drops an untracked tab's", async () => {
    const pages = new Map<number, string>();
    const intake = new CaptureIntake(new TabScope(), pages, forwarder, () => new EffectsRecorder());
    const batch = JSON.stringify({
      logs: [{ level: 'error', message: 'boom', source: 'exception', url: 'http://localhost:5173/', ts: 1 }],
      page: [{ url: 'http://localhost:5173/', title: 'Shop', event: 'load' }],
    });
    intake.take(batch, 3, 0, undefined, 'http://localhost:5173/');
    intake.take(batch, 4, 0, undefined, 'https://bank.example/');
    await intake.drain(3);
    expect(
      sent.flatMap((batch) => batch.entries.map((entry) => [batch.kind, (entry as { tab_id: number }).tab_id])),
    ).to.deep.equal([
      ['logs', 3],
      ['page', 3],
    ]);
    expect([...pages]).to.deep.equal([[3, 'http://localhost:5173/']]);
    expect(await fake.chrome.storage.session.get('pageUrls')).to.deep.equal({ pageUrls: { 3: 'http://localhost:5173/' } });
  });

  it('drains at most half a second for a page that does not answer', async () => {
    fake.uninstall();
    fake = fakeChrome({ message: () => new Promise(() => undefined) }).install();
    const intake = new CaptureIntake(new TabScope(), new Map(), forwarder, () => new EffectsRecorder());
    const started = Date.now();
    await intake.drain(3);
    expect(Date.now() - started).to.be.within(450, 1_500);
  });

  it("listens for the failed loads of tracked tabs' pages, to give them their real status", () => {
    const intake = new CaptureIntake(
      new TabScope(),
      new Map([[3, 'http://localhost:5173/']]),
      forwarder,
      () => new EffectsRecorder(),
    );
    intake.listen();
    expect(fake.chrome.webRequest.onHeadersReceived.listeners).to.have.length(1);
    expect(fake.chrome.webRequest.onErrorOccurred.listeners).to.have.length(1);
  });

  it('writes an accessibility violation as a warning of source audit', () => {
    const entry = auditEntry(3, 'http://localhost:5173/', {
      rule: 'image-alt',
      impact: 'critical',
      help: 'Images must have alternate text',
      count: 2,
      nodes: [],
    });
    expect(entry).to.deep.include({
      level: 'warn',
      message: 'accessibility: Images must have alternate text (image-alt, critical; 2 elements)',
      source: 'audit',
      tab_id: 3,
    });
  });
});
