import { SETTLE, TARGET, optional, required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';
import { KIND } from '../wire/entries.js';

const ACTS = { effects: 'settle', changesPage: true, remembered: 'ISOLATED' } as const;

/** What a keyboard does, in the page (extension/src/inject/actions/keyboard.ts). */
export const KEYBOARD = {
  /** On the focused element unless a target is given. */
  press_key: {
    family: 'keyboard',
    agent: true,
    args: { key: required({ kind: 'string', min: 1, max: 40, hint: 'Enter, Tab, Control+A…' }), ...TARGET, ...SETTLE },
    ...ACTS,
    records: KIND.press,
    replays: KIND.press,
  },
  type: {
    family: 'keyboard',
    agent: true,
    onElement: true,
    args: { ...TARGET, text: required({ kind: 'string', max: 100_000 }), clear: optional({ kind: 'boolean' }), ...SETTLE },
    ...ACTS,
    records: KIND.fill,
    replays: KIND.fill,
  },
} as const satisfies Record<string, BrowserActionSpec>;
