import { accessibleName, normalize, roleOf, shownText } from '../inject/accessibleName.js';
import { cssPath } from '../record/cssPath.js';
import { describeTarget, MAX_SCAN } from '../record/locators.js';
import { Scope } from '../record/playwrightText.js';
import { jsString } from '../record/quote.js';
import type { ComponentChain, ComponentInfo, PickBox, PickDraft } from '../shared/pick.js';
import { boxInTop, type Hit } from './elementAt.js';
import { layoutStyles } from './layoutStyles.js';

/** Longest shown text a pick carries (characters). */
const MAX_TEXT = 200;

/**
 * Everything the pick says of the element except the note (SPEC 15): a Playwright locator that
 * matched exactly it (the recorder's naming, SPEC 12), reached through each same-origin frame with
 * `contentFrame()`; the browsertap target for `interact` (with `frame`, one frame deep); role, name,
 * tag, short text; its box in the top viewport and the viewport; its layout styles; the component
 * chain the page's reader gave (`chain`).
 */
export function describePick(hit: Hit, chain: ComponentChain | undefined, region?: PickBox): PickDraft {
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
    ...components(chain),
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
 * The reader's chain as the pick carries it: names and the source positions the framework gave;
 * positions in served code (`url`) go to the worker to be put in source (`component_raw`), never
 * shown as they are. No component: `null` and the reason.
 */
function components(chain: ComponentChain | undefined): Pick<PickDraft, 'component' | 'component_reason' | 'component_raw'> {
  if (chain === undefined) return { component: null, component_reason: 'the page did not answer for its components' };
  if (chain.components.length === 0)
    return { component: null, component_reason: chain.reason ?? 'no component rendered this element' };
  const frames = chain.components.map((c: ComponentInfo) => ({
    name: String(c.name),
    framework: c.framework,
    ...(typeof c.file === 'string' ? { file: c.file } : {}),
    ...(typeof c.file === 'string' && typeof c.line === 'number' ? { line: c.line } : {}),
    ...(typeof c.file === 'string' && typeof c.column === 'number' ? { column: c.column } : {}),
    ...(c.props === undefined ? {} : { props: c.props }),
  }));
  const raw = chain.components.map((c) => (typeof c.url === 'string' && typeof c.file !== 'string' ? c : undefined));
  return {
    component: frames,
    ...(chain.reason === undefined ? {} : { component_reason: chain.reason }),
    ...(raw.some((c) => c !== undefined) ? { component_raw: raw } : {}),
  };
}

function safe<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}
