import { ActionFailure } from './ActionFailure.js';

/** A box in the viewport (a DOMRect has these). */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What the wait reads of the element and the page: the DOM in a page, fakes in a test. */
export interface ActionablePorts {
  now(): number;
  /** Resolves after the next animation frame (or a short timer, in a tab that does not paint). */
  frame(): Promise<void>;
  /** The element is still in its document (a page that renders again may replace it). */
  connected(): boolean;
  /** The element's box in the viewport now. */
  box(): Box;
  /** Not `visibility: hidden` (an empty box already says `display: none` or detached). */
  shown(): boolean;
  /** A disabled control (its own `disabled`, a disabled fieldset's, `aria-disabled`) takes no action. */
  enabled(): boolean;
  /**
   * Brings the element into view, as a pointer going to it would need: only when its centre is
   * out of view, or (`centre`, after something covered it: a sticky header) to the viewport's centre.
   */
  scrollIntoView(centre: boolean): void;
  /** Where a pointer acts on it: the centre of its first box (a link wrapped over two lines has two). */
  point(): { x: number; y: number };
  /** What receives a pointer event at the point: the element or one inside it, else what covers it (described). */
  hitAt(x: number, y: number): { readonly ok: true } | { readonly ok: false; readonly covering: string };
  /** Whether what the element was found by now finds another one (its locator, looked up again). */
  replaced?(): boolean;
}

/** While the element is not ready, its locator is looked up again at most this often (ms). */
export const LOOK_AGAIN_MS = 100;

/** The code waitActionable gives up with when the page replaced the element: look it up again. */
export const DETACHED = 'element_detached';

/** Why an element was not acted on yet: the last check that failed, said in a sentence. */
type Wait = { readonly code: 'element_disabled' | 'element_not_actionable'; readonly why: string };

/**
 * Waits until the element can take a pointer action as a person's would land, the checks of
 * Playwright's actions: visible (a box, not `visibility: hidden`), stable (the same box in two
 * animation frames in a row, the first looked at in the frame after the call: an element that
 * just appeared has had its mount effects run, a moving or animating one has stopped), enabled,
 * and receiving
 * events at the point it will be acted on (its centre, once scrolled into view: no backdrop or
 * layer over it). Checked again each frame until `deadline` (ms, the `now` clock); then
 * `element_disabled` or `element_not_actionable` saying which check failed, and nothing is done;
 * at once `element_detached` (DETACHED) when the element left the page, or (every
 * LOOK_AGAIN_MS while it is not ready) when its locator now finds another element, for the caller
 * to find its target again, as a Playwright locator is resolved again on each try.
 * Resolves with the point to act at.
 */
export async function waitActionable(ports: ActionablePorts, deadline: number): Promise<{ x: number; y: number }> {
  let last: Box | undefined;
  let wait: Wait = { code: 'element_not_actionable', why: 'it never was checked' };
  let covered = false;
  let looked = ports.now();
  for (;;) {
    await ports.frame();
    if (!ports.connected()) throw new ActionFailure(DETACHED, 'The element left the page before it was ready to act on');
    const box = ports.box();
    if (box.width === 0 || box.height === 0 || !ports.shown()) {
      wait = { code: 'element_not_actionable', why: 'it is not visible' };
      last = undefined;
    } else if (last === undefined || !same(last, box)) {
      wait = { code: 'element_not_actionable', why: 'it is not stable (it moved or changed size between two frames)' };
      last = box;
    } else if (!ports.enabled()) {
      wait = { code: 'element_disabled', why: 'it is disabled' };
    } else {
      ports.scrollIntoView(covered);
      const at = ports.box();
      const { x, y } = ports.point();
      const hit = ports.hitAt(x, y);
      if (hit.ok) return { x, y };
      wait = { code: 'element_not_actionable', why: `${hit.covering} would receive the pointer at its centre` };
      last = at;
      covered = true;
    }
    if (ports.replaced !== undefined && ports.now() - looked >= LOOK_AGAIN_MS) {
      looked = ports.now();
      if (ports.replaced()) throw new ActionFailure(DETACHED, 'Its locator now finds another element');
    }
    if (ports.now() >= deadline) break;
  }
  throw new ActionFailure(wait.code, `The element was not ready to act on before the step's time ran out: ${wait.why}`);
}

function same(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}
