/**
 * Why a recording of a flow fails today, as read from the gallery's evidence (the wrong locator,
 * the error): the class of cause (A–K as docs/benchmarks.md names them, or a new letter) and a
 * few words. Keyed by flow, then `ours`/`playwright`, optionally per pace. The report prints a
 * cause only beside a cell that fails; a failing cell with no entry says its cause is not named
 * yet, so an entry gone stale by a fix shows nowhere and a new failure is never hidden.
 */
export interface Cause {
  readonly ours?: string;
  readonly oursMachine?: string;
  readonly playwright?: string;
  readonly playwrightMachine?: string;
}

export const CAUSES: Readonly<Record<string, Cause>> = {
  'mui-select': {
    ours: "A: the Select opens on mousedown and the release lands on its backdrop, so the press is recorded as `click locator('body')`",
    oursMachine:
      "A, F: as at a person’s pace, and the option is named after the Select showed its value (`getByText('Twenty').nth(1)`)",
    playwright: 'A: the press is recorded as a click on the option under the pointer once the list opened (`Ten`)',
  },
  'radix-dropdown': {
    ours: 'A: the trigger opens on pointerdown and sets `pointer-events: none` on body, so its click is recorded on `html`',
    oursMachine:
      'A, F: as at a person’s pace, and the item is named after the menu closed (no locator: replay refuses the range)',
    playwright: 'A: the press is recorded on the menu that opened under the pointer',
  },
  'radix-select': {
    ours: 'A, E: the trigger’s press is recorded on `body`; the option is picked on pointerup and unmounted, so no click is recorded for it',
    playwright: 'A, E: the press is recorded as the option under the pointer (`Apple`); the pick is not recorded',
  },
  'radix-dialog': {
    oursMachine: 'F: Save changes is named after the dialog closed (no locator: replay refuses the range)',
  },
  'headless-listbox': {
    ours: 'D: the button is labelled by its label and itself; Playwright names it “Status Backlog”, browsertap “Status” (replay finds it with browsertap’s own engine)',
    oursMachine: 'D, F: as at a person’s pace, and the option is named after it unmounted (no locator)',
    playwright: 'A: the press is recorded on the listbox that opened under the pointer',
  },
  'headless-combobox': {
    ours: 'E: the option is picked on mousedown and unmounted; no click is recorded for it',
    playwright: 'E: the pick on mousedown is not recorded',
  },
  'react-select': { oursMachine: 'F: the option is named after the menu closed (no locator: replay refuses the range)' },
  'downshift-select': { oursMachine: 'F: the option is named after the menu closed (no locator: replay refuses the range)' },
  'shoelace-select': {
    ours: 'B: the option is named by a shadow part with a hover class (`div.option.option--hover > slot.option__label`); the combobox in a shadow root has no selector, so replay refuses the range',
    playwright: 'B: inside the shadow roots it records other parts (an option before the list opened, the combobox twice)',
  },
  'shoelace-form': {
    ours: 'B, L: the field in `sl-input`’s shadow root has no selector (replay refuses the range) and the checkbox is named by a `slot` inside it; the click is taken to have caused the `data:` image of the check mark, which the test waits for as a response (L)',
    playwright: "B: the checkbox is recorded as `locator('slot').nth(4)`, which is not visible",
  },
  tiptap: {
    ours: 'I: rich text is recorded as whole plain-text fills; the bold comes back only when ProseMirror happens to read the second fill as an insertion (the same file passed 2 times in 10)',
    playwright: 'I: the same whole fills, passing or failing by timing',
  },
  codemirror: {
    ours: "O: the click is named by the line it landed on (`locator('div.cm-line')`, a CSS path inside the editor), not the editor’s textbox",
  },
  'dnd-sortable': {
    ours: 'J: pointer-event drags are not recorded: nothing for the drag',
    playwright: 'J: the drag is not recorded',
  },
  'day-picker': { oursMachine: 'F: the day is named after the picker closed (no locator: replay refuses the range)' },
  'virtual-list': { playwright: 'M: the scroll is not recorded, and the row exists only once the list is scrolled' },
  'iframe-late': {
    ours: 'C: the test’s `page.frame({url})!` does not wait for the frame added 300 ms after load (null); replay finds no iframe either',
  },
  'router-back': {
    ours: 'H: replay takes the person’s Back, 0.3 s after a click, for the click’s doing and skips it: the app stays on the product',
    oursMachine:
      'F, H: the link and the button are named after the route changed (no locators); the test waits for a url no click leads to',
    playwright: 'N: the browser’s Back is not recorded',
  },
  range: { ours: 'K: replay’s fill types the value after the range’s own (“80”, then “70”: 100)' },
  'antd-form': {
    oursMachine:
      'F: the option, drawn without a role, is named by its text after its click showed the value in the select (`.nth(1)`); before the click that text is the option’s alone',
  },
};

/** The named cause of a failing cell, if any. */
export function causeOf(flow: string, who: 'ours' | 'playwright', pace: string): string | undefined {
  const cause = CAUSES[flow];
  if (cause === undefined) return undefined;
  return pace === 'machine' ? (cause[`${who}Machine`] ?? cause[who]) : cause[who];
}
