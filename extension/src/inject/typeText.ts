import { ActionFailure } from './ActionFailure.js';
import { isA, realm } from './realm.js';

/** Longest text typed key by key; past it, it is inserted at once. */
const PER_KEY_LIMIT = 1_000;
const TEXT_CHARS = 200;

/**
 * Inputs whose value is one whole thing a browser sanitizes on every set (a range clamps and
 * snaps, a date or colour is valid or empty): typing them character by character appends to
 * the value they already hold ("50" then "7" is 507, clamped to the maximum). They are set by
 * value at once, as Playwright's `fill` sets them.
 */
const SET_BY_VALUE = new Set(['range', 'color', 'date', 'datetime-local', 'month', 'time', 'week']);

/**
 * `type`: the text typed into a text field key by key (keydown, keypress, the value, input,
 * keyup; `clear` empties it first), set at once into a value-typed input (SET_BY_VALUE), or
 * inserted into editable content; then `change`.
 */
export function typeText(target: Element, text: string, clear: boolean): unknown {
  if (isA(target, 'HTMLElement')) (target as HTMLElement).focus();
  if (isA(target, 'HTMLInputElement') || isA(target, 'HTMLTextAreaElement')) {
    const element = target as HTMLInputElement | HTMLTextAreaElement;
    if (element.disabled || element.readOnly)
      throw new ActionFailure('element_disabled', `The field is disabled or read-only: ${brief(element)}`);
    const proto = realm(element)[isA(element, 'HTMLInputElement') ? 'HTMLInputElement' : 'HTMLTextAreaElement'].prototype;
    const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
    const assign = (value: string) => (setValue ? setValue.call(element, value) : (element.value = value));
    if (SET_BY_VALUE.has(element.type)) {
      // Set through the prototype's setter, as typing would: a page's own setter on the element is not asked.
      assign(text.trim());
      element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    } else {
      if (clear && element.value !== '') {
        assign('');
        element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'deleteContentBackward' }));
      }
      if (text.length <= PER_KEY_LIMIT) {
        for (const char of text) {
          const key = { key: char, bubbles: true, cancelable: true, composed: true };
          const allowed = element.dispatchEvent(new KeyboardEvent('keydown', key));
          element.dispatchEvent(new KeyboardEvent('keypress', key));
          if (allowed) {
            assign(element.value + char);
            element.dispatchEvent(
              new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: char }),
            );
          }
          element.dispatchEvent(new KeyboardEvent('keyup', key));
        }
      } else {
        assign(element.value + text);
        element.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data: text }));
      }
    }
    element.dispatchEvent(new Event('change', { bubbles: true }));
    return {
      typed: text.length,
      value: cut(element.type === 'password' ? '[hidden]' : element.value, TEXT_CHARS),
      element: brief(element),
    };
  }
  if (isA(target, 'HTMLElement') && (target as HTMLElement).isContentEditable) {
    if (clear) target.textContent = '';
    target.ownerDocument.execCommand('insertText', false, text);
    return { typed: text.length, element: brief(target) };
  }
  throw new ActionFailure('not_editable', `The element is not a text field or contenteditable: ${brief(target)}`);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

function brief(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const name = element.getAttribute('name');
  return `<${element.tagName.toLowerCase()}${id}${name ? ` name="${name}"` : ''}>`;
}
