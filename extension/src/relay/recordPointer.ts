import { type DragStart, dragStart, safeDropTarget } from '../record/dropTarget.js';
import { KIND } from '../../../src/domain/wire/entries.js';
import { choiceByChange, inField, toggledBy } from '../record/fields.js';
import type { PersonEvidence, Press } from '../record/PersonEvidence.js';
import type { Recorder } from '../record/Recorder.js';
import { pressPrint, targetOf } from './recordTargets.js';

/** A press whose pointer went this far (px, either way) before its release is a drag, not a click. */
export const DRAG_MIN_PX = 8;
/** Points of a drag's path kept, at most (past it every other one is dropped, the last kept). */
export const MAX_DRAG_POINTS = 32;

/** The main button's press, from pointerdown to what it ended in. */
interface Pressing {
  readonly element: Element;
  /** Its pointerdown, which keeps where it went down (client px): read when a move asks (origin). */
  readonly down: PointerEvent;
  at?: readonly [number, number];
  /** The field a pressed label stands for. */
  readonly control: Element | null;
  /** The notes of the press were heard (it was named) before its release. */
  named: boolean;
  /** The pointer's path from there while pressed, sampled (offsets from x, y). */
  readonly moves: Array<[number, number]>;
  /** The pointer went DRAG_MIN_PX or more from where it went down. */
  far: boolean;
  /** It started an HTML drag and drop (recorded as `drag` by dragstart and drop). */
  html5: boolean;
  released?: true;
  /** A click event came for it. */
  clicked: boolean;
  /** It was recorded as a pointer drag. */
  dragged?: true;
  /** The page when the pointer went far (dropTarget.ts), and what the drag was dropped on. */
  start?: DragStart;
  to?: Element;
}

export interface PointerRecordingPorts {
  readonly recorder: Recorder<Element>;
  readonly evidence: PersonEvidence<Element>;
  /** Notes what the recorder hears in the next task (recordNotes.ts), `withUrl`: with the url at the event. */
  note(hear: () => void, withUrl?: boolean): void;
  /** A press released before it was named (machine speed): name it as the page is now (record/sincePress.ts). */
  pressed?(element: Element): void;
  /** The trusted `change` events of checkboxes and radios our listener hears (recordPage.ts). */
  readonly toggles?: ToggleChanges;
}

/**
 * Which checkboxes and radios our listener heard change since they were last clicked. A
 * checkbox's `change` does not leave a shadow root (it is not composed): a component's own
 * checkbox (Material Web's, a Lit element's) changes unheard, and the click it is waited for
 * by must then say the choice itself.
 */
export class ToggleChanges {
  private readonly heard = new WeakSet<Element>();

  clicked(input: Element): void {
    this.heard.delete(input);
  }

  changed(input: Element): void {
    this.heard.add(input);
  }

  /** Whether its change was heard since its click (and forgets it). */
  take(input: Element): boolean {
    const heard = this.heard.has(input);
    this.heard.delete(input);
    return heard;
  }
}

/** The listeners of the person's pointer: presses, moves while pressed, releases, clicks, double clicks. */
export interface PointerRecording {
  pointerDown(event: Event): void;
  pointerMove(event: Event): void;
  pointerUp(event: Event): void;
  click(event: Event): void;
  doubleClick(event: Event): void;
  /** A trusted HTML drag started: the press held is no pointer drag (dragstart and drop record it). */
  dragStarted(): void;
  /** The notes are heard: the press released in the last task no longer waits for its click. */
  taskEnded(): void;
}

/**
 * The person's pointer as recording sees it (the pointer's one pipeline: a press, then what it
 * ends in). Clicks are recorded on the element the pointer hit; the control a test clicks for it
 * (clickTarget) is found when it is named, after the event: a control's visibility needs style,
 * which the pointer's :hover and :active have just made stale. What naming reads is printed at
 * the press, before the page's handlers run, to see whether they renamed it (namingPrint.ts).
 * A press whose pointer went far is a drag, recorded with its sampled path and what it was let
 * go on; a press the page removed before its click is still a click.
 */
export function recordPointer({ recorder, evidence, note, pressed, toggles }: PointerRecordingPorts): PointerRecording {
  // The main button's last press, and the one released in this task (its click comes in it too).
  let pressing: Pressing | undefined;
  let releasing: Pressing | undefined;

  function pointerDown(event: Event): void {
    if (!event.isTrusted) return;
    const element = targetOf(event);
    if (element === undefined) return;
    // Where and with which button: read only if a scroll comes to ask (the event keeps them).
    const pointer = event as PointerEvent;
    evidence.pointerDown({
      target: element,
      get x() {
        return pointer.clientX;
      },
      get y() {
        return pointer.clientY;
      },
      get button() {
        return pointer.button;
      },
      at: Date.now(),
    });
    const seen = pressPrint(element);
    note(() => recorder.prepare(element, seen));
    // A label pressed stands for its field, whose check or choice is named as it was then too.
    const control = element instanceof HTMLLabelElement ? element.control : null;
    // The main button's press: what a click or a drag it ends in stands for (below).
    pressing =
      pointer.button === 0 && pointer.isPrimary
        ? { element, control, named: false, down: pointer, moves: [], far: false, html5: false, clicked: false }
        : undefined;
    if (control !== null) {
      const controlSeen = pressPrint(control);
      note(() => recorder.prepare(control, controlSeen));
    }
  }

  // While the main button is down: the pointer's path, sampled (a drag that moves an element is
  // recorded with it). Returns at once when no press is held.
  function pointerMove(event: Event): void {
    const press = pressing;
    if (press === undefined || press.released || !event.isTrusted) return;
    const pointer = event as PointerEvent;
    if (!pointer.isPrimary || (pointer.buttons & 1) === 0) return;
    const [x, y] = origin(press);
    const dx = Math.round(pointer.clientX - x);
    const dy = Math.round(pointer.clientY - y);
    if (!press.far && Math.abs(dx) < DRAG_MIN_PX && Math.abs(dy) < DRAG_MIN_PX) return;
    if (!press.far) press.start = dragStart(press.element);
    press.far = true;
    sample(press.moves, [dx, dy]);
  }

  // The press ends: a click follows in this same task (the browser fires it right after the
  // release), unless the page removed what was pressed; heard in the next task, the press is a
  // drag (the pointer went far), or a click the page's own handling of the press left without
  // its click event (a choice made on mousedown or pointerup that unmounted the option).
  function pointerUp(event: Event): void {
    const press = pressing;
    if (press === undefined || press.released || !event.isTrusted) return;
    const pointer = event as PointerEvent;
    if (!pointer.isPrimary || pointer.button !== 0) return;
    press.released = true;
    // Released before its notes were heard (machine speed: Chromium runs input before our task):
    // the release's and the click's handlers will change the page before the press is named, so
    // what they change is not counted against it. A person's press is named before its release.
    if (!press.named && pressed !== undefined) {
      pressed(press.element);
      if (press.control !== null) pressed(press.control);
    }
    if (press.far) {
      const [x, y] = origin(press);
      const [dx, dy] = [Math.round(pointer.clientX - x), Math.round(pointer.clientY - y)];
      sample(press.moves, [dx, dy]);
      // Before the page's handlers drop and reorder: what the drag was let go on.
      if (press.start !== undefined && !press.html5)
        press.to = safeDropTarget(press.element, press.start, pointer.clientX, pointer.clientY, dx, dy);
    }
    releasing = press;
    note(() => released(press), true);
  }

  function released(press: Pressing): void {
    if (press.far) {
      // A text selection, a field's own dragging (a range, a caret), an HTML drag, a scrollbar's
      // thumb (its scroll is recorded): not an element's move.
      const selected = (getSelection()?.toString() ?? '') !== '';
      const [x, y] = origin(press);
      const at = { target: press.element, x, y, button: 0, at: 0 };
      const scrollbar = onScrollbar(at, undefined) || onScrollbar(at, press.element);
      if (!press.html5 && !selected && !scrollbar && !inField(press.element)) {
        press.dragged = true;
        recorder.pointerDragged(press.element, press.moves, press.to);
      }
      return;
    }
    if (!press.clicked && !press.element.isConnected) recorder.clicked(press.element, 1);
  }

  function click(event: Event): void {
    if (!event.isTrusted) return;
    let element = targetOf(event);
    if (element === undefined) return;
    // The click of the press just released: a test clicks what was pressed. The click lands on
    // what holds both the press and the release, which is the page around the control when the
    // control's press moved something under the release (a backdrop, pointer-events: none), or
    // on what is left when the page removed the pressed element.
    const press = releasing;
    if (press !== undefined && !press.clicked) {
      press.clicked = true;
      if (element !== press.element && (!press.element.isConnected || element.contains(press.element))) element = press.element;
    }
    evidence.clicked(element);
    const detail = (event as MouseEvent).detail;
    const clicked = element;
    // A checkbox's or radio's change comes in this task, after the click: heard or not, below.
    const toggled = toggles === undefined ? undefined : toggledBy(clicked);
    if (toggled !== undefined) toggles?.clicked(toggled);
    note(() => {
      if (press?.dragged === true) return; // the drag's own release
      // A choice's click is recorded by the change it makes; one whose default the page prevented
      // makes none (the page toggles its own state, as React Aria's checkbox does): it is the click.
      // Read when heard: every handler of the click has run by then.
      if (!choiceByChange(clicked) || event.defaultPrevented) recorder.clicked(clicked, detail);
      else if (toggled !== undefined && toggles?.take(toggled) === false) {
        // Its change stayed in a shadow root: the click says the choice, as the change would have.
        if (toggled.type === 'checkbox') recorder.chose(toggled, toggled.checked ? KIND.check : KIND.uncheck);
        else if (toggled.checked) recorder.chose(toggled, KIND.check);
      }
    }, true);
  }

  function doubleClick(event: Event): void {
    if (!event.isTrusted) return;
    const element = targetOf(event);
    if (element === undefined) return;
    note(() => {
      if (!choiceByChange(element)) recorder.doubleClicked(element);
    }, true);
  }

  return {
    pointerDown,
    pointerMove,
    pointerUp,
    click,
    doubleClick,
    dragStarted: () => {
      if (pressing !== undefined) pressing.html5 = true;
    },
    taskEnded: () => {
      releasing = undefined;
      if (pressing !== undefined) pressing.named = true;
    },
  };
}

/**
 * Whether a press was on a scrollbar of what scrolled (the page's: `undefined`): outside the
 * element's client area but inside its border box, where Chromium draws its scrollbars.
 */
export function onScrollbar(press: Press<Element>, scrolled: Element | undefined): boolean {
  const root = document.documentElement;
  if (scrolled === undefined) return press.x >= root.clientWidth || press.y >= root.clientHeight;
  if (press.target !== scrolled) return false;
  const box = scrolled.getBoundingClientRect();
  const left = box.left + scrolled.clientLeft;
  const top = box.top + scrolled.clientTop;
  const inside = press.x >= box.left && press.x < box.right && press.y >= box.top && press.y < box.bottom;
  const client =
    press.x >= left && press.x < left + scrolled.clientWidth && press.y >= top && press.y < top + scrolled.clientHeight;
  return inside && !client;
}

/** Where a press went down (client px), read from its event the first time it is asked. */
function origin(press: Pressing): readonly [number, number] {
  return (press.at ??= [press.down.clientX, press.down.clientY]);
}

/** Keeps `point` in a path of at most MAX_DRAG_POINTS: when full, every other point goes (the last stays). */
export function sample(moves: Array<[number, number]>, point: [number, number]): void {
  const last = moves[moves.length - 1];
  if (last !== undefined && last[0] === point[0] && last[1] === point[1]) return;
  if (moves.length >= MAX_DRAG_POINTS) {
    let kept = 0;
    for (let i = 1; i < moves.length; i += 2) moves[kept++] = moves[i] as [number, number];
    moves.length = kept;
  }
  moves.push(point);
}
