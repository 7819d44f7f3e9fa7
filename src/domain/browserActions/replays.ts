import { ACTION_ID, SETTLE, optional, required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';

/**
 * Recorded actions again (extension/src/worker/actions/replay.ts): the daemon turns the range into
 * the steps of one command, each step one of this table's actions.
 */
export const REPLAYS = {
  replay: {
    family: 'replays',
    agent: true,
    args: {
      from: required({ ...ACTION_ID, hint: 'action id a12' }),
      to: optional(ACTION_ID),
      values: optional({ kind: 'values', key: ACTION_ID, maxText: 10_000, maxEntries: 100, hint: 'redacted fills {a12:"…"}' }),
      ...SETTLE,
    },
    changesPage: true,
  },
} as const satisfies Record<string, BrowserActionSpec>;
