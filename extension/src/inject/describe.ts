import { isVisible } from './visible.js';

/** Characters of an element's text or attribute value an answer shows at most. */
export const TEXT_CHARS = 200;

export function describe(element: Element): Record<string, unknown> {
  const box = element.getBoundingClientRect();
  const text = (element as HTMLElement).innerText ?? element.textContent ?? '';
  const attributes: Record<string, string> = {};
  for (const attribute of [...element.attributes].slice(0, 20)) attributes[attribute.name] = cut(attribute.value, TEXT_CHARS);
  return {
    tag: element.tagName.toLowerCase(),
    ...(element.id ? { id: element.id } : {}),
    text: cut(text.replace(/\s+/g, ' ').trim(), TEXT_CHARS),
    attributes,
    box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
    visible: isVisible(element),
  };
}

export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** How a message names an element: its tag, id and name. */
export function brief(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const name = element.getAttribute('name');
  return `<${element.tagName.toLowerCase()}${id}${name ? ` name="${name}"` : ''}>`;
}
