import { cssString } from './quote.js';

/**
 * What a click is retargeted to, as Playwright's recorder does: the control a child of it belongs
 * to; and the item of a listbox, menu, tab list or tree a press on its text or icon picks (a test
 * clicks `getByRole('option', …)`, not the label span inside it).
 */
export const CONTROL =
  'button,select,input,[role=button],[role=checkbox],[role=radio],a,[role=link],' +
  '[role=option],[role=menuitem],[role=menuitemcheckbox],[role=menuitemradio],[role=tab],[role=treeitem]';
/** The tags in CONTROL: an element with one is the control it stands for. */
const CONTROL_TAGS = new Set(['button', 'select', 'input', 'a']);

/** The attributes a name or locator is made of (test ids, ARIA, the fallbacks a field is named by, the CSS path's id). */
const NAMING_ATTRIBUTES = new Set([
  'data-testid',
  'data-test',
  'data-cy',
  'role',
  'aria-label',
  'aria-labelledby',
  'title',
  'alt',
  'placeholder',
  'id',
  'name',
  'type',
]);
/** Fields named by their labels (finding an element's labels walks the document: only for these). */
const LABELLED = new Set(['input', 'select', 'textarea']);
/** Inputs named by their value (a button's caption). */
const VALUE_NAMED = new Set(['button', 'submit', 'reset']);
/** Text read per element, at most: characters, and text nodes (a press on a large region stays cheap). */
const MAX_TEXT = 300;
const MAX_TEXT_NODES = 20;
/** Elements that name another (its labels, what aria-labelledby points at) read, at most. */
const MAX_NAMERS = 3;

/**
 * A print of what naming `element` reads (record/locators.ts), cheap enough to take inside the
 * person's event (no style, no layout): the element and the control a click on it stands for
 * (`CONTROL`, visible or not), each with its tag, the attributes names and locators are made of,
 * a button's value, its first text (bounded), the text of a field's labels and of what its
 * `aria-labelledby` points at. Taken at the person's press, from our capture listener on the
 * window (registered before the page's scripts, so it runs before their handlers), and taken
 * again when the element is named in a later task: a print that differs means the page changed
 * the element's name in between — a "Cancel" that became "Delete account" as it was pressed —
 * and the name is refused rather than taken for what the person pressed. Not read: classes
 * (only the CSS-path fallback uses them) and open shadow roots' text.
 */
export function namingPrint(element: Element): string {
  // Each call into the DOM costs the page a little inside its event: a control by its tag is its own.
  const tag = element.localName;
  const control = CONTROL_TAGS.has(tag) ? element : element.closest(CONTROL);
  const own = printOf(element, tag);
  return control === null || control === element ? own : `${own}\u0000${printOf(control, control.localName)}`;
}

function printOf(element: Element, tag: string): string {
  let print = tag;
  // The attributes it has (a few calls into the DOM), not each one naming reads (a dozen), in a set order.
  const names = element.getAttributeNames().filter((name) => NAMING_ATTRIBUTES.has(name));
  if (names.length > 1) names.sort();
  for (const name of names) print += `\u0001${name}=${(element.getAttribute(name) ?? '').slice(0, MAX_TEXT)}`;
  if (tag === 'input' && VALUE_NAMED.has((element as HTMLInputElement).type))
    print += `\u0001value=${(element as HTMLInputElement).value.slice(0, MAX_TEXT)}`;
  print += `\u0002${textOf(element)}`;
  const labels = LABELLED.has(tag) ? (element as HTMLInputElement).labels : null;
  if (labels !== null)
    for (let i = 0; i < Math.min(labels.length, MAX_NAMERS); i++) print += `\u0003${textOf(labels[i] as Element)}`;
  const ids = print.includes('\u0001aria-labelledby=') ? element.getAttribute('aria-labelledby') : null;
  if (ids !== null) {
    for (const id of ids.slice(0, MAX_TEXT).trim().split(/\s+/, MAX_NAMERS)) {
      const namer = id === '' ? null : namerOf(element, id);
      if (namer !== null) print += `\u0003${textOf(namer)}`;
    }
  }
  return print;
}

/** Ancestors climbed to the top of a removed part of the page, at most. */
const MAX_REMOVED_DEPTH = 50;

/**
 * The element `id` names for `element` (its `aria-labelledby`): the document's; for an element
 * the page removed (an option picked and unmounted), the one in the removed part it went with,
 * which is what named it when it was pressed (the document no longer holds it).
 */
export function namerOf(element: Element, id: string): Element | null {
  if (element.isConnected) return element.ownerDocument.getElementById(id);
  let root: Element = element;
  for (let i = 0; root.parentElement !== null && i < MAX_REMOVED_DEPTH; i++) root = root.parentElement;
  return root.id === id ? root : root.querySelector(`[id=${cssString(id)}]`);
}

/** The element's first text: all of it for a leaf, else its first text nodes (bounded). */
function textOf(element: Element): string {
  if (element.firstElementChild === null) return (element.textContent ?? '').slice(0, MAX_TEXT);
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let i = 0; i < MAX_TEXT_NODES && text.length < MAX_TEXT; i++) {
    const node = walker.nextNode();
    if (node === null) break;
    text += node.nodeValue ?? '';
  }
  return text.slice(0, MAX_TEXT);
}
