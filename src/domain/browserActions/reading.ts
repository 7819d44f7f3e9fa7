import { CSS_SELECTOR, TARGET, optional, required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';

/**
 * Looking at the page, in the page (extension/src/inject/actions/reading.ts); the worker adds the
 * cross-origin frames to a snapshot and loads axe-core for an audit
 * (extension/src/worker/actions/reading.ts).
 */
export const READING = {
  snapshot: {
    family: 'reading',
    agent: true,
    args: { ...TARGET, max_depth: optional({ kind: 'integer', min: 1, max: 100 }) },
    remembered: 'ISOLATED',
  },
  /** Waits until one match is visible, up to the command's `timeout_ms`. */
  wait_for: {
    family: 'reading',
    agent: true,
    args: { selector: required(CSS_SELECTOR), frame: TARGET.frame },
    remembered: 'ISOLATED',
  },
  query_dom: {
    family: 'reading',
    agent: true,
    args: { selector: required(CSS_SELECTOR), limit: optional({ kind: 'integer', min: 1, max: 100 }), frame: TARGET.frame },
    remembered: 'ISOLATED',
  },
  highlight: { family: 'reading', agent: true, onElement: true, args: { ...TARGET }, remembered: 'ISOLATED' },
  /** axe-core over the page or an element; not remembered: its page call may run again once axe-core is loaded. */
  audit: {
    family: 'reading',
    agent: true,
    args: {
      ref: TARGET.ref,
      selector: TARGET.selector,
      frame: TARGET.frame,
      rules: optional({
        kind: 'list',
        of: { kind: 'string', pattern: { regex: /^[a-z0-9-]{1,80}$/, message: 'an axe-core rule id, like image-alt' } },
        min: 1,
        max: 100,
        hint: 'axe rule ids',
      }),
    },
  },
} as const satisfies Record<string, BrowserActionSpec>;
