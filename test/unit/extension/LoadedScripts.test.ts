import { expect } from 'chai';
import { type FrameView, LoadedScripts, MAX_LOADED, MAX_URL_CHARS } from '../../../extension/src/relay/LoadedScripts.js';

const PAGE = 'http://localhost:5173/todos?x=1';

function frame(view: Partial<FrameView> = {}): LoadedScripts {
  return new LoadedScripts({
    timed: () => [],
    documentUrls: () => [PAGE],
    inlineMaps: () => true,
    ...view,
  });
}

describe('extension: which scripts a frame loaded (LoadedScripts, docs/security.md)', () => {
  it('does not take a url the frame never loaded, whatever its stack says', () => {
    expect(frame().has('https://other-site.example/app.js')).to.equal(false);
  });

  it('takes a url the browser timed (its resource-timing buffer)', () => {
    const loaded = frame({ timed: (url) => (url === 'https://cdn.example/lib.js' ? ['script'] : []) });
    expect(loaded.has('https://cdn.example/lib.js')).to.equal(true);
    expect(loaded.has('https://cdn.example/other.js')).to.equal(false);
  });

  it('does not take a child frame’s document that its timeline lists (a long frame of the child’s inline script names it): reading it loaded the frame twice', () => {
    const child = 'http://localhost:5173/child.html';
    const loaded = frame({ timed: (url) => (url === child ? ['iframe'] : []) });
    expect(loaded.has(child)).to.equal(false);
    loaded.note(child, 'iframe');
    expect(loaded.has(child)).to.equal(false, 'nor noted by the observer');
    loaded.note('http://localhost:5173/app.js', 'script');
    expect(loaded.has('http://localhost:5173/app.js')).to.equal(true);
  });

  it('takes a url its observer noted (past the buffer’s 250 entries)', () => {
    const loaded = frame();
    loaded.note('http://localhost:5173/src/App.tsx?t=1');
    expect(loaded.has('http://localhost:5173/src/App.tsx?t=1')).to.equal(true);
  });

  it('takes the document itself (inline scripts), with or without its hash, now or as loaded', () => {
    const loaded = frame({ documentUrls: () => [`${PAGE}#top`, 'http://localhost:5173/'] });
    expect(loaded.has(PAGE)).to.equal(true);
    expect(loaded.has(`${PAGE}#top`)).to.equal(true);
    expect(loaded.has('http://localhost:5173/')).to.equal(true);
    expect(loaded.has('http://localhost:5173/other')).to.equal(false);
  });

  it('does not read the document again when none of its inline scripts names a source map (it was fetched twice)', () => {
    const loaded = frame({ inlineMaps: () => false });
    expect(loaded.has(PAGE)).to.equal(false);
  });

  it(`remembers ${MAX_LOADED} noted urls: one more, and the oldest is forgotten`, () => {
    const loaded = frame();
    for (let i = 0; i < MAX_LOADED; i++) loaded.note(`http://localhost/m${i}.js`);
    expect(loaded.has('http://localhost/m0.js')).to.equal(true);
    loaded.note(`http://localhost/m${MAX_LOADED}.js`);
    expect(loaded.has('http://localhost/m0.js')).to.equal(false);
    expect(loaded.has('http://localhost/m1.js')).to.equal(true);
  });

  it(`notes urls of up to ${MAX_URL_CHARS} characters (longer ones are asked of the browser’s buffer)`, () => {
    const url = (n: number) => `http://localhost/${'a'.repeat(n - 'http://localhost/'.length)}`;
    const loaded = frame();
    loaded.note(url(MAX_URL_CHARS));
    loaded.note(url(MAX_URL_CHARS + 1));
    expect(loaded.has(url(MAX_URL_CHARS))).to.equal(true);
    expect(loaded.has(url(MAX_URL_CHARS + 1))).to.equal(false);
  });
});
