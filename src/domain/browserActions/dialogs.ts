import { optional, required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';

/** The page's own dialogs (extension/src/worker/actions/dialog.ts). */
export const DIALOGS = {
  /** How to answer the tab's next alert, confirm or prompt; closes one the page already sits in. */
  dialog: {
    family: 'dialogs',
    agent: true,
    args: { accept: required({ kind: 'boolean' }), text: optional({ kind: 'string', max: 10_000 }) },
    dialogs: 'answers',
  },
} as const satisfies Record<string, BrowserActionSpec>;
