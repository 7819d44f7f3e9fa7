import { expect } from 'chai';
import { MAX_MAP_CHARS, MAX_SCRIPT_CHARS, readSourceMap, type SourceAnswer } from '../../../extension/src/relay/sources.js';
import { MAX_MAPS, MAX_RECENT, MAX_SEGMENTS, SourceMaps } from '../../../extension/src/worker/SourceMaps.js';

// A map for a one-line bundle: generated column 10 is src/App.tsx line 10, column 30 (0-based), name "onClick".
// Segment [10, 0, 9, 30]: generated column 10, source 0, original line 9 (0-based), column 30.
const MAP = JSON.stringify({ version: 3, sources: ['../../src/App.tsx'], names: [], mappings: 'UAS8B' });

function setup(answer: (url: string) => Promise<SourceAnswer>) {
  const asked: string[] = [];
  const timers: Array<() => void> = [];
  const maps = new SourceMaps({
    read: async (_tab, _frame, url) => {
      asked.push(url);
      return answer(url);
    },
    setTimeout: (fn) => timers.push(fn),
    clearTimeout: () => undefined,
  });
  return { maps, asked, timers };
}

describe('extension: stacks in source (SourceMaps)', () => {
  it('rewrites frames of a mapped script to the source file, line and column; keeps the others', async () => {
    const { maps } = setup(async (url) =>
      url.includes('cdn.example') ? { none: 'no comment' } : { map: MAP, url: 'http://localhost:5173/assets/index.js.map' },
    );
    const stack = [
      'Error: boom',
      '    at onClick (http://localhost:5173/assets/index.js:1:11)',
      '    at http://cdn.example/lib.js:3:4',
      '    at http://localhost:5173/assets/index.js:1:11',
      '    at <anonymous>',
    ].join('\n');
    expect((await maps.map(1, stack))?.split('\n')).to.deep.equal([
      'Error: boom',
      '    at onClick (http://localhost:5173/src/App.tsx:10:31)',
      '    at http://cdn.example/lib.js:3:4',
      '    at http://localhost:5173/src/App.tsx:10:31',
      '    at <anonymous>',
    ]);
  });

  it('leaves a stack raw when there is no map or a broken one, and asks for each script once', async () => {
    const { maps, asked } = setup(async (url) => (url.includes('broken') ? { map: '{not json', url } : { none: 'no comment' }));
    expect(await maps.map(1, '    at f (http://localhost/a.js:1:1)')).to.equal(undefined);
    expect(await maps.map(1, '    at f (http://localhost/a.js:2:1)')).to.equal(undefined);
    expect(await maps.map(1, '    at f (http://localhost/broken.js:1:1)')).to.equal(undefined);
    expect(asked).to.deep.equal(['http://localhost/a.js', 'http://localhost/broken.js']);
    expect(await maps.map(1, 'no frames at all')).to.equal(undefined);
  });

  it('does not hold a stack past the first-map wait: a slow map leaves it raw', async () => {
    const { maps, timers } = setup(() => new Promise(() => undefined)); // never answers
    const pending = maps.map(1, '    at f (http://localhost/slow.js:1:11)');
    await Promise.resolve();
    timers.forEach((fn) => fn()); // FIRST_MAP_WAIT_MS passes
    expect(await pending).to.equal(undefined);
  });

  it('maps the same stack again once a map that was late has arrived (a late result is not remembered)', async () => {
    let deliver!: (answer: SourceAnswer) => void;
    const { maps, timers } = setup(() => new Promise((resolve) => (deliver = resolve)));
    const stack = '    at f (http://localhost:5173/assets/index.js:1:11)';
    const first = maps.map(1, stack);
    await Promise.resolve();
    timers.forEach((fn) => fn());
    expect(await first).to.equal(undefined);
    deliver({ map: MAP, url: 'http://localhost:5173/assets/index.js.map' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await maps.map(1, stack)).to.equal('    at f (http://localhost:5173/src/App.tsx:10:31)');
  });

  it(`remembers at most ${MAX_MAPS} scripts, the least recently used going first`, async () => {
    const { maps, asked } = setup(async () => ({ none: 'none' }));
    for (let i = 0; i <= MAX_MAPS; i++) await maps.map(1, `    at f (http://localhost/s${i}.js:1:1)`);
    await maps.map(1, '    at f (http://localhost/s0.js:1:1)'); // evicted: asked again
    await maps.map(1, `    at f (http://localhost/s${MAX_MAPS}.js:1:1)`); // kept: not asked again
    expect(asked.filter((url) => url.endsWith('/s0.js'))).to.have.length(2);
    expect(asked.filter((url) => url.endsWith(`/s${MAX_MAPS}.js`))).to.have.length(1);
  });

  it('keeps at most MAX_SEGMENTS decoded segments: a large map pushes out the least recently used', async () => {
    // Each map: 60 % of the budget (segments on one line), sources' text dropped on reading.
    const big = (n: number) =>
      JSON.stringify({
        version: 3,
        sources: [`../../src/big${n}.ts`],
        sourcesContent: ['x'.repeat(1_000)],
        names: [],
        mappings: Array.from({ length: Math.ceil(MAX_SEGMENTS * 0.6) }, (_, i) => (i === 0 ? 'AAAA' : 'CAAC')).join(','),
      });
    const { maps, asked } = setup(async (url) => ({ map: big(Number(/big(\d)/.exec(url)?.[1])), url: `${url}.map` }));
    const frame = (n: number) => `    at f (http://localhost/big${n}.js:1:1)`;
    expect(await maps.map(1, frame(0))).to.include('/src/big0.ts:1:1');
    expect(await maps.map(1, frame(1))).to.include('/src/big1.ts:1:1'); // 120 %: big0 goes
    await maps.map(1, `${frame(1)}\n${frame(1)}`); // cached: not asked again
    await maps.map(1, `${frame(0)}\n${frame(0)}`); // asked again
    expect(asked.map((url) => /big(\d)/.exec(url)?.[1])).to.deep.equal(['0', '1', '0']);
  });

  it('remembers MAX_RECENT mapped stacks: one past it, the oldest is mapped again (its map still cached)', async () => {
    let mapped = 0;
    const maps = new SourceMaps({
      read: async () => ({ map: MAP, url: 'http://localhost:5173/assets/index.js.map' }),
      setTimeout: () => undefined,
      clearTimeout: () => undefined,
    });
    const stack = (i: number) => `Error: ${i}\n    at onClick (http://localhost:5173/assets/index.js:1:11)`;
    const original = (maps as unknown as { mapNow: (...args: unknown[]) => unknown }).mapNow;
    (maps as unknown as { mapNow: (...args: unknown[]) => unknown }).mapNow = function (this: SourceMaps, ...args: unknown[]) {
      mapped++;
      return original.apply(this, args);
    };
    for (let i = 0; i < MAX_RECENT; i++) await maps.map(1, stack(i));
    await maps.map(1, stack(0)); // still remembered
    expect(mapped).to.equal(MAX_RECENT);
    await maps.map(1, stack(MAX_RECENT)); // one past: stack 0 goes
    await maps.map(1, stack(1)); // remembered
    expect(mapped).to.equal(MAX_RECENT + 1);
    expect(await maps.map(1, stack(0))).to.include('/src/App.tsx:10:31');
    expect(mapped).to.equal(MAX_RECENT + 2);
  });

  it('asks the frame that ran the script (its relay reads with that frame’s origin)', async () => {
    const frames: number[] = [];
    const maps = new SourceMaps({
      read: async (_tab, frame) => {
        frames.push(frame);
        return { none: 'no comment' };
      },
      setTimeout: () => undefined,
      clearTimeout: () => undefined,
    });
    await maps.map(1, '    at http://localhost:5173/a.js:1:1', 7);
    await maps.map(1, '    at http://localhost:5173/b.js:1:1');
    expect(frames).to.deep.equal([7, 0]);
  });

  describe('readSourceMap: what a page may fetch', () => {
    const original = globalThis.fetch;
    let fetched: string[];
    beforeEach(() => {
      fetched = [];
      globalThis.fetch = (async (input: string | URL) => {
        fetched.push(String(input));
        return String(input).endsWith('.map')
          ? new Response(MAP)
          : new Response(
              'x()\n//# sourceMappingURL=' + (String(input).includes('cdnmap') ? 'https://maps.example/a.js.map' : 'a.js.map'),
            );
      }) as typeof fetch;
    });
    afterEach(() => (globalThis.fetch = original));

    it('reads a script up to MAX_SCRIPT_CHARS and a map up to MAX_MAP_CHARS; one past either, none', async () => {
      const tail = '\n//# sourceMappingURL=a.js.map';
      const answer = (script: number, map: number) => {
        globalThis.fetch = (async (input: string | URL) =>
          String(input).endsWith('.map')
            ? new Response(MAP + ' '.repeat(map - MAP.length))
            : new Response('x'.repeat(script - tail.length) + tail)) as typeof fetch;
      };
      answer(MAX_SCRIPT_CHARS, MAX_MAP_CHARS);
      expect(await readSourceMap('http://localhost:5173/a.js')).to.have.property('map');
      answer(MAX_SCRIPT_CHARS + 1, 100);
      expect(await readSourceMap('http://localhost:5173/a.js')).to.deep.equal({ none: 'the script is too large to read' });
      answer(100, MAX_MAP_CHARS + 1);
      expect(await readSourceMap('http://localhost:5173/a.js')).to.deep.equal({ none: 'the source map is too large' });
    });

    it('never fetches another origin from the page (a CORS error in the developer’s console): the worker does', async () => {
      expect(await readSourceMap('http://cdn.example/lib.js', 'http://localhost:5173')).to.deep.equal({
        none: 'another origin',
        elsewhere: true,
      });
      expect(await readSourceMap('http://localhost:5173/cdnmap.js', 'http://localhost:5173')).to.deep.equal({
        none: 'the map is on another origin',
        elsewhere: true,
      });
      expect(fetched).to.deep.equal(['http://localhost:5173/cdnmap.js']);
      // The worker (no origin) reads both.
      expect(await readSourceMap('http://localhost:5173/cdnmap.js')).to.deep.equal({
        map: MAP,
        url: 'https://maps.example/a.js.map',
      });
      expect(await readSourceMap('http://localhost:5173/a.js', 'http://localhost:5173')).to.deep.equal({
        map: MAP,
        url: 'http://localhost:5173/a.js.map',
      });
    });
  });
});
