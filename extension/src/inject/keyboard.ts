import type { ErrorCode } from '../../../src/domain/wire/errorCodes.js';
/**
 * `press_key` (docs/mcp-tools.md): one key, with modifiers (`Enter`, `Tab`, `Shift+Tab`, `Escape`,
 * `ArrowDown`, `Control+A`, `a`), as a user's key press reaches the page — keydown, keypress for
 * keys that make a character, keyup, with `key`, `code` and the legacy `keyCode`/`which` that
 * older handlers read — and then, unless a handler prevented it, what the browser itself would
 * do: type the character, submit the form on Enter (the HTML implicit-submission rules), click a
 * focused button or link on Enter, move the focus on Tab, delete on Backspace/Delete, select all
 * on Control+A. Events made by a script are untrusted, and the browser performs none of these
 * default actions for them: that is why they are done here.
 */

export class KeyFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

interface Key {
  readonly key: string;
  readonly code: string;
  readonly keyCode: number;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
}

const NAMED: Readonly<Record<string, readonly [code: string, keyCode: number]>> = {
  Enter: ['Enter', 13],
  Tab: ['Tab', 9],
  Escape: ['Escape', 27],
  Backspace: ['Backspace', 8],
  Delete: ['Delete', 46],
  ArrowUp: ['ArrowUp', 38],
  ArrowDown: ['ArrowDown', 40],
  ArrowLeft: ['ArrowLeft', 37],
  ArrowRight: ['ArrowRight', 39],
  Home: ['Home', 36],
  End: ['End', 35],
  PageUp: ['PageUp', 33],
  PageDown: ['PageDown', 34],
  Space: ['Space', 32],
};
const MODIFIERS = { Control: 'ctrlKey', Ctrl: 'ctrlKey', Shift: 'shiftKey', Alt: 'altKey', Meta: 'metaKey' } as const;

/** `Control+Shift+K` → the key and its modifiers. @throws KeyFailure `invalid_params`. */
export function parseKey(combo: string): Key {
  // The key is after the last "+" — or is "+" itself ("+", "Control++").
  const plusKey = combo === '+' || combo.endsWith('++');
  const parts = plusKey ? (combo === '+' ? [] : combo.slice(0, -2).split('+')) : combo.split('+');
  const last = plusKey ? '+' : (parts.pop() as string);
  const flags = { ctrlKey: false, shiftKey: false, altKey: false, metaKey: false };
  for (const part of parts) {
    const flag = MODIFIERS[part as keyof typeof MODIFIERS];
    if (flag === undefined)
      throw new KeyFailure('invalid_params', `"${part}" in "${combo}" is not a modifier (Control, Shift, Alt, Meta)`);
    flags[flag] = true;
  }
  const named = NAMED[last];
  if (named !== undefined) return { key: last === 'Space' ? ' ' : last, code: named[0], keyCode: named[1], ...flags };
  if ([...last].length !== 1) {
    throw new KeyFailure('invalid_params', `"${last}" is not a key: one character, or one of ${Object.keys(NAMED).join(', ')}`);
  }
  const upper = last.toUpperCase();
  const letter = /^[A-Z]$/.test(upper);
  const digit = /^[0-9]$/.test(last);
  return {
    key: !letter ? last : flags.shiftKey ? upper : flags.ctrlKey || flags.metaKey || flags.altKey ? upper.toLowerCase() : last,
    code: letter ? `Key${upper}` : digit ? `Digit${last}` : '',
    keyCode: letter ? upper.charCodeAt(0) : digit ? last.charCodeAt(0) : 0,
    ...flags,
  };
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Presses `combo` on `target` (focused first). Returns what happened by default, for the result. */
export function pressKey(target: Element, combo: string, isField: (e: Element) => e is Field): Record<string, unknown> {
  const key = parseKey(combo);
  const view = target.ownerDocument.defaultView ?? window;
  (target as HTMLElement).focus?.();
  const init = {
    key: key.key,
    code: key.code,
    keyCode: key.keyCode,
    which: key.keyCode,
    ctrlKey: key.ctrlKey,
    shiftKey: key.shiftKey,
    altKey: key.altKey,
    metaKey: key.metaKey,
    bubbles: true,
    cancelable: true,
    composed: true,
    view,
  };
  const printable = key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey;
  const allowed = target.dispatchEvent(new KeyboardEvent('keydown', init));
  let pressed = allowed;
  if (allowed && (printable || key.key === 'Enter')) {
    const charCode = key.key === 'Enter' ? 13 : key.key.charCodeAt(0);
    pressed = target.dispatchEvent(new KeyboardEvent('keypress', { ...init, charCode, keyCode: charCode, which: charCode }));
  }
  const outcome = pressed ? defaultAction(target, key, printable, isField) : 'prevented by the page';
  target.dispatchEvent(new KeyboardEvent('keyup', init));
  return { key: combo, default_action: outcome };
}

function defaultAction(target: Element, key: Key, printable: boolean, isField: (e: Element) => e is Field): string {
  const field = isField(target) ? target : undefined;
  if (printable && field !== undefined && !field.readOnly && !field.disabled) {
    insert(field, key.key, 'insertText');
    return 'typed';
  }
  if (key.key === 'Enter') return enter(target, field);
  if (key.key === 'Tab') return moveFocus(target, key.shiftKey);
  if ((key.key === 'Backspace' || key.key === 'Delete') && field !== undefined && !field.readOnly) {
    return erase(field, key.key === 'Backspace') ? 'deleted' : 'nothing to delete';
  }
  const editing = field === undefined && (target as HTMLElement).isContentEditable === true;
  if (editing) {
    const done = editContent(target.ownerDocument, key);
    if (done !== undefined) return done;
  }
  if (key.key.toLowerCase() === 'a' && (key.ctrlKey || key.metaKey)) {
    if (field !== undefined) field.select();
    else target.ownerDocument.getSelection()?.selectAllChildren(target.ownerDocument.body);
    return 'selected all';
  }
  return 'none';
}

/** Formatting shortcuts editable content takes from the browser itself. */
const FORMATS: Readonly<Record<string, string>> = { b: 'bold', i: 'italic', u: 'underline' };

/**
 * What the browser does with a key in editable content that no handler took: a new paragraph or
 * line, a deletion, bold/italic/underline — through the editing commands, which fire the
 * `beforeinput`/`input` an editor reads. Undefined for keys it leaves to the other defaults.
 */
function editContent(doc: Document, key: Key): string | undefined {
  const command = (name: string, done: string) => (doc.execCommand(name, false) ? done : 'none');
  const shortcut = key.ctrlKey || key.metaKey;
  if (key.key === 'Enter' && !shortcut) return command(key.shiftKey ? 'insertLineBreak' : 'insertParagraph', 'new line');
  if (key.key === 'Backspace' && !shortcut) return command('delete', 'deleted');
  if (key.key === 'Delete' && !shortcut) return command('forwardDelete', 'deleted');
  const format = FORMATS[key.key.toLowerCase()];
  if (shortcut && !key.altKey && format !== undefined) return command(format, `toggled ${format}`);
  return undefined;
}

function enter(target: Element, field: Field | undefined): string {
  const tag = target.tagName;
  if (tag === 'TEXTAREA' && field !== undefined) {
    insert(field, '\n', 'insertLineBreak');
    return 'new line';
  }
  if (
    tag === 'BUTTON' ||
    (tag === 'A' && (target as HTMLAnchorElement).href) ||
    (tag === 'INPUT' && /^(submit|button|reset|image|checkbox|radio)$/.test((target as HTMLInputElement).type))
  ) {
    (target as HTMLElement).click();
    return 'clicked';
  }
  if (tag !== 'INPUT' || field === undefined) return 'none';
  const form = (field as HTMLInputElement).form;
  if (form === null) return 'none (not in a form)';
  // HTML implicit submission: the form's default button is clicked; without one, the form is
  // submitted only when it has a single field that blocks implicit submission.
  const submitter = [...form.elements].find(
    (e) =>
      (e.tagName === 'BUTTON' && ((e as HTMLButtonElement).type || 'submit') === 'submit') ||
      (e.tagName === 'INPUT' && /^(submit|image)$/.test((e as HTMLInputElement).type)),
  ) as HTMLButtonElement | HTMLInputElement | undefined;
  if (submitter !== undefined) {
    if (submitter.disabled) return 'none (the submit button is disabled)';
    submitter.click();
    return 'submitted the form (its submit button)';
  }
  const blocking = [...form.elements].filter(
    (e) =>
      e.tagName === 'INPUT' &&
      /^(text|search|url|tel|email|password|date|month|week|time|datetime-local|number)$/.test((e as HTMLInputElement).type),
  );
  if (blocking.length > 1) return 'none (several fields and no submit button)';
  form.requestSubmit();
  return 'submitted the form';
}

/** Inserts text at the caret (replacing the selection), with the `input` event frameworks listen to. */
function insert(field: Field, text: string, inputType: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  setValue(field, field.value.slice(0, start) + text + field.value.slice(end));
  try {
    field.setSelectionRange(start + text.length, start + text.length);
  } catch {
    // types without a caret (email, number)
  }
  field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType, data: text }));
}

function erase(field: Field, backward: boolean): boolean {
  let start = field.selectionStart ?? field.value.length;
  let end = field.selectionEnd ?? start;
  if (start === end) {
    if (backward ? start === 0 : end === field.value.length) return false;
    if (backward) start--;
    else end++;
  }
  setValue(field, field.value.slice(0, start) + field.value.slice(end));
  try {
    field.setSelectionRange(start, start);
  } catch {
    // types without a caret
  }
  field.dispatchEvent(
    new InputEvent('input', {
      bubbles: true,
      composed: true,
      inputType: backward ? 'deleteContentBackward' : 'deleteContentForward',
    }),
  );
  return true;
}

/** The value setter of the element's own prototype, so frameworks that track the value see the change. */
function setValue(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (setter !== undefined) setter.call(field, value);
  else field.value = value;
}

const FOCUSABLE =
  'a[href], area[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable=""], [contenteditable="true"]';

/** Tab order: positive tabindex first (ascending), then document order; disabled, hidden and tabindex=-1 left out. */
function moveFocus(from: Element, backward: boolean): string {
  const doc = from.ownerDocument;
  const candidates = [...doc.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => {
    if (e.tabIndex < 0 || (e as HTMLButtonElement).disabled === true) return false;
    if (e.tagName === 'INPUT' && (e as HTMLInputElement).type === 'hidden') return false;
    const box = e.getBoundingClientRect();
    return box.width > 0 || box.height > 0;
  });
  const order = [
    ...candidates.filter((e) => e.tabIndex > 0).sort((a, b) => a.tabIndex - b.tabIndex),
    ...candidates.filter((e) => e.tabIndex === 0),
  ];
  if (order.length === 0) return 'none (nothing focusable)';
  const at = order.indexOf(from as HTMLElement);
  const next = order[(at + (backward ? order.length - 1 : 1) + (at === -1 && backward ? 1 : 0)) % order.length] as HTMLElement;
  next.focus();
  return `focused ${next.tagName.toLowerCase()}${next.id ? `#${next.id}` : ''}`;
}
