import { CommandFailure } from '../shared/commands.js';

/** SPEC 2: screenshots are at most this wide. */
export const MAX_WIDTH = 1_280;
/** A PNG larger than this (base64 characters) is sent as JPEG instead, to keep results small. */
const MAX_PNG_BASE64 = 1_000_000;
/**
 * captureVisibleTab allows two calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND): captures
 * are spaced this far apart, so back-to-back screenshots each wait at most this long instead of
 * being refused and retried later (SPEC 9: paced to Chrome's limit).
 */
export const CAPTURE_SPACING_MS = 510;
/** A quota error can still come (another extension, DevTools): it is retried after this (ms). */
const QUOTA_RETRY_MS = 600;

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

/**
 * The visible part of `tab` (made the active tab of its window first), one element of it
 * (`ref`/`selector`: scrolled into view and cut out) or the whole page (`full_page`: viewport
 * after viewport, stitched), scaled down to ≤ 1280 px wide, as PNG (default) or JPEG
 * (`quality` 0–100, default 80).
 */
export async function screenshot(
  tab: chrome.tabs.Tab,
  params: Record<string, unknown>,
  measure: Measurer,
): Promise<ScreenshotData> {
  const tabId = tab.id as number;
  if (!tab.active) {
    await chrome.tabs.update(tabId, { active: true });
    await new Promise((resolve) => setTimeout(resolve, 150)); // let the compositor show it
  }
  const format = params.format === 'jpeg' ? 'jpeg' : 'png';
  const quality = typeof params.quality === 'number' ? params.quality : 80;
  const asked = Date.now();
  let waited = 0;
  let dataUrl = '';
  const shoot = async () => {
    const before = Date.now();
    const { value, startedAt } = await paced(() => capture(tab.windowId, format, quality));
    waited += value.retriedMs + startedAt - before;
    dataUrl = value.dataUrl;
    return createImageBitmap(await (await fetch(value.dataUrl)).blob());
  };
  let plain = false;
  let bitmap: ImageBitmap;
  let note: string | undefined;
  if (params.full_page === true) {
    ({ bitmap, note } = await fullPage(measure, shoot));
  } else if (typeof params.ref === 'string' || typeof params.selector === 'string') {
    bitmap = await element(measure, shoot);
  } else {
    bitmap = await shoot();
    plain = true;
  }
  const scale = Math.min(1, MAX_WIDTH / bitmap.width);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  let mime = `image/${format}`;
  // The capture as Chrome encoded it, when nothing was cut or scaled.
  let base64 =
    plain && scale === 1 ? dataUrl.slice(dataUrl.indexOf(',') + 1) : await encode(bitmap, width, height, mime, quality);
  if (format === 'png' && base64.length > MAX_PNG_BASE64) {
    mime = 'image/jpeg';
    base64 = await encode(bitmap, width, height, mime, 80);
    note = `${note === undefined ? '' : `${note}; `}sent as JPEG (quality 80): the PNG was over 750 KB`;
  }
  bitmap.close();
  return {
    image: { mime_type: mime, base64, width, height },
    tab_id: tabId,
    ...(tab.url ? { url: tab.url } : {}),
    ...(note ? { note } : {}),
    quota_wait_ms: Math.min(waited, Date.now() - asked),
  };
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

let nextCaptureAt = 0;
let queue: Promise<unknown> = Promise.resolve();

/** Runs captures one at a time, each at least CAPTURE_SPACING_MS after the one before. */
function paced<T>(run: () => Promise<T>): Promise<{ value: T; startedAt: number }> {
  const turn = queue.then(async () => {
    const wait = nextCaptureAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const startedAt = Date.now();
    nextCaptureAt = startedAt + CAPTURE_SPACING_MS;
    return { value: await run(), startedAt };
  });
  queue = turn.catch(() => undefined);
  return turn;
}

async function capture(
  windowId: number,
  format: 'png' | 'jpeg',
  quality: number,
): Promise<{ dataUrl: string; retriedMs: number }> {
  let retriedMs = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const dataUrl = await chrome.tabs.captureVisibleTab(windowId, { format, ...(format === 'jpeg' ? { quality } : {}) });
      return { dataUrl, retriedMs };
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (attempt < 3 && /quota|MAX_CAPTURE/i.test(message)) {
        await new Promise((resolve) => setTimeout(resolve, QUOTA_RETRY_MS));
        retriedMs += QUOTA_RETRY_MS;
        continue;
      }
      throw new CommandFailure('screenshot_failed', `Chrome could not capture the tab: ${message}`);
    }
  }
}

async function encode(bitmap: ImageBitmap, width: number, height: number, mime: string, quality: number): Promise<string> {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (context === null) throw new CommandFailure('screenshot_failed', 'No 2D canvas in the service worker');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await canvas.convertToBlob({ type: mime, ...(mime === 'image/jpeg' ? { quality: quality / 100 } : {}) });
  return toBase64(new Uint8Array(await blob.arrayBuffer()));
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
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
  const { value } = await paced(() => capture(tab.windowId, 'png', 100));
  const whole = await createImageBitmap(await (await fetch(value.dataUrl)).blob());
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
