import { accessibleName, normalize, roleOf, shownText } from '../inject/accessibleName.js';
import { cssPath } from '../record/cssPath.js';
import { describeTarget, MAX_SCAN } from '../record/locators.js';
import { Scope } from '../record/playwrightText.js';
import { jsString } from '../record/quote.js';
import { requestComponentChain } from '../component/request.js';
import type { PickBox, PickDraft } from '../shared/pick.js';
import { boxInTop, type Hit } from './elementAt.js';
import { layoutStyles } from './layoutStyles.js';

/** Longest shown text a pick carries (characters). */
const MAX_TEXT = 200;

/**
 * Everything the pick says of the element except the note: a Playwright locator that matched
 * exactly it (the recorder's naming, record/locators.ts), reached through each same-origin frame
 * with `contentFrame()`; the browsertap target for `interact` (with `frame`, one frame deep); role,
 * name, tag, short text; its box in the top viewport and the viewport; its layout styles; what the
 * page's component reader answered for it (`components`, checked and put in source by the worker).
 */
export function describePick(hit: Hit, region?: PickBox, askComponents = requestComponentChain): PickDraft {
  const { element, frames } = hit;
  const described = describeTarget(element);
  const prefix = frames.map((frame) => frameLocator(frame)).join('');
  const frame = frames.length === 1 ? interactFrame(frames[0] as HTMLIFrameElement) : undefined;
  const reachable = frames.length === 0 || frame !== undefined;
  const text = safe(() => normalize(shownText(element) ?? ''), '');
  const top = element.ownerDocument.defaultView?.top ?? window;
  return {
    url: top.location.href,
    ...(frames.length === 0 ? {} : { frame_url: element.ownerDocument.URL }),
    ...(region === undefined ? {} : { region }),
    ...(described.locator === undefined || (frames.length > 0 && prefix === '')
      ? {}
      : { locator: `${prefix}${described.locator}` }),
    ...(described.selector === undefined || !reachable ? {} : { selector: described.selector }),
    ...(described.nth === undefined || !reachable ? {} : { nth: described.nth }),
    ...(frame === undefined ? {} : { frame }),
    ...(described.role === undefined ? {} : { role: described.role }),
    ...(described.name === undefined ? {} : { name: described.name }),
    tag: element.localName.slice(0, 64),
    ...(text === '' ? {} : { text: text.slice(0, MAX_TEXT) }),
    box: boxInTop(hit),
    viewport: { width: top.innerWidth, height: top.innerHeight },
    styles: layoutStyles(element),
    components: safe(() => askComponents(element), undefined),
  };
}

/** `button "Add to cart"`, else the tag with its id or first class: what the overlay's label says. */
export function labelOf(element: Element): string {
  const role = safe(() => roleOf(element), 'generic');
  const name = safe(() => accessibleName(element), '');
  if (role !== 'generic' && role !== 'none' && role !== 'presentation' && name !== '')
    return `${role} ${JSON.stringify(name.length > 60 ? `${name.slice(0, 59)}…` : name)}`;
  const id = element.getAttribute('id');
  const first = element.classList[0];
  return `${element.localName}${id ? `#${id}` : first ? `.${first}` : ''}`;
}

/** `locator('#inner').contentFrame().`: Playwright's way into an iframe, by a CSS path unique in its document. */
function frameLocator(frame: HTMLIFrameElement): string {
  const css = cssPath(frame, new Scope(frame.ownerDocument, MAX_SCAN));
  return css === undefined ? '' : `locator(${jsString(css)}).contentFrame().`;
}

/** `interact`'s `frame`: a CSS selector of the iframe in the top document that `querySelector` finds (no shadow root). */
function interactFrame(frame: HTMLIFrameElement): string | undefined {
  const css = cssPath(frame, new Scope(frame.ownerDocument, MAX_SCAN));
  if (css === undefined) return undefined;
  try {
    const found = frame.ownerDocument.querySelectorAll(css);
    return found.length === 1 && found[0] === frame ? css : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The innermost component's name in what the page's reader answered, for the overlay's label
 * (`button "Buy" · <Card>`); undefined when it names none. Only shown to the person: the pick's
 * chain is the worker's, checked (componentsInSource).
 */
export function topComponent(answer: unknown): string | undefined {
  const first = (answer as { components?: unknown } | null | undefined)?.components;
  const name = Array.isArray(first) ? (first[0] as { name?: unknown } | undefined)?.name : undefined;
  return typeof name === 'string' && /^[\p{L}\p{N}_$.\-:]{1,60}$/u.test(name) ? name : undefined;
}

function safe<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}
