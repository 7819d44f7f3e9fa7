export type ElementClass = 'HTMLElement' | 'HTMLInputElement' | 'HTMLTextAreaElement' | 'HTMLSelectElement';

/** The element's own window's classes: an element of a same-origin iframe is not an instance of this window's. */
export function realm(element: Element): Record<ElementClass, { prototype: object }> {
  return (element.ownerDocument.defaultView ?? window) as unknown as Record<ElementClass, { prototype: object }>;
}

export function isA(element: Element, name: ElementClass): boolean {
  return element instanceof (realm(element)[name] as unknown as typeof HTMLElement);
}
