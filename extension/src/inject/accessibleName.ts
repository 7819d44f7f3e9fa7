import { computeAccessibleName, getRole } from 'dom-accessibility-api';

/** Whitespace runs as one space, trimmed: text as a user reads it (names, text= and role= all use it). */
export const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Nodes one name's or one text's spacing is read from, at most (a huge subtree keeps the library's spacing). */
const MAX_NODES = 2_000;
/** Elements an aria-labelledby lists that are read, at most. */
const MAX_REFS = 20;

/** Inputs ARIA in HTML gives no role that Chrome still shows as fields: a password is a textbox. */
const INPUT_ROLES: Readonly<Record<string, string>> = {
  password: 'textbox',
  date: 'textbox',
  'datetime-local': 'textbox',
  month: 'textbox',
  time: 'textbox',
  week: 'textbox',
  file: 'button',
  color: 'button',
};

/** Elements that stand in a name for themselves (their alt, value or name), set apart by spaces as Chrome does. */
const EMBEDDED = new Set([
  'IMG',
  'INPUT',
  'SELECT',
  'TEXTAREA',
  'SVG',
  'svg',
  'VIDEO',
  'AUDIO',
  'CANVAS',
  'IFRAME',
  'OBJECT',
  'EMBED',
]);
const NEVER_TEXT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);
const VALUE_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'button', 'submit', 'reset', 'range']);

/** An element's role, as the snapshot prints it and `role=` matches it (ARIA in HTML, dom-accessibility-api). */
export function roleOf(element: Element): string {
  const input = element.tagName === 'INPUT' ? INPUT_ROLES[(element as HTMLInputElement).type] : undefined;
  return getRole(element) ?? input ?? 'generic';
}

/**
 * An element's accessible name as Chrome computes it, normalized: the one computation the
 * snapshot prints and `role=…[name=…]` matches. accname by dom-accessibility-api, with two
 * corrections where it and Chrome part ways: a field named by nothing else is named by its
 * placeholder (HTML-AAM; then its title), and the spaces between inner elements are the
 * browser's — the library trims each inner element's text (`<a><span>Read</span><span> more</span></a>`
 * became "Readmore"), drops `<br>` and `<wbr>`, and puts a space where a hidden element was. The
 * correction only moves spaces: when the text gathered with the browser's spacing (from the
 * labelling elements, the labels, or the content) has the library's characters, it is taken;
 * otherwise the library's name stands.
 */
export function accessibleName(element: Element): string {
  const selfLabelled = labelledBySelf(element);
  if (selfLabelled !== undefined) return normalize(selfLabelled);
  const computed = normalize(computeAccessibleName(element));
  if (computed === '') return normalize(fallbackName(element));
  // Text alone (no inner elements, no labels) is spaced alike by both.
  if (element.childElementCount === 0 && !element.hasAttribute('aria-labelledby') && !labelled(element)) return computed;
  const wanted = squash(computed);
  for (const source of sources(element)) {
    const text = source();
    if (text !== undefined && squash(text) === wanted) return normalize(text);
  }
  return computed;
}

/**
 * The text an element shows, as the page lays it out (text nodes, spaces between blocks, a
 * `<br>` as a space, hidden parts left out), normalized: what `text=` matches. `undefined` for
 * a subtree past the bound.
 */
export function shownText(element: Element): string | undefined {
  const text = gather(element, undefined, false);
  return text === undefined ? undefined : normalize(text);
}

/**
 * The name of an element whose aria-labelledby lists itself (`aria-labelledby="label-id own-id"`,
 * as component libraries label a button by its label and its own text): each element listed, in
 * order, gives its aria-label or else its content — the element itself too, which a label of its
 * own (`<label for>`) does not name while it is named by aria-labelledby (accname 2B, as Chrome
 * and Playwright compute it; dom-accessibility-api gives the label's text alone). Undefined when
 * it does not list itself, or past the bound.
 */
function labelledBySelf(element: Element): string | undefined {
  const ids = element.getAttribute('aria-labelledby');
  if (ids === null || element.id === '' || !ids.split(/\s+/).includes(element.id)) return undefined;
  const root = element.getRootNode() as Document | ShadowRoot;
  const parts = ids
    .trim()
    .split(/\s+/)
    .slice(0, MAX_REFS)
    .map((id): Element | null => (typeof root.getElementById === 'function' ? root.getElementById(id) : null))
    .filter((part) => part !== null);
  if (!parts.includes(element)) return undefined;
  return joined(
    parts.map((part) => {
      const label = normalize(part.getAttribute('aria-label') ?? '');
      return label !== '' ? label : gather(part, part === element ? undefined : element, true);
    }),
  );
}

/** Where a name may have come from, most specific first: aria-labelledby, the labels, the content. */
function sources(element: Element): Array<() => string | undefined> {
  const out: Array<() => string | undefined> = [];
  const ids = element.getAttribute('aria-labelledby');
  if (ids !== null && ids.trim() !== '') {
    out.push(() => {
      const document = element.ownerDocument;
      const parts = ids
        .trim()
        .split(/\s+/)
        .map((id) => document.getElementById(id));
      return joined(parts.map((part) => (part === null ? '' : gather(part, element, true))));
    });
  }
  const labels = (element as HTMLInputElement).labels;
  if (labelled(element)) {
    out.push(() => joined([...(labels as NodeListOf<HTMLLabelElement>)].map((label) => gather(label, element, true))));
  }
  out.push(() => gather(element, element, true));
  return out;
}

function labelled(element: Element): boolean {
  const labels = (element as HTMLInputElement).labels;
  return labels !== undefined && labels !== null && labels.length > 0;
}

function joined(parts: ReadonlyArray<string | undefined>): string | undefined {
  return parts.some((part) => part === undefined) ? undefined : parts.join(' ');
}

/**
 * The text under `root` with Chrome's spacing: text nodes as they are; a space on each side of
 * an element that is not `display: inline` or is embedded and stands for something (an image's
 * alt, a field's value);
 * `<br>`/`<wbr>` a space; hidden elements nothing. `alternatives`: an element with aria-label or
 * aria-labelledby, or an embedded one, gives its own name or value (accname); `self` (the
 * element being named, inside its label) gives nothing.
 */
function gather(root: Element, self: Element | undefined, alternatives: boolean): string | undefined {
  let visited = 0;
  const children = (parent: Element): string | undefined => {
    const nodes =
      parent.tagName === 'SLOT' && (parent as HTMLSlotElement).assignedNodes().length > 0
        ? (parent as HTMLSlotElement).assignedNodes({ flatten: true })
        : parent.childNodes;
    let text = '';
    for (const node of nodes) {
      if (++visited > MAX_NODES) return undefined;
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
      else if (node.nodeType === Node.ELEMENT_NODE) {
        const part = element(node as Element);
        if (part === undefined) return undefined;
        text += part;
      }
    }
    return text;
  };
  const element = (child: Element): string | undefined => {
    if (NEVER_TEXT.has(child.tagName) || child.getAttribute('aria-hidden') === 'true') return '';
    if (child.tagName === 'BR' || child.tagName === 'WBR') return ' ';
    const style = getComputedStyle(child);
    if (style.display === 'none' || style.visibility === 'hidden') return '';
    const embedded = EMBEDDED.has(child.tagName);
    let inner: string | undefined;
    if (child === self) inner = '';
    else if (alternatives && (embedded || hasOwnLabel(child))) inner = alternative(child);
    else if (embedded) inner = '';
    else inner = children(child);
    if (inner === undefined) return undefined;
    // An image with alt="" stands for nothing, and is not set apart either.
    const separator = style.display !== 'inline' || (embedded && inner.trim() !== '') ? ' ' : '';
    return `${separator}${inner}${separator}`;
  };
  return children(root);
}

function hasOwnLabel(element: Element): boolean {
  return (
    (element.getAttribute('aria-label') ?? '').trim() !== '' || (element.getAttribute('aria-labelledby') ?? '').trim() !== ''
  );
}

/** What an embedded or self-labelled element contributes to a name around it (accname 2C-2E). */
function alternative(element: Element): string {
  if (!hasOwnLabel(element)) {
    if (element.tagName === 'SELECT') return (element as HTMLSelectElement).selectedOptions[0]?.text ?? '';
    if (element.tagName === 'TEXTAREA') return (element as HTMLTextAreaElement).value;
    if (element.tagName === 'INPUT' && VALUE_INPUTS.has((element as HTMLInputElement).type))
      return (element as HTMLInputElement).value;
  }
  return computeAccessibleName(element);
}

/** What Chrome names a field with no label by: its placeholder (HTML-AAM), then its title. */
function fallbackName(element: Element): string {
  const placeholder =
    element.tagName === 'INPUT' || element.tagName === 'TEXTAREA'
      ? element.getAttribute('placeholder')
      : element.getAttribute('aria-placeholder');
  return placeholder ?? element.getAttribute('title') ?? '';
}

function squash(text: string): string {
  return text.replace(/\s+/g, '');
}
