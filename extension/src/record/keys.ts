/** The parts of a key press the filter reads (a KeyboardEvent has them). */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly repeat?: boolean;
}

/**
 * Where the key went: typing into a text field or editable region changes what is recorded.
 * `rich`: editable content (a rich-text editor), recorded as typing: the keys that edit or move
 * the caret are presses of their own between the typed text.
 */
export type KeyPlace = 'text' | 'multiline' | 'rich' | 'other';

/** Keys that do something by themselves (docs/mcp-tools.md: Enter, Escape, Tab, arrows, and their kin). */
const ACTING_KEYS = new Set([
  'Enter',
  'Escape',
  'Tab',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
]);
/** Pressed alone, these only change the other keys. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'Fn', 'FnLock', 'Hyper', 'Super', 'OS']);
/** Shortcuts that edit the text where the caret is: part of the field's `fill`, not an action of their own. */
const EDITING_SHORTCUTS = new Set([
  'a',
  'c',
  'v',
  'x',
  'z',
  'y',
  'Backspace',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'ArrowUp',
  'ArrowDown',
]);

/**
 * The key press as Playwright's key syntax (`Enter`, `Shift+Tab`, `Control+k`), or undefined
 * when it is not recorded as a `press` (docs/mcp-tools.md): characters typed, Backspace and Delete (the
 * field's `fill` has their result), modifiers alone, auto-repeat, editing shortcuts in a text
 * field (select all, copy, paste, undo, moving by words), and Enter in a multi-line field.
 */
export function keyToRecord(press: KeyPress, place: KeyPlace): string | undefined {
  const { key } = press;
  if (press.repeat === true || key === '' || key === 'Unidentified' || key === 'Dead' || key === 'Process') return undefined;
  if (MODIFIERS.has(key)) return undefined;
  const shortcut = press.ctrlKey || press.metaKey || press.altKey;
  if (place === 'rich') return richKey(press, shortcut);
  if (shortcut) {
    if (place !== 'other' && EDITING_SHORTCUTS.has(key.length === 1 ? key.toLowerCase() : key)) return undefined;
    return withModifiers(press);
  }
  if (key === 'Enter' && place === 'multiline') return undefined;
  // Moving the caret is editing: sideways in any text, up and down in a multi-line one.
  if (place !== 'other' && (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End')) return undefined;
  if (place === 'multiline' && (key === 'ArrowUp' || key === 'ArrowDown' || key === 'PageUp' || key === 'PageDown'))
    return undefined;
  if (!ACTING_KEYS.has(key)) return undefined;
  return withModifiers(press);
}

/** Shortcuts whose edit an input says as what typing cannot (copy, paste, cut, undo, redo): not presses. */
const CLIPBOARD_AND_HISTORY = new Set(['c', 'v', 'x', 'z', 'y']);

/**
 * In editable content every key but a character is a press: Enter, Backspace and Delete edit,
 * arrows and paging move the caret the next text is typed at, shortcuts format (Control+B) or
 * select; only the clipboard and undo are left to the edit (recorded as a whole fill).
 */
function richKey(press: KeyPress, shortcut: boolean): string | undefined {
  const { key } = press;
  if (shortcut) return key.length === 1 && CLIPBOARD_AND_HISTORY.has(key.toLowerCase()) ? undefined : withModifiers(press);
  if (key === 'Backspace' || key === 'Delete' || ACTING_KEYS.has(key)) return withModifiers(press);
  return undefined;
}

function withModifiers(press: KeyPress): string {
  const parts: string[] = [];
  if (press.altKey) parts.push('Alt');
  if (press.ctrlKey) parts.push('Control');
  if (press.metaKey) parts.push('Meta');
  if (press.shiftKey) parts.push('Shift');
  parts.push(press.key === ' ' ? 'Space' : press.key);
  return parts.join('+');
}
