/**
 * What an input did to editable content (a rich-text editor), for recording it as typing: the
 * text it inserted at the caret; `key`, the doing of a key recorded as a press of its own (Enter,
 * Backspace, Delete, a formatting shortcut); `other`, anything typing cannot say (a paste, a
 * drop, a composition, undo), which makes the edit one whole `fill` as a text field's.
 */
export type RichInput = { readonly text: string } | 'key' | 'other';

/** Characters of typing kept for a rich edit; the value recorded is cut at MAX_VALUE anyway. */
export const TYPED_CHARS = 1_000;

/**
 * What an input event did to editable content, for typing it again: text typed at the caret,
 * the edit of a key recorded as a press (a new paragraph, a deletion, a format), or something
 * else (a paste, a drop, a composition, undo).
 */
export function richInput(event: InputEvent): RichInput {
  const type = event.inputType ?? '';
  if (type === 'insertText' && typeof event.data === 'string') return { text: event.data };
  if (type === 'insertParagraph' || type === 'insertLineBreak' || type.startsWith('format')) return 'key';
  if (type.startsWith('delete') && type !== 'deleteByCut' && type !== 'deleteByDrag') return 'key';
  return 'other';
}

/**
 * A rich edit's typing after one more input: its text appended (up to TYPED_CHARS), a key's edit
 * left to the key, anything else ends it (`null`: the edit is recorded as a whole `fill`).
 */
export function typedAfter(typed: string | null | undefined, input: RichInput): string | null {
  if (typed === null || typed === undefined) return null;
  if (input === 'key') return typed;
  if (input === 'other') return null;
  return typed.length >= TYPED_CHARS ? typed : typed + input.text;
}
