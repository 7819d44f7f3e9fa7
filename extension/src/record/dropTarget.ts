/** Siblings looked at on each side of a dragged element for what it may be dropped on. */
const MAX_SIBLINGS = 100;
/** Elements under the release looked at, at most. */
const MAX_UNDER = 30;
/** How far (CSS px) a box may be from the dragged element's, moved by the pointer, to be taken as moving with it. */
const FOLLOWS_PX = 3;

interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** The page as it was when a pointer drag began: the dragged element's box and its peers' (the rows of its list). */
export interface DragStart {
  readonly own: Box;
  readonly peers: ReadonlyArray<readonly [Element, Box]>;
}

/**
 * What the page looked like when a pointer drag began (the pointer's first move past the drag
 * distance, once per drag; never at a press or a click): the boxes of the dragged element and of
 * its peers, the siblings with its tag (a sortable list's other rows, a board column's cards),
 * at most MAX_SIBLINGS each side of it. A sortable list makes room under the pointer as it is
 * dragged (the other rows slide away, by transforms or by moving them), so where the person
 * aimed is where the rows were when the drag began.
 */
export function dragStart(element: Element): DragStart {
  const peers: Array<readonly [Element, Box]> = [];
  const tag = element.localName;
  for (const step of ['previousElementSibling', 'nextElementSibling'] as const) {
    let at = element[step];
    for (let i = 0; at !== null && i < MAX_SIBLINGS; i++, at = at[step]) if (at.localName === tag) peers.push([at, boxOf(at)]);
  }
  return { own: boxOf(element), peers };
}

/**
 * What a pointer drag of `element` was dropped on, released at (x, y), (dx, dy) from where it
 * was pressed: the peer whose box held the release point when the drag began (the row the person
 * aimed at, since moved aside); else what is under the release now, outside the dragged element's
 * own list, with the dragged element, what it holds and what moves with the pointer set aside (a
 * drag overlay: a box where the dragged one was, moved by the pointer) — a drop zone, another
 * column. `undefined` when nothing is (a slider's thumb let go on its track). Read inside the
 * release (or the HTML `drop`), before the page's handlers reorder anything; only for a press
 * that became a drag, or an HTML drop on the dragged element or its list.
 */
export function dropTarget(
  element: Element,
  start: DragStart,
  x: number,
  y: number,
  dx: number,
  dy: number,
): Element | undefined {
  let aimed: readonly [Element, Box] | undefined;
  for (const peer of start.peers) {
    const [, box] = peer;
    if (!holds(box, x, y)) continue;
    if (aimed === undefined || box.width * box.height < aimed[1].width * aimed[1].height) aimed = peer;
  }
  if (aimed !== undefined && aimed[0].isConnected) return aimed[0];
  const document = element.ownerDocument;
  const list = element.parentElement;
  const under = document.elementsFromPoint?.(x, y) ?? [];
  const moved: Element[] = [];
  for (const candidate of under.slice(0, MAX_UNDER)) {
    if (candidate === element || element.contains(candidate) || candidate.contains(element)) continue;
    if (moved.some((follower) => follower.contains(candidate))) continue;
    if (follows(boxOf(candidate), start.own, dx, dy)) {
      moved.push(candidate);
      continue;
    }
    if (list !== null && list.contains(candidate)) continue;
    return candidate;
  }
  return undefined;
}

/** The box sits where the dragged element's was, moved by the pointer (the element itself, or its overlay). */
function follows(box: Box, own: Box, dx: number, dy: number): boolean {
  return (
    Math.abs(box.left - (own.left + dx)) <= FOLLOWS_PX &&
    Math.abs(box.top - (own.top + dy)) <= FOLLOWS_PX &&
    Math.abs(box.width - own.width) <= FOLLOWS_PX &&
    Math.abs(box.height - own.height) <= FOLLOWS_PX
  );
}

function holds(box: Box, x: number, y: number): boolean {
  return box.width > 0 && box.height > 0 && x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height;
}

function boxOf(element: Element): Box {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left, top, width, height };
}

/** What a drag was dropped on (`dropTarget`), or nothing when reading it throws. */
export function safeDropTarget(
  element: Element,
  start: DragStart,
  x: number,
  y: number,
  dx: number,
  dy: number,
): Element | undefined {
  try {
    return dropTarget(element, start, x, y, dx, dy);
  } catch {
    return undefined;
  }
}
