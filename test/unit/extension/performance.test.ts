import { expect } from 'chai';
import { PERFORMANCE_LIMITS } from '../../../src/domain/wire/performance.js';
import { type FrameEntry, LongFrames, scriptsOf } from '../../../extension/src/page/longFrames.js';
import { type RequestEntry, RequestTotals } from '../../../extension/src/page/requestTotals.js';
import { LINES_READ, lineStarts, type SourceAnswer } from '../../../extension/src/relay/sources.js';
import { SourceMaps } from '../../../extension/src/worker/SourceMaps.js';
import { MAX_SCRIPTS_MAPPED, scriptsInSource } from '../../../extension/src/worker/scriptsInSource.js';

const frame = (duration: number, scripts: FrameEntry['scripts'] = []): FrameEntry => ({
  startTime: 100,
  duration,
  blockingDuration: duration - 50,
  renderStart: 100 + duration - 10,
  scripts,
});

const request = (name: string, duration: number, extra: Partial<RequestEntry> = {}): RequestEntry => ({
  name,
  entryType: 'resource',
  initiatorType: 'script',
  startTime: 10,
  duration,
  transferSize: 1_000,
  ...extra,
});

describe('extension: long animation frames (page/longFrames.ts)', () => {
  it('keeps the 5 longest frames, longest first, and counts and sums every frame', () => {
    const frames = new LongFrames();
    for (const duration of [60, 300, 70, 250, 80, 90, 55, 400]) frames.add(frame(duration));
    expect(frames.frames().map((f) => f.duration_ms)).to.deep.equal([400, 300, 250, 90, 80]);
    expect(frames.count).to.equal(8);
    expect(frames.blockingMs).to.equal(1305 - 8 * 50);
    expect(frames.frames()[0]).to.deep.include({ start_ms: 100, blocking_ms: 350, render_ms: 10 });
  });

  it('makes the wire shape once per change: the same frames until one is kept, then the new ones', () => {
    const frames = new LongFrames();
    for (const duration of [60, 70, 80, 90, 100]) frames.add(frame(duration));
    const sent = frames.frames();
    frames.add(frame(55)); // counted, not kept
    expect(frames.frames()).to.equal(sent);
    frames.add(frame(300));
    expect(frames.frames().map((f) => f.duration_ms)).to.deep.equal([300, 100, 90, 80, 70]);
  });

  it('says by how much a frame beat the shortest kept one: nothing for one no longer', () => {
    const frames = new LongFrames();
    for (let i = 0; i < PERFORMANCE_LIMITS.frames; i++) expect(frames.add(frame(100))).to.equal(Infinity);
    expect(frames.add(frame(100))).to.equal(0);
    expect(frames.add(frame(101))).to.equal(1);
    expect(frames.add(frame(130))).to.equal(30);
  });

  it('keeps a frame’s 3 longest scripts in the wire shape, with a valid offset only', () => {
    const scripts = scriptsOf([
      { duration: 10, sourceURL: 'http://h/a.js', sourceFunctionName: 'a', sourceCharPosition: 5 },
      {
        duration: 300,
        sourceURL: 'http://h/b.js',
        sourceFunctionName: 'b',
        sourceCharPosition: 42,
        invoker: 'BUTTON#x.onclick',
        invokerType: 'event-listener',
        forcedStyleAndLayoutDuration: 12.4,
      },
      { duration: 40, sourceURL: 'http://h/c.js', sourceCharPosition: -1, invokerType: 'made-up' },
      { duration: 20, sourceURL: '' },
    ]);
    expect(scripts).to.deep.equal([
      {
        url: 'http://h/b.js',
        fn: 'b',
        char: 42,
        invoker: 'BUTTON#x.onclick',
        invoker_type: 'event-listener',
        duration_ms: 300,
        layout_ms: 12,
      },
      { url: 'http://h/c.js', duration_ms: 40 },
      { url: '', duration_ms: 20 },
    ]);
  });
});

describe('extension: requests summed up (page/requestTotals.ts)', () => {
  it('counts and sums bytes by type, keeps the 5 slowest and the render-blocking ones', () => {
    const totals = new RequestTotals();
    totals.add({ ...request('http://h/page', 800), entryType: 'navigation', initiatorType: 'navigation' });
    totals.add(request('http://h/theme.css', 900, { initiatorType: 'link', renderBlockingStatus: 'blocking' }));
    for (let i = 0; i < 8; i++) totals.add(request(`http://h/chunk${i}.js`, 10 * i));
    totals.add(request('http://h/api', 55, { initiatorType: 'fetch', transferSize: 0 }));
    totals.add(request('data:text/plain,x', 5_000));
    expect(totals.count).to.equal(11);
    expect(totals.totals()).to.deep.equal({
      document: { count: 1, bytes: 1_000 },
      stylesheet: { count: 1, bytes: 1_000 },
      script: { count: 8, bytes: 8_000 },
      fetch: { count: 1, bytes: 0 },
    });
    expect(totals.slowest().map((r) => r.url)).to.deep.equal([
      'http://h/theme.css',
      'http://h/page',
      'http://h/chunk7.js',
      'http://h/chunk6.js',
      'http://h/api',
    ]);
    expect(totals.blocking()).to.deep.equal([
      { url: 'http://h/theme.css', type: 'stylesheet', start_ms: 10, duration_ms: 900, size: 1_000, blocking: true },
    ]);
  });

  it('makes the wire shapes once per request: the same until the next one comes', () => {
    const totals = new RequestTotals();
    totals.add(request('http://h/a.js', 40));
    const [slowest, blocking, byType] = [totals.slowest(), totals.blocking(), totals.totals()];
    expect([totals.slowest(), totals.blocking(), totals.totals()]).to.have.ordered.members([slowest, blocking, byType]);
    totals.add(request('http://h/b.css', 90, { initiatorType: 'link', renderBlockingStatus: 'blocking' }));
    expect(totals.slowest().map((r) => r.url)).to.deep.equal(['http://h/b.css', 'http://h/a.js']);
    expect(totals.blocking().map((r) => r.url)).to.deep.equal(['http://h/b.css']);
    expect(totals.totals()).to.deep.equal({ script: { count: 1, bytes: 1_000 }, stylesheet: { count: 1, bytes: 1_000 } });
  });

  it('keeps at most 10 render-blocking requests and counts the rest', () => {
    const totals = new RequestTotals();
    for (let i = 0; i < 15; i++) totals.add(request(`http://h/s${i}.css`, i, { renderBlockingStatus: 'blocking' }));
    expect(totals.blocking()).to.have.length(PERFORMANCE_LIMITS.blocking);
    expect(totals.blockingCount).to.equal(15);
  });

  it('redacts a secret in a request url before it leaves the page', () => {
    const totals = new RequestTotals();
    totals.add(request('http://h/api?access_token=abc123secret', 10, { initiatorType: 'fetch' }));
    expect(totals.slowest()[0]?.url).not.to.contain('abc123secret');
  });
});

// A one-line bundle `function e(){}` whose map names `handleAdd` at src/Cart.tsx line 42,
// column 7 (0-based 6) at generated column 9 (the `e`): segment [9, 0, 41, 6, 0].
const MAP = JSON.stringify({ version: 3, sources: ['../../src/Cart.tsx'], names: ['handleAdd'], mappings: ';SAyCMA' });

function maps(answer: (url: string) => SourceAnswer) {
  const asked: string[] = [];
  const sourceMaps = new SourceMaps({
    read: async (_tab, _frame, url) => {
      asked.push(url);
      return answer(url);
    },
    setTimeout: () => undefined,
    clearTimeout: () => undefined,
  });
  return { sourceMaps, asked };
}

describe('extension: long frames’ scripts in source', () => {
  it('finds where each line starts, and gives up past the line bound', () => {
    expect(lineStarts('ab\ncd\n\ne')).to.deep.equal([0, 3, 6, 7]);
    expect(lineStarts('\n'.repeat(LINES_READ))).to.equal(undefined);
  });

  it('maps a character offset to the source position and the map’s name for the function', async () => {
    // Line 2 of the bundle (after a 20-character first line) holds the function at column 9.
    const text = `${'/'.repeat(19)}\nfunction e(){}`;
    const { sourceMaps } = maps(() => ({ map: MAP, url: 'http://h/assets/app.js.map', lines: lineStarts(text) as number[] }));
    expect(await sourceMaps.locate(1, 'http://h/assets/app.js', 20 + 9)).to.deep.equal({
      file: 'http://h/src/Cart.tsx',
      line: 42,
      column: 7,
      name: 'handleAdd',
    });
    // `(` right after the name maps to the same segment (V8's function position).
    expect((await sourceMaps.locate(1, 'http://h/assets/app.js', 20 + 10))?.line).to.equal(42);
  });

  it('leaves a script without line starts, without a map, or a name that is no identifier, as it was', async () => {
    const noLines = maps(() => ({ map: MAP, url: 'http://h/app.js.map' }));
    expect(await noLines.sourceMaps.locate(1, 'http://h/app.js', 29)).to.equal(undefined);
    const noMap = maps(() => ({ none: 'the script names no source map' }));
    expect(await noMap.sourceMaps.locate(1, 'http://h/app.js', 29)).to.equal(undefined);
    const badName = JSON.stringify({ version: 3, sources: ['../src/a.ts'], names: ['</script><b>'], mappings: ';SAyCMA' });
    const hostile = maps(() => ({ map: badName, url: 'http://h/a.js.map', lines: [0, 20] }));
    expect(await hostile.sourceMaps.locate(1, 'http://h/a.js', 29)).to.deep.equal({
      file: 'http://h/src/a.ts',
      line: 42,
      column: 7,
    });
  });

  it('puts a batch’s scripts in source, and drops whatever position the page claimed', async () => {
    const batch = {
      vitals: [
        {
          name: 'INP',
          url: 'http://h/',
          attribution: { scripts: [{ url: 'http://h/app.js', char: 29, at: 'src/fake.ts:1:1', function: 'lie' }] },
        },
      ],
      performance: [
        {
          url: 'http://h/',
          frames: [
            {
              scripts: [
                { url: 'http://h/', char: 3, at: 'src/fake.ts:9:9' },
                { url: 'http://h/lib.js', char: 1 },
              ],
            },
          ],
        },
      ],
    };
    const asked: string[] = [];
    await scriptsInSource(batch, async (url, char) => {
      asked.push(`${url}@${char}`);
      return url === 'http://h/app.js' ? { file: 'http://h/src/Cart.tsx', line: 42, column: 7, name: 'handleAdd' } : undefined;
    });
    expect(batch.vitals[0]?.attribution.scripts[0]).to.deep.equal({
      url: 'http://h/app.js',
      char: 29,
      at: 'http://h/src/Cart.tsx:42:7',
      function: 'handleAdd',
    });
    // The document's own inline script is not looked up (its offset is not the document's); no claim survives.
    expect(batch.performance[0]?.frames[0]?.scripts).to.deep.equal([
      { url: 'http://h/', char: 3 },
      { url: 'http://h/lib.js', char: 1 },
    ]);
    expect(asked).to.deep.equal(['http://h/app.js@29', 'http://h/lib.js@1']);
  });

  it('looks up at most 50 scripts of one message', async () => {
    const scripts = Array.from({ length: 10 }, (_, i) => ({ url: `http://h/${i}.js`, char: i }));
    const batch = {
      vitals: Array.from({ length: 10 }, () => ({ url: 'http://h/', attribution: { scripts: scripts.map((s) => ({ ...s })) } })),
    };
    let asked = 0;
    await scriptsInSource(batch, async () => {
      asked++;
      return undefined;
    });
    expect(asked).to.equal(MAX_SCRIPTS_MAPPED);
  });
});
