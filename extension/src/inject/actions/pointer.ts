import { ActionFailure } from '../ActionFailure.js';
import { brief, describe } from '../describe.js';
import { isA } from '../realm.js';
import type { FamilyHandlers } from '../PageHandler.js';

/**
 * The pointer pipeline (the action table's pointer family): every event a mouse fires for a click,
 * a double click, a hover and a drag, at the element's centre scrolled into view, into the open
 * shadow roots under that point. Other families press through it (a check clicks).
 */
export const POINTER: FamilyHandlers<'pointer'> = {
  click: { finds: 'ready', act: (target, _params, page) => page.record(target, () => click(target as Element)) },
  dblclick: { finds: 'ready', act: (target, _params, page) => page.record(target, () => dblclick(target as Element)) },
  hover: { finds: 'one', act: (target) => hover(target as Element) },
  drag: {
    finds: 'ready',
    act: async (target, params, page) => {
      const from = target as Element;
      const to =
        typeof params.to_ref === 'string'
          ? page.elements.byRef(params.to_ref)
          : await page.elements.element(
              typeof params.to_selector === 'string' ? params.to_selector : undefined,
              page.appearMs,
              typeof params.to_nth === 'number' ? params.to_nth : undefined,
            );
      return page.record(from, () => drag(from, to), { to });
    },
  },
  pointer_drag: {
    finds: 'one',
    act: (target, params, page) => page.record(target, () => pointerDrag(target as Element, movesOf(params.moves))),
  },
};

/** Where a pointer acting on the element is: its centre, scrolled into view. */
function pointerAt(element: Element): MouseEventInit {
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const box = element.getBoundingClientRect();
  return {
    clientX: box.x + box.width / 2,
    clientY: box.y + box.height / 2,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: element.ownerDocument.defaultView ?? window,
  };
}

/** The events a mouse moving onto the element fires (over/enter bubble as the browser does: enter does not). */
function hover(element: Element): unknown {
  moveOnto(element, pointerAt(element));
  return { hovered: describe(element) };
}

/**
 * What a mouse fires as it comes onto `element` at `at`: pointer and mouse over, enter and move.
 * A click moves the pointer there first, as a person's mouse and Playwright's click do: a
 * component that watches the pointer's moves (a select whose list opens over its trigger ignores
 * the release of the press that opened it until the pointer moved; a menu highlights the item
 * under the pointer) sees the press where a mouse would have brought it.
 */
function moveOnto(element: Element, at: MouseEventInit): void {
  const still = { ...at, bubbles: false, cancelable: false };
  element.dispatchEvent(new PointerEvent('pointerover', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new PointerEvent('pointerenter', { ...still, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mouseover', at));
  element.dispatchEvent(new MouseEvent('mouseenter', still));
  element.dispatchEvent(new PointerEvent('pointermove', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mousemove', at));
}

/** Two clicks (detail 1 and 2) and the dblclick event, as a double click fires them. */
function dblclick(element: Element): unknown {
  click(element);
  const at = pointerAt(element);
  element.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mousedown', { ...at, button: 0, buttons: 1, detail: 2 }));
  element.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mouseup', { ...at, button: 0, detail: 2 }));
  element.dispatchEvent(new MouseEvent('click', { ...at, button: 0, detail: 2 }));
  element.dispatchEvent(new MouseEvent('dblclick', { ...at, button: 0, detail: 2 }));
  return { double_clicked: describe(element) };
}

/** What a mouse click fires on the element (or the part of its shadow tree under the pointer), focusing it between. */
export function click(element: Element): unknown {
  if ((element as HTMLButtonElement).disabled === true) {
    throw new ActionFailure('element_disabled', `The element matching is disabled: ${brief(element)}`);
  }
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const box = element.getBoundingClientRect();
  const at = {
    clientX: box.x + box.width / 2,
    clientY: box.y + box.height / 2,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
  };
  const hit = landsOn(element, at.clientX, at.clientY);
  moveOnto(hit, at);
  hit.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'mouse', isPrimary: true }));
  hit.dispatchEvent(new MouseEvent('mousedown', { ...at, button: 0, buttons: 1 }));
  if (isA(element, 'HTMLElement')) (element as HTMLElement).focus();
  hit.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'mouse', isPrimary: true }));
  hit.dispatchEvent(new MouseEvent('mouseup', { ...at, button: 0 }));
  hit.dispatchEvent(new MouseEvent('click', { ...at, button: 0, detail: 1 }));
  return { clicked: describe(element) };
}

/** Shadow trees a click looks into, at most. */
const MAX_SHADOW_DEPTH = 20;

/**
 * What a pointer at (x, y) on a web component lands on in its open shadow roots (a test names
 * the component; a person's click reaches the part under the pointer, whose handlers, or a
 * `<label>` around it, do the work); the element itself when it has no open shadow root or the
 * part there is not its own.
 */
function landsOn(element: Element, x: number, y: number): Element {
  let hit = element;
  for (let depth = 0; depth < MAX_SHADOW_DEPTH && hit.shadowRoot !== null; depth++) {
    // The topmost box of the shadow tree's own at the point: over slotted text (a label's words)
    // elementFromPoint answers the host, while the part that lays the text out is under it.
    const shadow = hit.shadowRoot;
    const inner = shadow.elementsFromPoint(x, y).find((candidate) => candidate.getRootNode() === shadow);
    if (inner === undefined || !holds(hit, inner)) break;
    hit = inner;
  }
  return hit;
}

/** `outer` holds `inner` across shadow boundaries (up through parents and shadow hosts, bounded). */
function holds(outer: Element, inner: Element): boolean {
  let node: Node | null = inner;
  for (let up = 0; node !== null && up < 1_000; up++) {
    if (node === outer) return true;
    node = node.parentNode ?? (node as ShadowRoot).host ?? null; // a shadow root's way up is its host
  }
  return false;
}

/**
 * A drag from one element to another as the browser fires it for a mouse drag: pointer and mouse
 * events (for libraries that track the pointer) and HTML drag and drop events sharing one
 * DataTransfer (for `draggable` and drop zones), in the browser's time: a frame after the
 * dragstart (a sortable list, SortableJS, readies its drag in the task after it and ignores
 * dragover until then), and dragover again a frame after the first, on what is under the
 * pointer by then (the list moved the dragged row there), which the drop lands on.
 */
async function drag(from: Element, to: Element): Promise<unknown> {
  const start = pointerAt(from);
  const transfer = new DataTransfer();
  const pointer = (type: string, on: Element, at: MouseEventInit, buttons: number) =>
    on.dispatchEvent(new PointerEvent(type, { ...at, pointerType: 'mouse', isPrimary: true, button: 0, buttons }));
  const mouse = (type: string, on: Element, at: MouseEventInit, buttons: number) =>
    on.dispatchEvent(new MouseEvent(type, { ...at, button: 0, buttons }));
  const dnd = (type: string, on: Element, at: MouseEventInit) =>
    on.dispatchEvent(new DragEvent(type, { ...at, dataTransfer: transfer }));
  pointer('pointerdown', from, start, 1);
  mouse('mousedown', from, start, 1);
  const started = dnd('dragstart', from, start);
  if (started) await frame();
  const end = pointerAt(to);
  pointer('pointermove', to, end, 1);
  mouse('mousemove', to, end, 1);
  let dropped = false;
  if (started) {
    dnd('dragenter', to, end);
    dnd('dragover', to, end);
    await frame();
    const under = to.isConnected ? (to.ownerDocument.elementFromPoint?.(end.clientX ?? 0, end.clientY ?? 0) ?? to) : to;
    if (under !== to) dnd('dragenter', under, end);
    // A drop target says yes by cancelling dragover; only then does the browser drop.
    if (!dnd('dragover', under, end)) {
      dnd('drop', under, end);
      dropped = true;
    }
    dnd('dragend', from, end);
  }
  pointer('pointerup', to, end, 0);
  mouse('mouseup', to, end, 0);
  return { dragged: brief(from), to: brief(to), dropped };
}

/** Points of a drag's path taken, at most (the recorder keeps 32). */
const MAX_MOVES = 64;

function movesOf(value: unknown): Array<[number, number]> {
  if (!Array.isArray(value)) throw new ActionFailure('invalid_params', 'pointer_drag needs moves: [[dx, dy], …]');
  const moves = value.slice(0, MAX_MOVES).map((point) => {
    const [x, y] = Array.isArray(point) ? point : [];
    if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y))
      throw new ActionFailure('invalid_params', 'pointer_drag needs moves: [[dx, dy], …] of finite numbers');
    return [x, y] as [number, number];
  });
  if (moves.length === 0) throw new ActionFailure('invalid_params', 'pointer_drag needs at least one move');
  return moves;
}

/**
 * A drag by the pointer as the person made it, with the pointer and mouse events a mouse fires
 * (dispatched, as replay's click is): pressed on the middle of `element`, moved by each offset
 * from there over whatever is under the pointer then, a frame apart (a sortable list measures
 * and moves its items between moves), released where the last one ends.
 */
async function pointerDrag(element: Element, moves: ReadonlyArray<[number, number]>): Promise<unknown> {
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const box = element.getBoundingClientRect();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const document = element.ownerDocument;
  const fire = (type: 'down' | 'move' | 'up', on: Element, clientX: number, clientY: number) => {
    const at = { clientX, clientY, bubbles: true, cancelable: true, composed: true, view: window };
    const buttons = type === 'up' ? 0 : 1;
    const button = type === 'move' ? -1 : 0;
    on.dispatchEvent(
      new PointerEvent(`pointer${type}`, { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true, button, buttons }),
    );
    on.dispatchEvent(new MouseEvent(`mouse${type}`, { ...at, button: Math.max(0, button), buttons }));
  };
  const under = (cx: number, cy: number) => document.elementFromPoint(cx, cy) ?? document.documentElement;
  fire('down', element, x, y);
  await frame();
  let [lastX, lastY] = [x, y];
  for (const [dx, dy] of moves) {
    [lastX, lastY] = [x + dx, y + dy];
    fire('move', under(lastX, lastY), lastX, lastY);
    await frame();
  }
  fire('up', under(lastX, lastY), lastX, lastY);
  await frame();
  return { dragged: brief(element), moves: moves.length };
}

/** The next frame, or 100 ms when none comes (a hidden tab draws none). */
function frame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
