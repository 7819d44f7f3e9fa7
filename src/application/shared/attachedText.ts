/**
 * A payload's text that travels as its own content block after the JSON (docs/mcp-tools.md: a generated
 * test file, plain steps), not escaped inside it. A symbol key: `JSON.stringify` leaves it out.
 */
export const ATTACHED_TEXT: unique symbol = Symbol.for('browsertap.attachedText');

/** A payload with an attached text block. */
export type WithAttachedText<T extends object> = T & { readonly [ATTACHED_TEXT]: string };

/** The attached text of a payload, if it has one. */
export function attachedText(payload: object): string | undefined {
  const text = (payload as { [ATTACHED_TEXT]?: unknown })[ATTACHED_TEXT];
  return typeof text === 'string' ? text : undefined;
}

/** The payload without its attached text (a symbol key a protocol's schema may refuse). */
export function withoutAttachedText(payload: object): object {
  const { [ATTACHED_TEXT]: _text, ...rest } = payload as { [ATTACHED_TEXT]?: unknown };
  return rest;
}
