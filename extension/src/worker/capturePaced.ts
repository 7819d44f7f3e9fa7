import { CommandFailure } from '../shared/commands.js';
import { CaptureQuota } from './CaptureQuota.js';

/**
 * captureVisibleTab allows two calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND), counted
 * in windows (CaptureQuota.ts): captures wait for their turn in the window instead of being
 * refused and retried later (docs/mcp-tools.md: paced to Chrome’s limit).
 */
const quota = new CaptureQuota(2, 1_000, 25);
/** A quota error can still come (another extension, DevTools, a window this worker did not see open): it is retried after this (ms). */
const QUOTA_RETRY_MS = 600;

/**
 * `captureVisibleTab` of the window's visible tab, in its turn (one capture at a time, within
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

let queue: Promise<unknown> = Promise.resolve();

/** Runs captures one at a time, each once Chrome's window has room for it. */
function paced<T>(run: () => Promise<T>): Promise<{ value: T; startedAt: number }> {
  const turn = queue.then(async () => {
    const wait = quota.waitMs(Date.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const startedAt = Date.now();
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
    const askedAt = Date.now();
    try {
      const dataUrl = await chrome.tabs.captureVisibleTab(windowId, { format, ...(format === 'jpeg' ? { quality } : {}) });
      quota.took(askedAt, attempt > 0);
      return { dataUrl, retriedMs };
    } catch (error) {
      const message = (error as Error).message ?? String(error);
      if (/quota|MAX_CAPTURE/i.test(message)) {
        quota.refused(askedAt);
        if (attempt < 3) {
          await new Promise((resolve) => setTimeout(resolve, QUOTA_RETRY_MS));
          retriedMs += QUOTA_RETRY_MS;
          continue;
        }
      } else quota.took(askedAt, attempt > 0);
      throw new CommandFailure('screenshot_failed', `Chrome could not capture the tab: ${message}`);
    }
  }
}
