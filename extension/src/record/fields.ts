import type { PickedFile } from '../../../src/domain/wire/entries.js';
import type { KeyPlace } from './keys.js';

/**
 * The fields of a page as recording sees them: what a person types into, what only the
 * browser's pickers change, what a click chooses rather than clicks, and what a choice or a
 * file pick records. Plain reads of the element, cheap enough inside an event.
 */

/** Input types a person fills in (text-like, and those Playwright's `fill` sets). */
const FILLED = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
  'range',
  'color',
]);
/** Inputs only the browser's own pickers change (a script cannot make them fire a trusted `input`). */
const PICKED = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'range', 'color']);
/** Options of a multiple select recorded, at most. */
const MAX_OPTIONS = 100;
/** Files of a pick recorded, at most, and the longest name and type kept of each. */
export const MAX_PICKED_FILES = 50;
const MAX_FILE_NAME = 200;
const MAX_FILE_TYPE = 100;

/** Whether keys typed at `element` go into it as text (a text field, an editable region). */
export function typedInto(element: Element): boolean {
  if (element.nodeName === 'INPUT') return FILLED.has((element as HTMLInputElement).type);
  return element.nodeName === 'TEXTAREA' || element.closest('[contenteditable]') !== null;
}

/** An input whose value only the browser's own picker changes (a date, a range, a colour). */
export function pickerInput(element: Element): boolean {
  return element.nodeName === 'INPUT' && PICKED.has((element as HTMLInputElement).type);
}

/** The field a person types into: a text-like input, a textarea, or the editing host of editable content. */
export function editableOf(element: Element): Element | undefined {
  if (element.nodeName === 'TEXTAREA') return element;
  if (element.nodeName === 'INPUT') return FILLED.has((element as HTMLInputElement).type) ? element : undefined;
  // isContentEditable needs style (stale while keys and pointers change :focus and :active):
  // asked only inside an element that says contenteditable, or of a document in design mode.
  const maybe = element.closest('[contenteditable]') !== null || element.ownerDocument.designMode === 'on';
  if (!maybe || !(element as HTMLElement).isContentEditable) return undefined;
  let host = element as HTMLElement;
  while (host.parentElement !== null && host.parentElement.isContentEditable) host = host.parentElement;
  return host;
}

/** Where a key was pressed, for what it records (keys.ts): a text input, a multi-line field, rich text, or elsewhere. */
export function placeOf(field: Element | undefined): KeyPlace {
  if (field === undefined) return 'other';
  if (field.nodeName === 'INPUT') return 'text';
  return field.nodeName === 'TEXTAREA' ? 'multiline' : 'rich';
}

/** A field's own pointer dragging (a range's thumb, a caret, a select): not an element moved. */
export function inField(element: Element): boolean {
  return element.closest('input,textarea,select,[contenteditable]') !== null;
}

/** The browser filled the field from what it keeps for the person (its autofill marks the field). */
export function autofilled(field: Element): boolean {
  for (const pseudo of [':autofill', ':-webkit-autofill']) {
    try {
      if (field.matches(pseudo)) return true;
    } catch {
      // a pseudo-class this browser does not know
    }
  }
  return false;
}

/** Clicks that are recorded as what they choose instead (`check`, `select`, `upload`): the change says it. */
export function choiceByChange(element: Element): boolean {
  const control = element.nodeName === 'LABEL' ? (element as HTMLLabelElement).control : element;
  if (control === null) return false;
  if (control.nodeName === 'SELECT' || control.nodeName === 'OPTION') return true;
  if (control.nodeName !== 'INPUT') return false;
  const type = (control as HTMLInputElement).type;
  return type === 'checkbox' || type === 'radio' || type === 'file';
}

/**
 * The checkbox or radio a click on `element` toggles (itself, or the one a label stands for),
 * whose `change` comes in the click's own task; `undefined` for anything else.
 */
export function toggledBy(element: Element): HTMLInputElement | undefined {
  const control = element.nodeName === 'LABEL' ? (element as HTMLLabelElement).control : element;
  if (control === null || control.nodeName !== 'INPUT') return undefined;
  const type = (control as HTMLInputElement).type;
  return type === 'checkbox' || type === 'radio' ? (control as HTMLInputElement) : undefined;
}

/** A select's choice: its value, or the values of a multiple select's chosen options (at most MAX_OPTIONS). */
export function selectValue(select: HTMLSelectElement): string | string[] {
  return select.multiple ? [...select.selectedOptions].slice(0, MAX_OPTIONS).map((option) => option.value) : select.value;
}

/** The files picked in a file input: names, sizes and types, bounded. */
export function pickedFiles(input: HTMLInputElement): PickedFile[] {
  return [...(input.files ?? [])].slice(0, MAX_PICKED_FILES).map((file) => ({
    name: file.name.slice(0, MAX_FILE_NAME),
    size: file.size,
    ...(file.type === '' ? {} : { type: file.type.slice(0, MAX_FILE_TYPE) }),
  }));
}
