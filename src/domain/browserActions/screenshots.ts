import { TARGET, optional } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';

/** What the tab shows, through `captureVisibleTab` (extension/src/worker/actions/screenshot.ts). */
export const SCREENSHOTS = {
  screenshot: {
    family: 'screenshots',
    agent: true,
    args: {
      format: optional({ kind: 'enum', values: ['png', 'jpeg'] }),
      quality: optional({ kind: 'integer', min: 0, max: 100 }),
      full_page: optional({ kind: 'boolean' }),
      ref: TARGET.ref,
      selector: TARGET.selector,
    },
    rules: [
      {
        kind: 'not_with',
        flag: 'full_page',
        others: ['ref', 'selector'],
        message: 'full_page captures the whole page; ref or selector captures one element: not both',
      },
    ],
    beforeClaim: true,
  },
} as const satisfies Record<string, BrowserActionSpec>;
