import { roleOf } from '../inject/accessibleName.js';
import { WIDGET_ROLES } from './locators.js';

/** Shadow trees climbed out of, at most (components nest a few deep). */
const MAX_TREES = 20;
/** Elements looked at on the way up, at most. */
const MAX_UP = 200;

/**
 * What a click on an element of a component's open shadow root stands for, as a test names it
 * (its parts are the component's own business: a `<slot>`, a part with a hover class): the
 * nearest element on the way up, out of the shadow trees, that is a widget (a role a test clicks
 * by: an option, a button, a checkbox); when none is, the component itself — the outermost
 * host, in the document. An element of the document itself is its own answer.
 */
export function outOfShadow(element: Element): Element {
  let e: Element = element;
  let trees = 0;
  for (let up = 0; up < MAX_UP; up++) {
    const root = e.getRootNode();
    if (!(root instanceof ShadowRootClass(e))) return e;
    if (WIDGET_ROLES.has(safeRole(e))) return e;
    if (e.parentElement !== null) e = e.parentElement;
    else {
      if (++trees > MAX_TREES) return e;
      e = (root as ShadowRoot).host;
    }
  }
  return e;
}

/**
 * The widget of a component's open shadow root that light content placed in one of its slots is
 * shown in (Material Web's option: its `<li role="option">` holds the slot the option's headline
 * goes to), when no control of the light tree holds the click inside that content: a test names
 * the widget, which the page's light tree does not show. Climbs the flat tree from the slot up to
 * the component, through the components of its shadow root that the slot is passed on to.
 */
export function slottedWidget(element: Element, control: Element | null): Element | undefined {
  let placed: Element | null = element;
  let up = 0;
  for (; placed !== null && placed.assignedSlot === null && up < MAX_UP; up++) placed = placed.parentElement;
  if (placed === null || placed.assignedSlot === null) return undefined;
  if (control !== null && placed.contains(control)) return undefined;
  const host = placed.parentElement;
  for (let at: Element | null = placed.assignedSlot; at !== null && at !== host && up < MAX_UP; up++) {
    if (WIDGET_ROLES.has(safeRole(at))) return at;
    const root: ParentNode | null = at.parentNode;
    at = at.assignedSlot ?? at.parentElement ?? (root instanceof ShadowRootClass(at) ? root.host : null);
  }
  return undefined;
}

/**
 * The editing host a click in editable content lands in (the outermost element whose content is
 * editable: a code editor's content, not the line element drawn in it); undefined outside one or
 * in a part marked `contenteditable="false"`.
 */
export function editingHost(element: Element): Element | undefined {
  let host: Element | undefined;
  for (let e = element.closest('[contenteditable]'), up = 0; e !== null && up < MAX_UP; up++) {
    if (e.getAttribute('contenteditable') === 'false') break;
    host = e;
    e = e.parentElement?.closest('[contenteditable]') ?? null;
  }
  return host;
}

/** The element's own window's ShadowRoot (an element of a same-origin frame has its frame's). */
function ShadowRootClass(element: Element): typeof ShadowRoot {
  const view = element.ownerDocument.defaultView as (Window & { ShadowRoot?: typeof ShadowRoot }) | null;
  return view?.ShadowRoot ?? ShadowRoot;
}

function safeRole(element: Element): string {
  try {
    return roleOf(element);
  } catch {
    return 'generic';
  }
}
