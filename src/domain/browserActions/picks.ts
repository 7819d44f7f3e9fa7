import { DEFAULT_LIFECYCLE_RULES } from '../command/LifecycleRules.js';
import { optional } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';

/** The person points at an element for the agent (extension/src/worker/actions/pick.ts). */
export const PICKS = {
  /** The one command that may wait for minutes. */
  pick: {
    family: 'picks',
    agent: true,
    args: {
      prompt: optional({ kind: 'string', min: 1, max: 500 }),
      timeout_ms: optional({ kind: 'integer', min: 1, max: DEFAULT_LIFECYCLE_RULES.pickMaxLimitMs }),
    },
    person: true,
  },
} as const satisfies Record<string, BrowserActionSpec>;
