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

/**
 * The visible part of `tab` (made the active tab of its window first), scaled down to ≤ 1280 px
 * wide, as PNG (default) or JPEG (`quality` 0–100, default 80).
 */
export async function screenshot(tab: chrome.tabs.Tab, params: Record<string, unknown>): Promise<ScreenshotData> {
  const tabId = tab.id as number;
  if (!tab.active) {
    await chrome.tabs.update(tabId, { active: true });
    await new Promise((resolve) => setTimeout(resolve, 150)); // let the compositor show it
  }
  const format = params.format === 'jpeg' ? 'jpeg' : 'png';
  const quality = typeof params.quality === 'number' ? params.quality : 80;
  const asked = Date.now();
  const { value, startedAt } = await paced(() => capture(tab.windowId, format, quality));
  const { dataUrl, retriedMs } = value;
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const scale = Math.min(1, MAX_WIDTH / bitmap.width);
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  let mime = `image/${format}`;
  let base64: string;
  let note: string | undefined;
  if (scale === 1) {
    base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  } else {
    base64 = await encode(bitmap, width, height, mime, quality);
  }
  if (format === 'png' && base64.length > MAX_PNG_BASE64) {
    mime = 'image/jpeg';
    base64 = await encode(bitmap, width, height, mime, 80);
    note = 'sent as JPEG (quality 80): the PNG was over 750 KB';
  }
  bitmap.close();
  return {
    image: { mime_type: mime, base64, width, height },
    tab_id: tabId,
    ...(tab.url ? { url: tab.url } : {}),
    ...(note ? { note } : {}),
    quota_wait_ms: retriedMs + startedAt - asked,
  };
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
