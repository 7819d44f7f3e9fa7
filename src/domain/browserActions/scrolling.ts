import { SETTLE, TARGET, optional } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';
import { KIND } from '../wire/entries.js';

const AT = { x: optional({ kind: 'integer' }), y: optional({ kind: 'integer' }) };

/** Scrolling the window or an element, in the page (extension/src/inject/actions/scrolling.ts). */
export const SCROLLING = {
  /** An element into view, or the window to `x`/`y`. */
  scroll: {
    family: 'scrolling',
    agent: true,
    args: { ...TARGET, ...AT },
    rules: [{ kind: 'any_of', args: ['ref', 'selector', 'x', 'y'], message: 'needs ref, selector, or x and/or y' }],
    remembered: 'ISOLATED',
    records: KIND.scroll,
  },
  /** An element's own scroll position (or the window's), as recorded. */
  scroll_to: {
    family: 'scrolling',
    agent: false,
    args: { ...TARGET, ...AT, ...SETTLE },
    effects: 'settle',
    remembered: 'ISOLATED',
    records: KIND.scroll,
    replays: KIND.scroll,
  },
} as const satisfies Record<string, BrowserActionSpec>;
