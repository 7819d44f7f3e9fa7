import { expect } from 'chai';
import { Inflight } from '../../../extension/src/page/inflight.js';
import { EffectsRecorder, MAX_EFFECTS } from '../../../extension/src/worker/Effects.js';

describe('extension: what an action caused (SPEC 9 effects)', () => {
  it('keeps its tab’s requests, errors, answered dialogs and a blocked popup; other tabs’ entries are not its', async () => {
    const recorder = new EffectsRecorder();
    const recording = recorder.start(7);
    recorder.see(7, 'network', {
      method: 'POST',
      url: 'http://localhost:5173/api/x',
      status: 500,
      duration_ms: 12.6,
      response_body: 'no',
    });
    recorder.see(8, 'network', { method: 'GET', url: 'http://localhost:5173/other', status: 200, duration_ms: 1 });
    recorder.see(7, 'logs', {
      level: 'error',
      message: 'boom\nmore lines',
      stack: 'Error: boom\n    at onClick (http://localhost:5173/src/App.tsx:10:5)',
      url: 'http://localhost:5173/',
    });
    recorder.see(7, 'logs', {
      level: 'warn',
      message: 'alert answered',
      args: [{ dialog: 'alert', message: 'Saved!', answer: 'accepted' }],
    });
    recorder.see(7, 'logs', { level: 'warn', message: 'blocked', args: [{ popup_blocked: 'http://localhost:5173/pop' }] });
    recorder.see(7, 'logs', { level: 'log', message: 'ordinary' });
    recorder.tabOpened(7, 9, '');
    recorder.tabOpened(8, 10, 'http://elsewhere/');
    await recording.resolveUrls(async (id) => (id === 9 ? 'http://localhost:5173/new' : undefined));
    recorder.stop(recording);
    recorder.see(7, 'network', { method: 'GET', url: 'http://localhost:5173/late', status: 200, duration_ms: 1 });
    expect(recording.effects({ settled: true, settle_ms: 130, navigated_to: 'http://localhost:5173/next' })).to.deep.equal({
      requests: [{ method: 'POST', url: 'http://localhost:5173/api/x', status: 500, duration_ms: 13 }],
      errors: [{ message: 'boom …', at: 'src/App.tsx:10:5' }],
      dialogs: [{ type: 'alert', message: 'Saved!', answer: 'accepted' }],
      new_tabs: [{ tab_id: 9, url: 'http://localhost:5173/new' }],
      navigated_to: 'http://localhost:5173/next',
      popup_blocked: { url: 'http://localhost:5173/pop' },
      settled: true,
      settle_ms: 130,
    });
  });

  it('shows at most 10 of each list and counts the rest', () => {
    const recorder = new EffectsRecorder();
    const recording = recorder.start(1);
    for (let i = 0; i < 25; i++) recorder.see(1, 'network', { method: 'GET', url: `http://h/${i}`, status: 200, duration_ms: 1 });
    const effects = recording.effects({ settled: false, settle_ms: 2_000 });
    expect(effects.requests).to.have.length(MAX_EFFECTS);
    expect(effects.requests[9]?.url).to.equal('http://h/9');
    expect(effects.more).to.deep.equal({ requests: 15 });
  });

  it('Inflight counts the requests started since a time that are still open, and stays bounded', () => {
    const inflight = new Inflight();
    const old = inflight.begin(100);
    const fresh = inflight.begin(200);
    expect(inflight.since(150)).to.equal(1);
    expect(inflight.since(0)).to.equal(2);
    inflight.end(fresh);
    expect(inflight.since(150)).to.equal(0);
    inflight.end(old);
    for (let i = 0; i < 5_000; i++) inflight.begin(300);
    expect(inflight.since(0)).to.equal(1_000);
  });
});
