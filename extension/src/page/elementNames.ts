/** Longest selector or locator made (characters). */
export const MAX_NAME = 200;
/** Ancestors walked, at most, for a selector. */
const MAX_DEPTH = 20;
/** Characters of an element's text read for its accessible name. */
const MAX_TEXT = 400;

/**
 * A CSS selector for `node` as web-vitals' attribution writes them (`main#shop>img#hero`): up to
 * the nearest ancestor with an id, tag and sorted classes otherwise, at most MAX_NAME characters.
 */
export function selectorOf(node: Node | null | undefined): string | undefined {
  let selector = '';
  let current: Node | null | undefined = node;
  for (let depth = 0; depth < MAX_DEPTH && current != null && current.nodeType === Node.ELEMENT_NODE; depth++) {
    const element = current as Element;
    const part = element.id ? `#${element.id}` : [element.localName, ...[...element.classList].sort()].join('.');
    if (selector.length + part.length >= MAX_NAME) return selector || part.slice(0, MAX_NAME);
    selector = selector === '' ? part : `${part}>${selector}`;
    if (element.id) break;
    current = element.parentNode;
  }
  return selector === '' ? undefined : selector;
}

const ROLES: Readonly<Record<string, string>> = {
  button: 'button',
  select: 'combobox',
  textarea: 'textbox',
  summary: 'button',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
};
const INPUT_ROLES: Readonly<Record<string, string>> = {
  button: 'button',
  submit: 'button',
  reset: 'button',
  checkbox: 'checkbox',
  radio: 'radio',
  range: 'slider',
  search: 'searchbox',
};

/** The element's ARIA role, explicit or the common implicit ones. */
function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
  if (explicit) return explicit;
  const tag = element.localName;
  if (tag === 'a') return element.hasAttribute('href') ? 'link' : undefined;
  if (tag === 'img') return element.getAttribute('alt') ? 'img' : undefined;
  if (tag === 'input') return INPUT_ROLES[(element as HTMLInputElement).type] ?? 'textbox';
  return ROLES[tag];
}

/** The element's name as a person reads it: aria-label, a label, alt, value, placeholder, its text. */
function nameOf(element: Element): string {
  const clean = (text: string | null | undefined) => (text ?? '').slice(0, MAX_TEXT).replace(/\s+/g, ' ').trim();
  const label = clean(element.getAttribute('aria-label'));
  if (label) return label;
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) {
    const labelled = clean(element.labels?.[0]?.textContent);
    if (labelled) return labelled;
    if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) return clean(element.value);
    return clean(element.getAttribute('placeholder'));
  }
  if (element.localName === 'img') return clean(element.getAttribute('alt'));
  return clean(element.textContent);
}

const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * A Playwright locator for `element` (docs/mcp-tools.md: the INP target as a test finds it): by role and
 * name when it has both, else by id, else by its selector. At most MAX_NAME characters.
 */
export function locatorOf(element: Element): string | undefined {
  try {
    const role = roleOf(element);
    const name = role === undefined ? '' : nameOf(element).slice(0, 80);
    const locator =
      role !== undefined && name !== ''
        ? `getByRole(${quote(role)}, { name: ${quote(name)} })`
        : element.id
          ? `locator(${quote(`#${element.id}`)})`
          : `locator(${quote(selectorOf(element) ?? element.localName)})`;
    return locator.length <= MAX_NAME ? locator : undefined;
  } catch {
    return undefined;
  }
}
