import { expect } from 'chai';
import { captureBox, type Measure, MAX_WIDTH, screenshot } from '../../../../extension/src/worker/screenshot.js';
import { type FakeChrome, fakeChrome } from '../support/fakeChrome.js';

/** A bitmap as the fakes below make it: its size, and where it was cut from. */
interface FakeBitmap {
  readonly width: number;
  readonly height: number;
  readonly cut?: readonly number[];
  closed?: true;
  close(): void;
}

/**
 * The service worker's pixels, faked: a decoded capture is `captured` wide and tall, a cut is its
 * rectangle, a canvas logs what is drawn into it and encodes to `encodedBytes` bytes.
 */
function fakePixels(captured: { width: number; height: number }, encodedBytes: (mime: string) => number = () => 100) {
  const drawn: string[] = [];
  const bitmaps: FakeBitmap[] = [];
  const bitmap = (width: number, height: number, cut?: readonly number[]): FakeBitmap => {
    const made: FakeBitmap = { width, height, ...(cut ? { cut } : {}), close: () => (made.closed = true) };
    bitmaps.push(made);
    return made;
  };
  const global = globalThis as unknown as Record<string, unknown>;
  const saved = ['createImageBitmap', 'OffscreenCanvas'].map((name) => [name, global[name]] as const);
  global.createImageBitmap = async (source: unknown, ...cut: number[]) =>
    cut.length === 4 ? bitmap(cut[2] as number, cut[3] as number, cut) : bitmap(captured.width, captured.height);
  global.OffscreenCanvas = class {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        imageSmoothingQuality: 'low',
        drawImage: (image: FakeBitmap, x: number, y: number, w?: number, h?: number) =>
          drawn.push(`${image.width}x${image.height} at ${x},${y}${w === undefined ? '' : ` as ${w}x${h}`}`),
      };
    }
    async convertToBlob(options: { type: string; quality?: number }) {
      drawn.push(
        `encode ${this.width}x${this.height} ${options.type}${options.quality === undefined ? '' : ` q${options.quality}`}`,
      );
      return new Blob([new Uint8Array(encodedBytes(options.type))]);
    }
    transferToImageBitmap() {
      return bitmap(this.width, this.height);
    }
  };
  return {
    drawn,
    bitmaps,
    restore: () => saved.forEach(([name, value]) => (value === undefined ? delete global[name] : (global[name] = value))),
  };
}

/** A page 1 000 CSS px wide (a capture twice that: a 2x screen), its viewport 600 px tall. */
function measurer(page: { height: number }, box?: Measure['box']) {
  const asked: unknown[] = [];
  const measure = async (extra: { scroll_to?: { x: number; y: number } }): Promise<Measure> => {
    asked.push(extra.scroll_to ?? 'measure');
    return {
      viewport: { width: 1_000, height: 600 },
      scroll: extra.scroll_to ?? { x: 0, y: 40 },
      page: { width: 1_000, height: page.height },
      ...(box ? { box } : {}),
    };
  };
  return { measure, asked };
}

describe('worker: the screenshot of a tab, an element or a whole page', () => {
  let fake: FakeChrome;
  let pixels: ReturnType<typeof fakePixels> | undefined;
  const realSetTimeout = globalThis.setTimeout;
  const tab = () => fake.tabs.get(1) as chrome.tabs.Tab;
  beforeEach(() => {
    fake = fakeChrome({ tabs: [{ id: 1, url: 'http://localhost:5173/', active: true }] }).install();
    // Captures are paced to Chrome's two a second (capturePaced.ts): here a capture's wait for its
    // turn is cut short, and the pacing still counts from the real time of each capture.
    globalThis.setTimeout = ((fn: () => void, _ms?: number) => realSetTimeout(fn, 0)) as typeof setTimeout;
  });
  afterEach(() => {
    globalThis.setTimeout = realSetTimeout;
    pixels?.restore();
    fake.uninstall();
  });

  it('cuts an element’s visible box out of the viewport at the screen’s ratio, scaled to MAX_WIDTH at most', async () => {
    pixels = fakePixels({ width: 2_000, height: 1_200 });
    const { measure } = measurer({ height: 600 }, { x: -10, y: 100, width: 900, height: 50 });
    const shot = await screenshot(tab(), { selector: '#row' }, measure);
    expect(pixels.bitmaps[1]?.cut).to.deep.equal([0, 200, 1_780, 100], 'the part inside the viewport, at 2x');
    expect(shot.image).to.include({ mime_type: 'image/png', width: MAX_WIDTH, height: 72 });
    expect(pixels.drawn).to.deep.equal([`1780x100 at 0,0 as ${MAX_WIDTH}x72`, `encode ${MAX_WIDTH}x72 image/png`]);
    expect(pixels.bitmaps.every((bitmap) => bitmap.closed)).to.equal(true, 'every bitmap is closed');
  });

  it('refuses an element with no visible area as screenshot_failed', async () => {
    pixels = fakePixels({ width: 1_000, height: 600 });
    const { measure } = measurer({ height: 600 }, { x: 10, y: 700, width: 100, height: 20 });
    const failure = await screenshot(tab(), { ref: 'e1' }, measure).catch((error: unknown) => error);
    expect(failure).to.deep.include({ code: 'screenshot_failed' });
  });

  it('stitches the whole page viewport by viewport, says when it was cut, and scrolls back to where the page was', async () => {
    pixels = fakePixels({ width: 1_000, height: 600 });
    const { measure, asked } = measurer({ height: 10_000 });
    const shot = await screenshot(tab(), { full_page: true, format: 'jpeg', quality: 50 }, measure);
    const parts = asked.filter((scroll) => scroll !== 'measure').slice(0, -1);
    expect(parts).to.have.length(8, 'MAX_FULL_PAGE_PARTS viewports');
    expect(asked.at(-1)).to.deep.equal({ x: 0, y: 40 }, 'scrolled back');
    expect(shot.note).to.equal('the page is 10000 px tall: the first 4800 px (8 viewports) are shown');
    expect(shot.image).to.include({ mime_type: 'image/jpeg', width: 1_000, height: 4_800 });
    expect(pixels.drawn.at(-1)).to.equal('encode 1000x4800 image/jpeg q0.5');
  });

  it('sends a PNG over 750 KB as JPEG and says so', async () => {
    pixels = fakePixels({ width: 1_000, height: 600 }, (mime) => (mime === 'image/png' ? 800_000 : 1_000));
    const { measure } = measurer({ height: 600 }, { x: 0, y: 0, width: 1_000, height: 600 });
    const shot = await screenshot(tab(), { selector: 'main' }, measure);
    expect(shot.image.mime_type).to.equal('image/jpeg');
    expect(shot.note).to.equal('sent as JPEG (quality 80): the PNG was over 750 KB');
  });

  it('cuts a picked box with a margin out of the visible tab, and gives nothing for a box out of view or a hidden tab', async () => {
    pixels = fakePixels({ width: 1_000, height: 600 });
    const viewport = { width: 1_000, height: 600 };
    const image = await captureBox(tab(), { x: 100, y: 100, width: 50, height: 20 }, viewport);
    expect(image).to.deep.include({ mime_type: 'image/jpeg', width: 66, height: 36 });
    expect(pixels.bitmaps[1]?.cut).to.deep.equal([92, 92, 66, 36]);
    expect(await captureBox(tab(), { x: 2_000, y: 100, width: 50, height: 20 }, viewport)).to.equal(undefined);
    expect(await captureBox({ ...tab(), active: false }, { x: 1, y: 1, width: 5, height: 5 }, viewport)).to.equal(undefined);
  });
});
