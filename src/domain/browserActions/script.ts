import { required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';

/** The agent's own script (extension/src/worker/actions/script.ts). */
export const SCRIPT = {
  /** An async function body in the page's MAIN world (its page runner), whose JSON return value is the result. */
  execute_js: {
    family: 'script',
    agent: true,
    args: { script: required({ kind: 'string', min: 1, max: 100_000 }) },
    remembered: 'MAIN',
  },
} as const satisfies Record<string, BrowserActionSpec>;
