import type { PickBox } from '../shared/pick.js';

/** What is under a point of the top document's viewport. */
export interface Hit {
  /** The innermost element there: through open shadow roots and same-origin frames. */
  readonly element: Element;
  /** The iframes crossed to reach it, from the top document's down. */
  readonly frames: readonly HTMLIFrameElement[];
  /** The element is an iframe whose document this script cannot enter (another origin). */
  readonly closedFrame?: boolean;
}

/** Shadow roots and frames entered at most (a page could nest them without end). */
const MAX_DEPTH = 32;

/**
 * The innermost element at (`x`, `y`) of `document`'s viewport, `skip` (the overlay) left out:
 * into open shadow roots (each root's own `elementsFromPoint`) and same-origin iframes (the point
 * moved into the frame's viewport); an iframe of another origin is the hit itself.
 */
export function elementAt(document: Document, x: number, y: number, skip?: Element): Hit | undefined {
  const frames: HTMLIFrameElement[] = [];
  let doc = document;
  let px = x;
  let py = y;
  let element = topmost(doc.elementsFromPoint(px, py), skip);
  for (let depth = 0; element !== undefined && depth < MAX_DEPTH; depth++) {
    const root = element.shadowRoot;
    if (root !== null) {
      const inner = root.elementsFromPoint(px, py).find((e) => e !== element && root.contains(e));
      if (inner === undefined) break;
      element = inner;
      continue;
    }
    // By name: an element of another document is not an instance of this world's HTMLIFrameElement.
    if (element.localName !== 'iframe' && element.localName !== 'frame') break;
    const frame = element as HTMLIFrameElement;
    const inside = frameDocument(frame);
    if (inside === undefined) return { element, frames, closedFrame: true };
    const origin = contentOrigin(frame);
    frames.push(frame);
    doc = inside;
    px -= origin.x;
    py -= origin.y;
    const next = topmost(doc.elementsFromPoint(px, py));
    if (next === undefined) return { element: frame, frames: frames.slice(0, -1) };
    element = next;
  }
  return element === undefined ? undefined : { element, frames };
}

/**
 * The element's box in the top document's viewport (CSS pixels): its own box, moved by the content
 * box of each frame it is in.
 */
export function boxInTop(hit: Pick<Hit, 'element' | 'frames'>): PickBox {
  const rect = hit.element.getBoundingClientRect();
  let x = rect.left;
  let y = rect.top;
  for (const frame of hit.frames) {
    const origin = contentOrigin(frame);
    x += origin.x;
    y += origin.y;
  }
  return { x, y, width: rect.width, height: rect.height };
}

/** The first element of a hit list that is not the overlay (nor inside it). */
function topmost(list: readonly Element[], skip?: Element): Element | undefined {
  return list.find((element) => skip === undefined || (element !== skip && !skip.contains(element)));
}

/** The frame's document when this script may read it (same origin, loaded), else undefined. */
function frameDocument(frame: HTMLIFrameElement): Document | undefined {
  try {
    return frame.contentDocument ?? undefined;
  } catch {
    return undefined;
  }
}

/** Where the frame's viewport starts, in its parent's viewport: its box, border and padding. */
function contentOrigin(frame: HTMLIFrameElement): { x: number; y: number } {
  const rect = frame.getBoundingClientRect();
  const style = frame.ownerDocument.defaultView?.getComputedStyle(frame);
  const padLeft = Number.parseFloat(style?.paddingLeft ?? '0') || 0;
  const padTop = Number.parseFloat(style?.paddingTop ?? '0') || 0;
  return { x: rect.left + frame.clientLeft + padLeft, y: rect.top + frame.clientTop + padTop };
}

/**
 * The innermost element that holds the whole of `box` (a dragged region), looked for from the
 * elements at its corners and centre: their nearest common ancestor in one document.
 */
export function regionHolder(document: Document, box: PickBox, skip?: Element): Hit | undefined {
  const points: Array<[number, number]> = [
    [box.x + box.width / 2, box.y + box.height / 2],
    [box.x + 1, box.y + 1],
    [box.x + box.width - 1, box.y + 1],
    [box.x + 1, box.y + box.height - 1],
    [box.x + box.width - 1, box.y + box.height - 1],
  ];
  const hits = points.map(([x, y]) => elementAt(document, x, y, skip)).filter((hit): hit is Hit => hit !== undefined);
  const first = hits[0];
  if (first === undefined) return undefined;
  // Only hits in the centre's document count; another document's hits climb to its frame.
  let holder: Element | null = first.element;
  for (const hit of hits.slice(1)) {
    const element = hit.element.ownerDocument === first.element.ownerDocument ? hit.element : undefined;
    while (holder !== null && element !== undefined && !composedContains(holder, element)) holder = composedParent(holder);
  }
  return holder === null ? undefined : { element: holder, frames: first.frames };
}

function composedContains(ancestor: Element, element: Element): boolean {
  for (let e: Element | null = element; e !== null; e = composedParent(e)) if (e === ancestor) return true;
  return false;
}

/** The parent element, or the shadow host of an element at the top of a shadow root. */
function composedParent(element: Element): Element | null {
  if (element.parentElement !== null) return element.parentElement;
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.host : null;
}
