import { expect } from 'chai';
import { Inflight } from '../../../extension/src/page/inflight.js';
import { EffectsRecorder, MAX_EFFECTS } from '../../../extension/src/worker/Effects.js';

describe('extension: what an action caused (docs/mcp-tools.md effects)', () => {
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
    expect(effects.requests?.[9]?.url).to.equal('http://h/9');
    expect(effects.more).to.deep.equal({ requests: 15 });
  });

  it('says nothing of lists that stayed empty: a click that caused nothing is its settle alone', () => {
    const recording = new EffectsRecorder().start(1);
    expect(recording.effects({ settled: true, settle_ms: 104 })).to.deep.equal({ settled: true, settle_ms: 104 });
  });

  it('says nothing at all for a page load that found nothing new: its own requests, its url, a settle that settled', () => {
    const recorder = new EffectsRecorder();
    const recording = recorder.start(1);
    recorder.see(1, 'network', { method: 'GET', url: 'http://localhost:5173/todos', status: 200, duration_ms: 3 });
    recorder.see(1, 'network', { method: 'GET', url: 'http://localhost:5173/src/main.tsx', status: 304, duration_ms: 9 });
    recorder.see(1, 'logs', { level: 'log', message: '[vite] connected.' });
    const effects = recording.effects(
      { settled: true, settle_ms: 140, navigated_to: 'http://localhost:5173/todos' },
      { url: 'http://localhost:5173/todos' },
    );
    expect(effects).to.deep.equal({});
  });

  it('lists of a page load only what went wrong, where it moved on to, and a settle that did not end', () => {
    const recorder = new EffectsRecorder();
    const recording = recorder.start(1);
    recorder.see(1, 'network', { method: 'GET', url: 'http://localhost:5173/todos', status: 200, duration_ms: 3 });
    recorder.see(1, 'network', { method: 'GET', url: 'http://localhost:5173/api/todos', status: 500, duration_ms: 31 });
    recorder.see(1, 'network', { method: 'GET', url: 'http://cdn.test/x.css', status: 0, duration_ms: 2 });
    const effects = recording.effects(
      { settled: false, settle_ms: 2_000, navigated_to: 'http://localhost:5173/login' },
      { url: 'http://localhost:5173/todos' },
    );
    expect(effects).to.deep.equal({
      requests: [
        { method: 'GET', url: 'http://localhost:5173/api/todos', status: 500, duration_ms: 31 },
        { method: 'GET', url: 'http://cdn.test/x.css', status: 0, duration_ms: 2 },
      ],
      navigated_to: 'http://localhost:5173/login',
      settled: false,
      settle_ms: 2_000,
    });
  });

  it('folds the same error again into one item with a count', () => {
    const recorder = new EffectsRecorder();
    const recording = recorder.start(1);
    const boom = {
      level: 'error',
      message: 'Uncaught TypeError: x',
      stack: 'TypeError: x\n    at f (http://h/src/a.ts:1:2)',
      url: 'http://h/',
    };
    for (let i = 0; i < 12; i++) recorder.see(1, 'logs', boom);
    recorder.see(1, 'logs', { ...boom, stack: 'TypeError: x\n    at g (http://h/src/b.ts:3:4)' });
    const effects = recording.effects({ settled: true, settle_ms: 100 });
    expect(effects.errors).to.deep.equal([
      { message: 'Uncaught TypeError: x', at: 'src/a.ts:1:2', count: 12 },
      { message: 'Uncaught TypeError: x', at: 'src/b.ts:3:4' },
    ]);
    expect(effects).not.to.have.property('more');
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
