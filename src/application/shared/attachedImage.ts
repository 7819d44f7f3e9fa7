/**
 * A payload's image that travels as an MCP image content block after the JSON (a pick's element
 * screenshot), never inside it. A symbol key: `JSON.stringify` leaves it out.
 */
export const ATTACHED_IMAGE: unique symbol = Symbol.for('browsertap.attachedImage');

export interface AttachedImage {
  readonly mime_type: string;
  readonly base64: string;
}

/** The attached image of a payload, if it has one. */
export function attachedImage(payload: object): AttachedImage | undefined {
  const image = (payload as { [ATTACHED_IMAGE]?: Partial<AttachedImage> })[ATTACHED_IMAGE];
  return typeof image?.base64 === 'string' && typeof image.mime_type === 'string' ? (image as AttachedImage) : undefined;
}

/** The payload without its attached image (a symbol key a protocol's schema may refuse). */
export function withoutAttachedImage(payload: object): object {
  const { [ATTACHED_IMAGE]: _image, ...rest } = payload as { [ATTACHED_IMAGE]?: unknown };
  return rest;
}
