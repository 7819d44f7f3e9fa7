import { CommandFailure } from '../shared/commands.js';
import { base64Of, blobOf } from './base64.js';
import { DetailedPages } from './DetailedPages.js';
import { capturePaced } from './capturePaced.js';
import { imageSize } from './imageSize.js';

/** Screenshots are at most this wide (docs/mcp-tools.md, screenshot). */
export const MAX_WIDTH = 1_280;
/** A PNG larger than this (base64 characters) is sent as JPEG instead, to keep results small. */
const MAX_PNG_BASE64 = 1_000_000;
export interface ScreenshotData {
  image: { mime_type: string; base64: string; width: number; height: number };
  tab_id: number;
  url?: string;
  note?: string;
  /** How long this capture waited for Chrome's two-a-second limit (ms), retries included. */
  quota_wait_ms: number;
}

/** What dom-actions' `measure` tells about the page (CSS pixels). */
export interface Measure {
  viewport: { width: number; height: number };
  scroll: { x: number; y: number };
  page: { width: number; height: number };
  box?: { x: number; y: number; width: number; height: number };
}

/** Asks the page to scroll (when `scroll_to` is given) and measure itself, and the element asked for. */
export type Measurer = (extra: { scroll_to?: { x: number; y: number } }) => Promise<Measure>;

/** A full-page screenshot stitches at most this many viewports (each capture waits its turn). */
const MAX_FULL_PAGE_PARTS = 8;

/** Longest wait for a tab brought to the front to paint before it is captured anyway (ms). */
const SHOWN_WAIT_MS = 500;
/** The JPEG quality of a PNG that came out too large (the note says so). */
const FALLBACK_QUALITY = 80;
/** A page whose PNG came out too large is captured as JPEG at once while its screenshots come less than this apart (DetailedPages)… */
const DETAILED_FOR_MS = 10_000;
/** …for at most this long after its PNG was last seen too large; then PNG is tried again (one slow screenshot). */
const DETAILED_KEEP_MS = 60_000;
const detailed = new DetailedPages(DETAILED_FOR_MS, DETAILED_KEEP_MS, 32);

/**
 * The visible part of `tab` (made the active tab of its window first), one element of it
 * (`ref`/`selector`: scrolled into view and cut out) or the whole page (`full_page`: viewport
 * after viewport, stitched), scaled down to ≤ 1280 px wide, as PNG (default) or JPEG
 * (`quality` 0–100, default 80). A PNG over 750 KB is sent as JPEG (quality 80), and the same
 * page's next screenshots are captured as JPEG at once (DetailedPages: while they come less than
 * 10 s apart, for up to a minute).
 */
export async function screenshot(
  tab: chrome.tabs.Tab,
  params: Record<string, unknown>,
  measure: Measurer,
): Promise<ScreenshotData> {
  const tabId = tab.id as number;
  if (!tab.active) {
    await chrome.tabs.update(tabId, { active: true });
    await shown(tabId);
  }
  const format = params.format === 'jpeg' ? 'jpeg' : 'png';
  const quality = typeof params.quality === 'number' ? params.quality : 80;
  const asked = Date.now();
  let waited = 0;
  const take = async (as: 'png' | 'jpeg', at: number) => {
    const before = Date.now();
    const { value, startedAt } = await capturePaced(tab.windowId, as, at);
    waited += value.retriedMs + startedAt - before;
    return value.dataUrl;
  };
  const shoot = async () => decode(await take(format, quality));
  const done = (image: ScreenshotData['image'], note?: string): ScreenshotData => ({
    image,
    tab_id: tabId,
    ...(tab.url ? { url: tab.url } : {}),
    ...(note ? { note } : {}),
    quota_wait_ms: Math.min(waited, Date.now() - asked),
  });
  let bitmap: ImageBitmap;
  let note: string | undefined;
  let mime = `image/${format}`;
  let encodeQuality = quality;
  /** The capture as Chrome encoded it, when nothing is to be cut or scaled. */
  let kept: string | undefined;
  let plain = false;
  if (params.full_page === true) {
    ({ bitmap, note } = await fullPage(measure, shoot));
  } else if (typeof params.ref === 'string' || typeof params.selector === 'string') {
    bitmap = await element(measure, shoot);
  } else {
    plain = true;
    const early = format === 'png' && detailed.isDetailed(tabId, tab.url, Date.now());
    if (early) {
      mime = 'image/jpeg';
      encodeQuality = FALLBACK_QUALITY;
      note = `sent as JPEG (quality ${FALLBACK_QUALITY}): this page's PNG was over 750 KB less than a minute ago`;
    }
    const dataUrl = await take(early ? 'jpeg' : format, encodeQuality);
    const captured = dataUrl.slice(dataUrl.indexOf(',') + 1);
    // Sent as Chrome encoded it when it fits: its header says its size, so nothing is decoded.
    const size = imageSize(dataUrl);
    if (size !== undefined && size.width <= MAX_WIDTH && (mime === 'image/jpeg' || captured.length <= MAX_PNG_BASE64)) {
      if (mime === 'image/png') detailed.forget(tabId);
      return done({ mime_type: mime, base64: captured, ...size }, note);
    }
    bitmap = await decode(dataUrl);
    if (bitmap.width <= MAX_WIDTH) kept = captured;
  }
  const scale = Math.min(1, MAX_WIDTH / bitmap.width);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  let base64 = kept ?? (await encode(bitmap, width, height, mime, encodeQuality));
  if (mime === 'image/png' && base64.length > MAX_PNG_BASE64) {
    mime = 'image/jpeg';
    base64 = await encode(bitmap, width, height, mime, FALLBACK_QUALITY);
    note = `${note === undefined ? '' : `${note}; `}sent as JPEG (quality ${FALLBACK_QUALITY}): the PNG was over 750 KB`;
    if (plain) detailed.note(tabId, tab.url, Date.now());
  }
  bitmap.close();
  return done({ mime_type: mime, base64, width, height }, note);
}

/**
 * Waits until a tab just brought to the front has painted (two animation frames of its page: a
 * hidden page has none), at most SHOWN_WAIT_MS: a page that cannot paint (busy, or not
 * scriptable) is captured as it shows by then.
 */
async function shown(tabId: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHOWN_WAIT_MS)));
  const painted = chrome.scripting
    .executeScript({
      target: { tabId },
      world: 'ISOLATED',
      injectImmediately: true,
      func: () => new Promise<boolean>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))),
    })
    .catch(() => undefined);
  await Promise.race([painted, late]);
  clearTimeout(timer);
}

/** The capture as pixels (to cut, stitch or scale). */
async function decode(dataUrl: string): Promise<ImageBitmap> {
  return createImageBitmap(await blobOf(dataUrl));
}

/** The element's box, cut out of a capture of the viewport it was scrolled into. */
async function element(measure: Measurer, shoot: () => Promise<ImageBitmap>): Promise<ImageBitmap> {
  const page = await measure({});
  const whole = await shoot();
  const box = page.box as NonNullable<Measure['box']>;
  const ratio = whole.width / page.viewport.width;
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(page.viewport.width, box.x + box.width);
  const bottom = Math.min(page.viewport.height, box.y + box.height);
  if (right <= left || bottom <= top) {
    whole.close();
    throw new CommandFailure('screenshot_failed', 'The element has no visible area to capture (zero size, or outside the page)');
  }
  const cut = await createImageBitmap(
    whole,
    Math.round(left * ratio),
    Math.round(top * ratio),
    Math.max(1, Math.round((right - left) * ratio)),
    Math.max(1, Math.round((bottom - top) * ratio)),
  );
  whole.close();
  return cut;
}

/** The page from its top, viewport by viewport (at most MAX_FULL_PAGE_PARTS), drawn into one image. */
async function fullPage(measure: Measurer, shoot: () => Promise<ImageBitmap>): Promise<{ bitmap: ImageBitmap; note?: string }> {
  const start = await measure({});
  const viewport = start.viewport.height;
  const total = Math.min(start.page.height, viewport * MAX_FULL_PAGE_PARTS);
  let canvas: OffscreenCanvas | undefined;
  let context: OffscreenCanvasRenderingContext2D | null = null;
  let ratio = 1;
  try {
    for (let y = 0; ; y += viewport) {
      const at = await measure({ scroll_to: { x: 0, y: Math.min(y, Math.max(0, total - viewport)) } });
      const part = await shoot();
      if (canvas === undefined) {
        ratio = part.width / at.viewport.width;
        canvas = new OffscreenCanvas(part.width, Math.max(1, Math.round(total * ratio)));
        context = canvas.getContext('2d');
        if (context === null) throw new CommandFailure('screenshot_failed', 'No 2D canvas in the service worker');
      }
      context?.drawImage(part, 0, Math.round(at.scroll.y * ratio));
      part.close();
      if (at.scroll.y + viewport >= total) break;
    }
  } finally {
    await measure({ scroll_to: start.scroll }).catch(() => undefined);
  }
  const bitmap = (canvas as OffscreenCanvas).transferToImageBitmap();
  return start.page.height > total
    ? {
        bitmap,
        note: `the page is ${start.page.height} px tall: the first ${total} px (${MAX_FULL_PAGE_PARTS} viewports) are shown`,
      }
    : { bitmap };
}

async function encode(bitmap: ImageBitmap, width: number, height: number, mime: string, quality: number): Promise<string> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (context === null) throw new CommandFailure('screenshot_failed', 'No 2D canvas in the service worker');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: mime, ...(mime === 'image/jpeg' ? { quality: quality / 100 } : {}) });
  return base64Of(new Uint8Array(await blob.arrayBuffer()));
}

/** Longest element screenshot a pick carries (base64 characters): the daemon takes up to 900 000 in a 1 MB request. */
const MAX_PICK_IMAGE = 700_000;
/** CSS pixels of page shown around a picked box. */
const PICK_MARGIN = 8;

/**
 * The picked box of the visible tab (`entry` with `image:true`), with a little of the page
 * around it, as JPEG ≤ 1280 px wide and ≤ 700 000 base64 characters. Undefined when the tab is not
 * the one shown (a capture would show another) or the box is out of view. Paced like every capture.
 */
export async function captureBox(
  tab: chrome.tabs.Tab,
  box: { x: number; y: number; width: number; height: number },
  viewport: { width: number; height: number },
): Promise<{ mime_type: string; base64: string; width: number; height: number } | undefined> {
  if (!tab.active) return undefined;
  const { value } = await capturePaced(tab.windowId, 'png', 100);
  const whole = await decode(value.dataUrl);
  const ratio = whole.width / Math.max(1, viewport.width);
  const left = Math.max(0, box.x - PICK_MARGIN);
  const top = Math.max(0, box.y - PICK_MARGIN);
  const right = Math.min(viewport.width, box.x + box.width + PICK_MARGIN);
  const bottom = Math.min(viewport.height, box.y + box.height + PICK_MARGIN);
  if (right <= left || bottom <= top) {
    whole.close();
    return undefined;
  }
  const cut = await createImageBitmap(
    whole,
    Math.round(left * ratio),
    Math.round(top * ratio),
    Math.max(1, Math.round((right - left) * ratio)),
    Math.max(1, Math.round((bottom - top) * ratio)),
  );
  whole.close();
  try {
    for (const [widest, quality] of [
      [MAX_WIDTH, 80],
      [MAX_WIDTH / 2, 70],
      [MAX_WIDTH / 4, 60],
    ] as const) {
      const scale = Math.min(1, widest / cut.width);
      const width = Math.max(1, Math.round(cut.width * scale));
      const height = Math.max(1, Math.round(cut.height * scale));
      const base64 = await encode(cut, width, height, 'image/jpeg', quality);
      if (base64.length <= MAX_PICK_IMAGE) return { mime_type: 'image/jpeg', base64, width, height };
    }
    return undefined;
  } finally {
    cut.close();
  }
}
