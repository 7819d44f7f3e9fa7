import type { PAGE_CALL } from '../shared/commands.js';
import type { PageHandler } from './PageHandler.js';
import { look } from './settleWatch.js';

/**
 * The page calls the worker makes for itself, not for an action of the table: a look at a
 * settling page (settleWatch.ts, worker/Settle.ts) and a screenshot's measure of the page and its
 * element (worker/screenshot.ts). Named by `PAGE_CALL` (shared/commands.ts).
 */
export const PAGE_CALLS: Readonly<Record<(typeof PAGE_CALL)[keyof typeof PAGE_CALL], PageHandler>> = {
  settle: { finds: 'nothing', act: (_target, params) => look(Number(params.since)) },
  measure: { finds: 'one_or_none', act: (target, params) => measure(params, target) },
};

/**
 * For screenshots: scrolls to `scroll_to` (at once, whatever the page's scroll-behavior) and
 * waits for a frame, or scrolls `target` into view; then the viewport, scroll position, page size
 * and the target's box in the top viewport (an element of a same-origin frame is offset by it).
 */
async function measure(params: Readonly<Record<string, unknown>>, target: Element | undefined): Promise<unknown> {
  const to = params.scroll_to as { x?: unknown; y?: unknown } | undefined;
  if (to !== undefined) window.scrollTo({ left: Number(to.x) || 0, top: Number(to.y) || 0, behavior: 'instant' });
  if (target !== undefined) target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  if (to !== undefined || target !== undefined) await nextFrame();
  const scroller = document.scrollingElement ?? document.documentElement;
  let box: DOMRect | undefined;
  if (target !== undefined) {
    box = target.getBoundingClientRect();
    for (
      let frame = target.ownerDocument.defaultView?.frameElement;
      frame;
      frame = frame.ownerDocument.defaultView?.frameElement
    ) {
      const outer = frame.getBoundingClientRect();
      box = new DOMRect(box.x + outer.x + frame.clientLeft, box.y + outer.y + frame.clientTop, box.width, box.height);
    }
  }
  return {
    viewport: { width: innerWidth, height: innerHeight },
    scroll: { x: Math.round(scrollX), y: Math.round(scrollY) },
    page: { width: scroller.scrollWidth, height: scroller.scrollHeight },
    ...(box === undefined ? {} : { box: { x: box.x, y: box.y, width: box.width, height: box.height } }),
  };
}

/** After the next paint (or 100 ms, when the tab does not paint). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => requestAnimationFrame(() => (clearTimeout(timer), resolve())));
  });
}
