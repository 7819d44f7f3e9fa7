import { accessibleName, roleOf } from '../inject/accessibleName.js';
import { queryAll } from '../inject/targets.js';
import { isVisible } from '../inject/visible.js';
import { type Described, MAX_SCAN, ROLE_CANDIDATES, ROLE_LOCATORS, hiddenForAria } from './locators.js';
import { pwNormalize } from './playwrightText.js';
import { namerOf } from './namingPrint.js';
import { jsString } from './quote.js';

/** Ancestors looked at for the control a press on a detached element was in (a label's span, an option's icon). */
const MAX_UP = 12;
/** Longest name a locator is made of (as locators.ts). */
const MAX_NAME = 200;

/**
 * Whether `element` is hidden from the accessibility tree by an ancestor's `aria-hidden` or
 * `inert`: read inside the person's press (one call into the DOM, no style), to tell, when the
 * element is named later, whether the page hid it as it reacted to the press.
 */
export function ariaHiddenNow(element: Element): boolean {
  return element.closest('[aria-hidden="true"],[inert]') !== null;
}

/**
 * The name of a pressed element the page took away from a test's view as it reacted to the press:
 * `undefined` when it did not (the element is named as any other, locators.ts).
 *
 * Controls react to the press itself (a menu opens on pointerdown, a select on mousedown, an
 * option is picked on mousedown and unmounted) and to the click at machine speed, before the
 * pressed element is named in a later task. Two changes take its name away there, and both are
 * the page's answer to the press, not what the person pressed:
 * - it was removed from the document (the option picked, the dialog closed, the route left):
 *   it is named by its own role and accessible name (the element object keeps its attributes
 *   and text), when nothing left in the page that a test's `getByRole` sees has that role and
 *   name too (a form's hidden native select of the same options is not seen); the control a press
 *   inside it stands for is its nearest ancestor with a role a test names;
 * - it is now inside `aria-hidden` or `inert` and was not when pressed (a modal menu or dialog
 *   hides the rest of the page, its trigger included): it is named by its role and name among
 *   every element of the page with them, hidden or not — as a test will find it before the
 *   press, when nothing is hidden yet — with `.nth(i)` when several have them.
 * Either way the name is what the press's print (namingPrint.ts) already vouched for: a renamed
 * element is refused before this is asked.
 */
export function describePressed(element: Element, hiddenAtPress: boolean): Described | undefined {
  const document = element.ownerDocument;
  if (!element.isConnected) {
    const control = namedAncestor(element);
    if (control === undefined) return undefined;
    const others = sameRoleAndName(document, control.role, control.name)?.filter((e) => !hiddenForAria(e));
    if (others === undefined || others.length > 0) return undefined;
    return {
      locator: `getByRole(${jsString(control.role)}, { name: ${jsString(control.name)}, exact: true })`,
      selector: `role=${control.role}[name=${JSON.stringify(control.name)}]`,
      role: control.role,
      name: control.name,
    };
  }
  if (hiddenAtPress || !ariaHiddenNow(element)) return undefined;
  const control = namedAncestor(element);
  if (control === undefined) return undefined;
  const all = sameRoleAndName(document, control.role, control.name);
  const index = all?.indexOf(control.element) ?? -1;
  if (all === undefined || index < 0) return undefined;
  const byRole = `getByRole(${jsString(control.role)}, { name: ${jsString(control.name)}, exact: true })`;
  const selector = `role=${control.role}[name=${JSON.stringify(control.name)}]`;
  // Replay resolves a selector visible matches first: nth counts among the visible ones.
  const visible = all.filter((e) => e === control.element || isVisible(e));
  const nth = visible.indexOf(control.element);
  return {
    locator: all.length === 1 ? byRole : `${byRole}.nth(${index})`,
    selector,
    ...(visible.length > 1 && nth >= 0 ? { nth } : {}),
    role: control.role,
    name: control.name,
  };
}

/** The element, or its nearest ancestor, with a role a test names by role and a name (bounded). */
function namedAncestor(element: Element): { element: Element; role: string; name: string } | undefined {
  let at: Element | null = element;
  for (let i = 0; at !== null && i < MAX_UP; i++, at = at.parentElement) {
    const role = safe(() => roleOf(at as Element), 'generic');
    if (!ROLE_LOCATORS.has(role)) continue;
    const found = pwNormalize(safe(() => accessibleName(at as Element), ''));
    // Removed with what names it: aria-labelledby is read in the removed part (the document no longer has it).
    const name = found === '' && !at.isConnected ? labelledWithin(at) : found;
    if (name === '' || name.length > MAX_NAME) return undefined;
    return { element: at, role, name };
  }
  return undefined;
}

/** The text of what `aria-labelledby` points at inside the removed part of the page `element` is in (a few ids). */
function labelledWithin(element: Element): string {
  const ids = (element.getAttribute('aria-labelledby') ?? '').trim().split(/\s+/, 3);
  const texts = ids.filter((id) => id !== '').map((id) => namerOf(element, id)?.textContent ?? '');
  return pwNormalize(texts.join(' '));
}

/** Every element of the document with that role and name, hidden or not (`undefined` past MAX_SCAN). */
function sameRoleAndName(document: Document, role: string, name: string): Element[] | undefined {
  const candidates = safe(() => queryAll(document, ROLE_CANDIDATES[role] ?? '*'), [] as Element[]);
  if (candidates.length >= MAX_SCAN) return undefined;
  return candidates.filter((e) => safe(() => roleOf(e), '') === role && pwNormalize(safe(() => accessibleName(e), '')) === name);
}

function safe<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}
