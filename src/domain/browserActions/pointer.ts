import { CSS_SELECTOR, REF, SETTLE, TARGET, optional, replayOnly, unhinted } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';
import { KIND } from '../wire/entries.js';

const ACTS = { effects: 'settle', changesPage: true, remembered: 'ISOLATED' } as const;

/** What a mouse does, in the page: one pointer pipeline (extension/src/inject/actions/pointer.ts). */
export const POINTER = {
  click: {
    family: 'pointer',
    agent: true,
    onElement: true,
    args: { ...TARGET, ...SETTLE },
    ...ACTS,
    records: KIND.click,
    replays: KIND.click,
  },
  dblclick: {
    family: 'pointer',
    agent: true,
    onElement: true,
    args: { ...TARGET, ...SETTLE },
    ...ACTS,
    records: KIND.dblclick,
    replays: KIND.dblclick,
  },
  hover: { family: 'pointer', agent: true, onElement: true, args: { ...TARGET }, remembered: 'ISOLATED' },
  drag: {
    family: 'pointer',
    agent: true,
    onElement: true,
    args: {
      ...TARGET,
      to_ref: optional(unhinted(REF)),
      to_selector: optional(unhinted(CSS_SELECTOR)),
      ...SETTLE,
      to_nth: replayOnly(TARGET.nth.arg),
    },
    rules: [{ kind: 'one_of', args: ['to_ref', 'to_selector'], message: 'needs to_ref or to_selector (one of them)' }],
    ...ACTS,
    records: KIND.drag,
    replays: KIND.drag,
  },
  /** A drag by the pointer's recorded path, for a page that follows the pointer rather than HTML drag and drop. */
  pointer_drag: {
    family: 'pointer',
    agent: false,
    onElement: true,
    args: { ...TARGET, moves: { arg: { kind: 'moves', min: 1, max: 64 }, required: true }, ...SETTLE },
    ...ACTS,
    records: KIND.drag,
    replays: KIND.drag,
  },
} as const satisfies Record<string, BrowserActionSpec>;
