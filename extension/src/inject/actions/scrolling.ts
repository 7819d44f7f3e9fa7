import type { FamilyHandlers } from '../PageHandler.js';
import { brief } from '../describe.js';

/** Scrolling (the action table's scrolling family): an element into view or the window to a point; an element's own scroll position. */
export const SCROLLING: FamilyHandlers<'scrolling'> = {
  scroll: { finds: 'one_or_none', act: (target, params, page) => page.record(target, () => scroll(target, params)) },
  // Without a target it scrolls the window.
  scroll_to: { finds: 'one_or_none', act: (target, params, page) => page.record(target, () => scrollTo(target, params)) },
};

function scroll(element: Element | undefined, params: Readonly<Record<string, unknown>>): unknown {
  if (element !== undefined) element.scrollIntoView({ block: 'center', inline: 'nearest' });
  else window.scrollTo(typeof params.x === 'number' ? params.x : scrollX, typeof params.y === 'number' ? params.y : scrollY);
  return {
    scroll: { x: Math.round(scrollX), y: Math.round(scrollY) },
    ...(element === undefined ? {} : { element: brief(element) }),
  };
}

function scrollTo(element: Element | undefined, params: Readonly<Record<string, unknown>>): unknown {
  const x = typeof params.x === 'number' ? params.x : undefined;
  const y = typeof params.y === 'number' ? params.y : undefined;
  if (element === undefined) {
    window.scrollTo({ left: x ?? scrollX, top: y ?? scrollY, behavior: 'instant' });
    return { scroll: { x: Math.round(scrollX), y: Math.round(scrollY) } };
  }
  element.scrollTo({ left: x ?? element.scrollLeft, top: y ?? element.scrollTop, behavior: 'instant' });
  return { scroll: { x: Math.round(element.scrollLeft), y: Math.round(element.scrollTop) }, element: brief(element) };
}
