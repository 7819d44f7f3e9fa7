import { isDeepStrictEqual } from 'node:util';
import type { Page } from 'playwright-core';

/** The app's own state on `page` (app/src/state.js), or `undefined` before the route published it. */
export async function appState(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __gallery?: { value: unknown } }).__gallery?.value);
}

/**
 * The app's state once it equals `expected`, or as it is after `timeoutMs` (the app may still be
 * finishing what the last act started: a closing animation, a frame's message).
 */
export async function settledState(page: Page, expected: unknown, timeoutMs = 3_000): Promise<unknown> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const state = await appState(page).catch(() => undefined);
    if (isDeepStrictEqual(state, expected) || Date.now() > end) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
