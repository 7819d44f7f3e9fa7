import { SETTLE, TARGET, required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';
import { KIND } from '../wire/entries.js';

const ACTS = { effects: 'settle', changesPage: true, remembered: 'ISOLATED' } as const;

/** `upload`'s files, decoded, in all at most (bytes). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Choosing, checking, submitting and giving files to a form's controls, in the page (extension/src/inject/actions/form.ts). */
export const FORM = {
  select: {
    family: 'form',
    agent: true,
    onElement: true,
    args: { ...TARGET, value: required({ kind: 'string', max: 10_000 }), ...SETTLE },
    ...ACTS,
    records: KIND.select,
    replays: KIND.select,
  },
  /** A multiple select's options, by value. */
  select_values: {
    family: 'form',
    agent: false,
    onElement: true,
    args: { ...TARGET, values: required({ kind: 'list', of: { kind: 'string', max: 10_000 }, min: 0, max: 1_000 }), ...SETTLE },
    ...ACTS,
    records: KIND.select,
    replays: KIND.select,
  },
  upload: {
    family: 'form',
    agent: true,
    onElement: true,
    args: {
      ...TARGET,
      files: required({
        kind: 'files',
        maxFiles: 20,
        maxBytes: MAX_UPLOAD_BYTES,
        maxName: 255,
        maxType: 255,
        hint: '[{name,mime_type,content_base64}] ≤5MB',
      }),
      ...SETTLE,
    },
    ...ACTS,
    records: KIND.upload,
    replays: KIND.upload,
  },
  /** Clicked only when its state differs, as Playwright's `check`. */
  check: {
    family: 'form',
    agent: false,
    onElement: true,
    args: { ...TARGET, ...SETTLE },
    ...ACTS,
    records: KIND.check,
    replays: KIND.check,
  },
  uncheck: {
    family: 'form',
    agent: false,
    onElement: true,
    args: { ...TARGET, ...SETTLE },
    ...ACTS,
    records: KIND.uncheck,
    replays: KIND.uncheck,
  },
  /** The element's form submitted with its validation and submit event (`requestSubmit`). */
  submit: {
    family: 'form',
    agent: false,
    onElement: true,
    args: { ...TARGET, ...SETTLE },
    ...ACTS,
    records: KIND.submit,
    replays: KIND.submit,
  },
} as const satisfies Record<string, BrowserActionSpec>;
