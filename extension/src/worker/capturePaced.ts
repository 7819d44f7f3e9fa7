import { CommandFailure } from '../shared/commands.js';

/**
 * captureVisibleTab allows two calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND): captures
 * are spaced this far apart, so back-to-back screenshots each wait at most this long instead of
 * being refused and retried later (docs/mcp-tools.md: paced to Chrome’s limit).
 */
const CAPTURE_SPACING_MS = 510;
/** A quota error can still come (another extension, DevTools): it is retried after this (ms). */
const QUOTA_RETRY_MS = 600;

/**
 * `captureVisibleTab` of the window's visible tab, in its turn (one capture at a time, spaced to
 * Chrome's limit); `startedAt`: when Chrome was asked (ms since the epoch), `retriedMs`: the
 * quota retries' waits.
 */
export function capturePaced(
  windowId: number,
  format: 'png' | 'jpeg',
  quality: number,
): Promise<{ value: { dataUrl: string; retriedMs: number }; startedAt: number }> {
  return paced(() => capture(windowId, format, quality));
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
