import type { NavigationKind, PickedFile } from '../../../src/domain/wire/entries.js';
import { RedactionTally, Redactor } from '../../../src/domain/privacy/Redactor.js';
import { isVisible } from '../inject/visible.js';
import { editingHost, outOfShadow } from '../record/clickedPart.js';
import { type DragStart, dragStart, dropTarget } from '../record/dropTarget.js';
import { describeTarget } from '../record/locators.js';
import { keyToRecord, type KeyPlace } from '../record/keys.js';
import { CONTROL, namingPrint } from '../record/namingPrint.js';
import { PersonEvidence, type Press } from '../record/PersonEvidence.js';
import { ariaHiddenNow, describePressed } from '../record/pressedTarget.js';
import { Recorder, type RichInput } from '../record/Recorder.js';
import { notePasswordField, watchPasswordFields } from '../record/passwordFields.js';
import { fieldValue, recordedValue } from '../record/values.js';
import {
  ACTING_SLOT,
  type ActionWire,
  type AgentRecorder,
  RECORDER_SLOT,
  REDACTED_VALUE,
  type RecordingOrder,
} from '../shared/actions.js';
import type { DialogOrder } from '../shared/protocol.js';

/** Scrolls this soon after browsertap acted are its own (its scrollIntoView lands a frame later), ms. */
const AGENT_TAIL_MS = 300;
/** Events noted for the recorder within one task, at most (a person makes a few). */
const MAX_NOTED = 1_000;
/** Longest a command is taken to act when it never says `end` (ms). */
const MAX_ACTING_MS = 120_000;
/** Input types a person fills in (text-like, and those Playwright's `fill` sets). */
const FILLED = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
  'range',
  'color',
]);
/** Inputs only the browser's own pickers change (a script cannot make them fire a trusted `input`). */
const PICKED = new Set(['date', 'datetime-local', 'month', 'week', 'time', 'range', 'color']);
/** Keys that move through a select's options. */
const CHOOSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
/** Keys that scroll the page where nothing takes them (a field, a button, a select). */
const SCROLL_KEYS = new Set([' ', 'PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
/** A press whose pointer went this far (px, either way) before its release is a drag, not a click. */
const DRAG_MIN_PX = 8;
/** Points of a drag's path kept, at most (past it every other one is dropped, the last kept). */
const MAX_DRAG_POINTS = 32;

/** The main button's press, from pointerdown to what it ended in. */
interface Pressing {
  readonly element: Element;
  /** Where it went down (client px). */
  readonly x: number;
  readonly y: number;
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

/** Where keys type, choose or press rather than scroll. */
const TAKES_KEYS = 'input,textarea,select,button,[contenteditable]';

export interface PageRecording {
  /** The worker's word: record in this frame, with or without values. */
  order(order: RecordingOrder): void;
  /**
   * browsertap acts in this frame (`start`, for at most `for_ms`) or has ended (`end`): said by
   * the worker's own message, or by browsertap's action running in this isolated world
   * (`ACTING_SLOT`), never by an event the page could dispatch too.
   */
  acting(order: DialogOrder): void;
  /** Resolves once every finished action was handed to `send`. */
  settled(): Promise<void>;
  /** Actions lost because too many waited (reported like other lost entries). */
  takeDropped(): number;
}

const redactor = new Redactor();

/**
 * The person's actions in this frame (docs/mcp-tools.md), seen from the extension's isolated world, which
 * the page's scripts cannot reach or fake: capture-phase listeners on the window for trusted
 * events only (`isTrusted`); the one on pointer moves returns at once unless the main button
 * is down. They are added when the relay starts, at `document_start`, before any script of the
 * page's, so they run before the page's own listeners on the window (which cannot hide the
 * person's events from them), and return at once while recording is off. Trusted is not
 * enough: the browser fires trusted events for some of a script's calls, told apart by what the
 * person's own events show (PersonEvidence). Each
 * listener does a few property reads and hands the event to the Recorder; naming targets and
 * reading values happen outside the event. Actions go to `send` (the relay's queue to the
 * worker). Recording is off until the worker says the tab is tracked and recording is on;
 * browsertap's own page actions are recorded through the agent hook (`RECORDER_SLOT`) and never
 * as the person's.
 */
export function recordPage(send: (actions: ActionWire[]) => void): PageRecording {
  let values = true;
  let on = false;
  let loadRecorded = false;
  let acting = 0;
  let actingUntil = 0;
  let agentDepth = 0;
  let quietUntil = 0;
  let stopWatching: () => void = () => undefined;
  const top = window === window.top;
  // What the listeners noted, for the recorder to hear in a task of its own, in order (below).
  const noted: Array<{ readonly ts: number; readonly url: string | undefined; readonly hear: () => void }> = [];
  let hearing = false;
  let heard: { readonly ts: number; readonly url: string | undefined } | undefined;
  // The main button's last press, and the one released in this task (its click comes in it too).
  let pressing: Pressing | undefined;
  let releasing: Pressing | undefined;

  const recorder = new Recorder<Element>({
    // While it hears a noted event: that event's time and url.
    now: () => heard?.ts ?? Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    defer: (fn) => setTimeout(fn, 0),
    // A name the page changed since the person pressed the element is refused (namingPrint.ts);
    // one the page took from a test's view as it reacted to the press is the one it had then.
    describe: (element, clicked, seen) => {
      if (seen === undefined) return describeTarget(clicked ? clickTarget(element) : element);
      if (namingPrint(element) !== printOf(seen)) return { renamed: true };
      return describePressed(element, hiddenAtPress(seen)) ?? describeTarget(clicked ? clickTarget(element) : element);
    },
    valueOf: (element, typed) => typedValue(element, typed, values),
    editing: notePasswordField,
    scrollOf: (element) => (element === undefined ? { x: scrollX, y: scrollY } : { x: element.scrollLeft, y: element.scrollTop }),
    url: () => heard?.url ?? location.href,
    // Urls are redacted here, outside the event (a secret in a query never leaves the page).
    send: (actions) => send(actions.map((action) => ({ ...action, url: redactor.url(action.url, new RedactionTally()) }))),
  });

  const agentActing = () => agentDepth > 0 || (acting > 0 && Date.now() <= actingUntil);
  const evidence = new PersonEvidence<Element>({
    inForm: (element, form) => form.contains(element) || (element as HTMLButtonElement).form === form,
    onScrollbar,
  });

  /**
   * The listeners do as little as they can inside the page's events (a page waits for them
   * before its own handlers run): they read what only the event has and note it, with its time;
   * the recorder hears the notes in order in the next task (`hear`), and before anything else
   * uses it (an agent's action, a drain, the page going away). `url`: the page's url at the
   * event, for what is recorded with one (a click, a key), which the page's handlers may change
   * (a router) before the recorder hears it.
   */
  function note(hearIt: () => void, url?: string): void {
    // A page that makes events in a loop within one task (focus and blur do) cannot grow this
    // without end: past the bound the events are dropped and counted like dropped actions.
    if (noted.length >= MAX_NOTED) {
      recorder.dropped++;
      return;
    }
    noted.push({ ts: Date.now(), url, hear: hearIt });
    soon();
  }

  /** Hears the notes in a task of its own, after this one (and so ends what this task's events are evidence for). */
  function soon(): void {
    if (hearing) return;
    hearing = true;
    setTimeout(hear, 0);
  }

  function hear(): void {
    hearing = false;
    releasing = undefined;
    evidence.taskEnded();
    for (const item of noted.splice(0)) {
      heard = item;
      try {
        item.hear();
      } finally {
        heard = undefined;
      }
    }
  }

  const listeners: Array<[string, (event: Event) => void, AddEventListenerOptions]> = [
    ['pointerdown', onPointerDown, { capture: true, passive: true }],
    ['pointermove', onPointerMove, { capture: true, passive: true }],
    ['pointerup', onPointerUp, { capture: true, passive: true }],
    ['click', onClick, { capture: true }],
    ['dblclick', onDoubleClick, { capture: true }],
    ['keydown', onKeyDown, { capture: true }],
    ['beforeinput', onBeforeInput, { capture: true }],
    ['input', onInput, { capture: true }],
    ['change', onChange, { capture: true }],
    ['focusout', onFocusOut, { capture: true }],
    ['submit', onSubmit, { capture: true }],
    ['dragstart', onDragStart, { capture: true }],
    ['drop', onDrop, { capture: true }],
    ['scroll', onScroll, { capture: true, passive: true }],
    ['wheel', onIntent, { capture: true, passive: true }],
    ['touchstart', onIntent, { capture: true, passive: true }],
    [
      'pagehide',
      () => {
        hear();
        recorder.flushNow();
      },
      { capture: true },
    ],
  ];

  // Clicks are recorded on the element the pointer hit; the control a test clicks for it
  // (clickTarget) is found when it is named, after the event: a control's visibility needs
  // style, which the pointer's :hover and :active have just made stale. What naming reads is
  // printed here, before the page's handlers run, to see whether they renamed it (namingPrint.ts).
  function onPointerDown(event: Event): void {
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
    // The main button's press: what a click or a drag it ends in stands for (below).
    pressing =
      pointer.button === 0 && pointer.isPrimary
        ? { element, x: pointer.clientX, y: pointer.clientY, moves: [], far: false, html5: false, clicked: false }
        : undefined;
    // A label pressed stands for its field, whose check or choice is named as it was then too.
    const control = element instanceof HTMLLabelElement ? element.control : null;
    if (control !== null) {
      const controlSeen = pressPrint(control);
      note(() => recorder.prepare(control, controlSeen));
    }
  }

  // While the main button is down: the pointer's path, sampled (a drag that moves an element is
  // recorded with it). Returns at once when no press is held.
  function onPointerMove(event: Event): void {
    const press = pressing;
    if (press === undefined || press.released || !event.isTrusted) return;
    const pointer = event as PointerEvent;
    if (!pointer.isPrimary || (pointer.buttons & 1) === 0) return;
    const dx = Math.round(pointer.clientX - press.x);
    const dy = Math.round(pointer.clientY - press.y);
    if (!press.far && Math.abs(dx) < DRAG_MIN_PX && Math.abs(dy) < DRAG_MIN_PX) return;
    if (!press.far) press.start = dragStart(press.element);
    press.far = true;
    sample(press.moves, [dx, dy]);
  }

  // The press ends: a click follows in this same task (the browser fires it right after the
  // release), unless the page removed what was pressed; heard in the next task, the press is a
  // drag (the pointer went far), or a click the page's own handling of the press left without
  // its click event (a choice made on mousedown or pointerup that unmounted the option).
  function onPointerUp(event: Event): void {
    const press = pressing;
    if (press === undefined || press.released || !event.isTrusted) return;
    const pointer = event as PointerEvent;
    if (!pointer.isPrimary || pointer.button !== 0) return;
    press.released = true;
    if (press.far) {
      const [dx, dy] = [Math.round(pointer.clientX - press.x), Math.round(pointer.clientY - press.y)];
      sample(press.moves, [dx, dy]);
      // Before the page's handlers drop and reorder: what the drag was let go on.
      if (press.start !== undefined && !press.html5)
        press.to = safeDropTarget(press.element, press.start, pointer.clientX, pointer.clientY, dx, dy);
    }
    releasing = press;
    note(() => released(press), location.href);
  }

  function released(press: Pressing): void {
    if (press.far) {
      // A text selection, a field's own dragging (a range, a caret), an HTML drag, a scrollbar's
      // thumb (its scroll is recorded): not an element's move.
      const selected = (getSelection()?.toString() ?? '') !== '';
      const at = { target: press.element, x: press.x, y: press.y, button: 0, at: 0 };
      const scrollbar = onScrollbar(at, undefined) || onScrollbar(at, press.element);
      if (!press.html5 && !selected && !scrollbar && !inField(press.element)) {
        press.dragged = true;
        recorder.pointerDragged(press.element, press.moves, press.to);
      }
      return;
    }
    if (!press.clicked && !press.element.isConnected) recorder.clicked(press.element, 1);
  }

  function onClick(event: Event): void {
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
    note(() => {
      if (press?.dragged === true) return; // the drag's own release
      if (!choiceByChange(clicked)) recorder.clicked(clicked, detail);
    }, location.href);
  }

  function onDoubleClick(event: Event): void {
    if (!event.isTrusted) return;
    const element = targetOf(event);
    if (element === undefined) return;
    note(() => {
      if (!choiceByChange(element)) recorder.doubleClicked(element);
    }, location.href);
  }

  function onKeyDown(event: Event): void {
    if (!event.isTrusted) return;
    const element = targetOf(event);
    const key = (event as KeyboardEvent).key;
    const scrolls = SCROLL_KEYS.has(key) && element?.closest(TAKES_KEYS) === null;
    evidence.keyDown(element, key, scrolls, Date.now());
    // A key that activates a control presses it as a pointer does: named as it was then.
    if ((key === 'Enter' || key === ' ') && element !== undefined && element.matches(CONTROL) && !typedInto(element)) {
      const seen = pressPrint(element);
      note(() => recorder.prepare(element, seen));
    }
    // The event keeps its key and modifiers after it is dispatched: read when heard.
    note(() => {
      const at = element ?? document.body;
      const field = editableOf(at);
      // Keys that move through a select's options choose one: its change records the choice.
      if (at.nodeName === 'SELECT' && CHOOSING_KEYS.has((event as KeyboardEvent).key)) return;
      const key = keyToRecord(event as KeyboardEvent, placeOf(field));
      if (key !== undefined) recorder.pressed(field ?? at, key);
    }, location.href);
  }

  function onBeforeInput(event: Event): void {
    if (!event.isTrusted) return;
    evidence.beforeInput(targetOf(event));
    soon();
  }

  function onInput(event: Event): void {
    if (!event.isTrusted || agentActing()) return;
    const element = targetOf(event);
    if (element === undefined) return;
    // A picker's value only the person changes; a text field's, whoever had the evidence.
    const byPerson = evidence.typed(element) || (element.nodeName === 'INPUT' && PICKED.has((element as HTMLInputElement).type));
    note(() => {
      const field = editableOf(element);
      if (field === undefined) return;
      const rich = field.nodeName === 'INPUT' || field.nodeName === 'TEXTAREA' ? undefined : richInput(event as InputEvent);
      recorder.edited(field, byPerson || autofilled(field), rich);
    });
  }

  function onChange(event: Event): void {
    if (!event.isTrusted || agentActing()) return;
    const element = targetOf(event);
    if (element === undefined) return;
    // What was chosen is read now: the page's handlers may change it before the note is heard.
    if (element.nodeName === 'SELECT') {
      const chosen = recordedValue(element, selectValue(element as HTMLSelectElement), values);
      note(() => recorder.chose(element, 'select', chosen), location.href);
    } else if (element.nodeName === 'INPUT') {
      const input = element as HTMLInputElement;
      const url = location.href;
      if (input.type === 'checkbox') {
        if (!evidence.toggled(input)) return; // checkbox.click() from a script
        const type = input.checked ? 'check' : 'uncheck';
        note(() => recorder.chose(input, type), url);
      } else if (input.type === 'radio') {
        if (evidence.toggled(input) && input.checked) note(() => recorder.chose(input, 'check'), url);
      } else if (input.type === 'file') {
        const files = picked(input);
        note(() => recorder.chose(input, 'upload', { files }), url);
      } else note(() => recorder.committed(input));
    } else note(() => recorder.committed(editableOf(element)));
  }

  function onFocusOut(event: Event): void {
    const element = targetOf(event);
    if (element === undefined) return;
    note(() => {
      const field = editableOf(element);
      if (field !== undefined) recorder.committed(field);
    });
  }

  function onSubmit(event: Event): void {
    if (!event.isTrusted || agentActing()) return;
    const form = targetOf(event);
    if (form === undefined || !evidence.submitted(form)) return; // form.requestSubmit() from a script
    note(() => {
      recorder.committed();
      recorder.submitted(form);
    }, location.href);
  }

  function onDragStart(event: Event): void {
    const element = targetOf(event);
    if (event.isTrusted && pressing !== undefined) pressing.html5 = true;
    if (event.isTrusted && element !== undefined) note(() => recorder.dragStarted(element));
  }

  function onDrop(event: Event): void {
    const element = targetOf(event);
    if (event.isTrusted && element !== undefined) note(() => recorder.droppedOn(element), location.href);
  }

  function onIntent(event: Event): void {
    if (event.isTrusted) evidence.wheelOrTouch(Date.now());
  }

  function onScroll(event: Event): void {
    if (!event.isTrusted) return;
    const now = Date.now();
    if (agentActing() || now < quietUntil) return;
    const target = event.target;
    const scrolled = target instanceof Element && target !== document.scrollingElement ? target : undefined;
    // An input scrolls only to show its text past its width as it is typed: never the person's scroll.
    if (scrolled?.nodeName === 'INPUT' || !evidence.scrolled(scrolled, now)) return;
    note(() => recorder.scrolled(scrolled), location.href);
  }

  /** browsertap acts here: told by the worker or by its own action in this world (see `acting`), never by the page. */
  function actingOrder(order: DialogOrder): void {
    const now = Date.now();
    if (order.acting === 'start') {
      if (now > actingUntil) acting = 0;
      acting++;
      const forMs = typeof order.for_ms === 'number' && order.for_ms >= 0 ? Math.min(order.for_ms, MAX_ACTING_MS) : 0;
      actingUntil = Math.max(actingUntil, now + forMs);
    } else if (order.acting === 'end') {
      acting = Math.max(0, acting - 1);
      quietUntil = now + AGENT_TAIL_MS;
    }
  }

  // Before any script of the page's runs (the relay starts at document_start): ours come first.
  // Each returns at once while recording is off.
  for (const [type, listener, options] of listeners)
    window.addEventListener(
      type,
      (event) => {
        if (on) listener(event);
      },
      options,
    );
  // For browsertap's page actions run in this isolated world (worker/BrowserCommands.ts callSlot).
  Object.defineProperty(globalThis, Symbol.for(ACTING_SLOT), { value: actingOrder, configurable: true, enumerable: false });

  const agentHook: AgentRecorder = {
    agent(type, correlationId, element, detail = {}) {
      if (!on) return () => undefined;
      hear(); // the person's notes come first
      agentDepth++;
      const done = recorder.agent(type, correlationId, element, {}, detail.to);
      let ended = false;
      return (ok, late = {}) => {
        if (ended) return;
        ended = true;
        agentDepth--;
        quietUntil = Date.now() + AGENT_TAIL_MS;
        if (!ok) return;
        const all = { ...detail, ...late };
        const extra: Partial<ActionWire> = {};
        if (all.key !== undefined) extra.key = all.key;
        if (all.files !== undefined)
          extra.files = all.files.slice(0, 50).map((file) => ({ ...file, name: values ? file.name : REDACTED_VALUE }));
        if (type === 'fill' && element !== undefined) Object.assign(extra, recordedValue(element, fieldValue(element), values));
        if (type === 'select' && element?.nodeName === 'SELECT')
          Object.assign(extra, recordedValue(element, selectValue(element as HTMLSelectElement), values));
        // A page scroll ends at a position; an element scrolled into view is named by its locator.
        if (type === 'scroll' && element === undefined) Object.assign(extra, { x: Math.round(scrollX), y: Math.round(scrollY) });
        done(extra);
      };
    },
  };

  return {
    order(order) {
      values = order.values;
      if (order.record === on) return;
      on = order.record;
      const global = globalThis as unknown as Record<symbol, unknown>;
      if (on) {
        stopWatching = watchPasswordFields(document);
        Object.defineProperty(global, Symbol.for(RECORDER_SLOT), { value: agentHook, configurable: true, enumerable: false });
        if (top && !loadRecorded) {
          loadRecorded = true;
          recordLoad(recorder);
          // Noted: a router's pushState runs inside the click that caused it, after the click's note.
          watchNavigations(
            (url, kind, byScript) => note(() => recorder.navigated(url, kind, undefined, byScript)),
            () => on,
          );
        }
      } else {
        stopWatching();
        delete global[Symbol.for(RECORDER_SLOT)];
        noted.length = 0;
        recorder.reset();
      }
    },
    acting: actingOrder,
    settled: () => {
      hear();
      return recorder.settled();
    },
    takeDropped() {
      const dropped = recorder.dropped;
      recorder.dropped = 0;
      return dropped;
    },
  };
}

/** The element an event is about: the innermost one, inside open shadow roots too. */
function targetOf(event: Event): Element | undefined {
  const target = event.target;
  // No shadow root to look into: the target is it (composedPath builds the whole path).
  if (target instanceof Element && target.shadowRoot === null) return target;
  const first = event.composedPath()[0] ?? target;
  if (first instanceof Element) return first;
  if (first instanceof Node) return first.parentElement ?? undefined;
  return undefined;
}

/**
 * What the person's press is told by when it is named (record/pressedTarget.ts, namingPrint.ts):
 * whether `aria-hidden` or `inert` hid the element then, and the print of what naming reads.
 */
function pressPrint(element: Element): string {
  return `${ariaHiddenNow(element) ? '1' : '0'}${namingPrint(element)}`;
}

function printOf(seen: string): string {
  return seen.slice(1);
}

function hiddenAtPress(seen: string): boolean {
  return seen.startsWith('1');
}

/** What a pointer drag was dropped on (dropTarget.ts), or nothing when reading it throws. */
function safeDropTarget(element: Element, start: DragStart, x: number, y: number, dx: number, dy: number): Element | undefined {
  try {
    return dropTarget(element, start, x, y, dx, dy);
  } catch {
    return undefined;
  }
}

/** Keeps `point` in a path of at most MAX_DRAG_POINTS: when full, every other point goes (the last stays). */
function sample(moves: Array<[number, number]>, point: [number, number]): void {
  const last = moves[moves.length - 1];
  if (last !== undefined && last[0] === point[0] && last[1] === point[1]) return;
  if (moves.length >= MAX_DRAG_POINTS) {
    let kept = 0;
    for (let i = 1; i < moves.length; i += 2) moves[kept++] = moves[i] as [number, number];
    moves.length = kept;
  }
  moves.push(point);
}

/** A field's own pointer dragging (a range's thumb, a caret, a select): not an element moved. */
function inField(element: Element): boolean {
  return element.closest('input,textarea,select,[contenteditable]') !== null;
}

/** Whether keys typed at `element` go into it as text (a text field, an editable region). */
function typedInto(element: Element): boolean {
  if (element.nodeName === 'INPUT') return FILLED.has((element as HTMLInputElement).type);
  return element.nodeName === 'TEXTAREA' || element.closest('[contenteditable]') !== null;
}

/** The browser filled the field from what it keeps for the person (its autofill marks the field). */
function autofilled(field: Element): boolean {
  for (const pseudo of [':autofill', ':-webkit-autofill']) {
    try {
      if (field.matches(pseudo)) return true;
    } catch {
      // a pseudo-class this browser does not know
    }
  }
  return false;
}

/**
 * Whether a press was on a scrollbar of what scrolled (the page's: `undefined`): outside the
 * element's client area but inside its border box, where Chromium draws its scrollbars.
 */
function onScrollbar(press: Press<Element>, scrolled: Element | undefined): boolean {
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

/**
 * A click inside a control stands for the control (as a test clicks it), when the control is
 * visible; a click in editable content, for its editing host (a code editor, not the line it
 * landed on); a click on a part of a component's open shadow root, for the widget or component
 * it is part of (clickedPart.ts).
 */
export function clickTarget(element: Element): Element {
  if (element.matches('input,textarea,select')) return element;
  const editor = editingHost(element);
  if (editor !== undefined) return editor;
  const part = outOfShadow(element);
  const control = part.closest(CONTROL);
  return control !== null && control !== part && isVisible(control) ? control : part;
}

/** Clicks that are recorded as what they choose instead (`check`, `select`, `upload`): the change says it. */
function choiceByChange(element: Element): boolean {
  const control = element.nodeName === 'LABEL' ? (element as HTMLLabelElement).control : element;
  if (control === null) return false;
  if (control.nodeName === 'SELECT' || control.nodeName === 'OPTION') return true;
  if (control.nodeName !== 'INPUT') return false;
  const type = (control as HTMLInputElement).type;
  return type === 'checkbox' || type === 'radio' || type === 'file';
}

/** A field's value as recorded, or of the text typed into it: redacted when its whole value would be. */
function typedValue(element: Element, typed: string | undefined, values: boolean): ReturnType<typeof recordedValue> {
  const whole = recordedValue(element, fieldValue(element), values);
  if (typed === undefined || whole.value === REDACTED_VALUE) return whole;
  return recordedValue(element, typed, values);
}

/** The field a person types into: a text-like input, a textarea, or the editing host of editable content. */
function editableOf(element: Element): Element | undefined {
  if (element.nodeName === 'TEXTAREA') return element;
  if (element.nodeName === 'INPUT') return FILLED.has((element as HTMLInputElement).type) ? element : undefined;
  // isContentEditable needs style (stale while keys and pointers change :focus and :active):
  // asked only inside an element that says contenteditable, or of a document in design mode.
  const maybe = element.closest('[contenteditable]') !== null || element.ownerDocument.designMode === 'on';
  if (!maybe || !(element as HTMLElement).isContentEditable) return undefined;
  let host = element as HTMLElement;
  while (host.parentElement !== null && host.parentElement.isContentEditable) host = host.parentElement;
  return host;
}

function placeOf(field: Element | undefined): KeyPlace {
  if (field === undefined) return 'other';
  if (field.nodeName === 'INPUT') return 'text';
  return field.nodeName === 'TEXTAREA' ? 'multiline' : 'rich';
}

/**
 * What an input did to editable content, for typing it again (Recorder's RichInput): text
 * typed at the caret, the edit of a key recorded as a press (a new paragraph, a deletion, a
 * format), or something else (a paste, a drop, a composition, undo).
 */
function richInput(event: InputEvent): RichInput {
  const type = event.inputType ?? '';
  if (type === 'insertText' && typeof event.data === 'string') return { text: event.data };
  if (type === 'insertParagraph' || type === 'insertLineBreak' || type.startsWith('format')) return 'key';
  if (type.startsWith('delete') && type !== 'deleteByCut' && type !== 'deleteByDrag') return 'key';
  return 'other';
}

function selectValue(select: HTMLSelectElement): string | string[] {
  return select.multiple ? [...select.selectedOptions].slice(0, 100).map((option) => option.value) : select.value;
}

function picked(input: HTMLInputElement): PickedFile[] {
  return [...(input.files ?? [])].slice(0, 50).map((file) => ({
    name: file.name.slice(0, 200),
    size: file.size,
    ...(file.type === '' ? {} : { type: file.type.slice(0, 100) }),
  }));
}

/** The document's own load: how it was reached (a new load, a reload, back/forward), at its start. */
function recordLoad(recorder: Recorder<Element>): void {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const kind: NavigationKind = entry?.type === 'reload' ? 'reload' : entry?.type === 'back_forward' ? 'back_forward' : 'load';
  recorder.navigated(location.href, kind, Math.round(performance.timeOrigin));
}

interface NavigationApi extends EventTarget {
  readonly currentEntry: { readonly url: string | null } | null;
}

/**
 * Navigations within the document (SPAs): pushState, replaceState, back/forward in it, hash
 * changes. A move back or forward says whether the page's script made it (`history.back()` in
 * a handler), as the browser's own navigate event tells (`userInitiated` is false for a script's,
 * true for the browser's Back and Forward): only then is it the doing of the action before it.
 */
function watchNavigations(
  navigated: (url: string, kind: NavigationKind, byScript: boolean) => void,
  recording: () => boolean,
): void {
  const navigation = (window as unknown as { navigation?: NavigationApi }).navigation;
  const record = (from: string | undefined, kind: 'push' | 'replace' | 'pop', byScript = false) => {
    const to = location.href;
    if (!recording() || (kind === 'replace' && from === to)) return;
    const hashOnly = from !== undefined && from !== to && from.split('#')[0] === to.split('#')[0];
    navigated(to, hashOnly && kind !== 'pop' ? 'hash' : kind, byScript);
  };
  if (navigation !== undefined) {
    // The traversal's navigate event comes before its entry changes: what it said, for that change.
    let traversalByScript = false;
    navigation.addEventListener('navigate', (event) => {
      const navigate = event as Event & { navigationType?: string; userInitiated?: boolean };
      if (event.isTrusted && navigate.navigationType === 'traverse') traversalByScript = navigate.userInitiated === false;
    });
    navigation.addEventListener('currententrychange', (event) => {
      const change = event as Event & { navigationType?: string; from?: { url: string | null } };
      const type = change.navigationType;
      if (type === 'push' || type === 'replace') record(change.from?.url ?? undefined, type);
      else if (type === 'traverse') record(change.from?.url ?? undefined, 'pop', traversalByScript);
      traversalByScript = false;
    });
    return;
  }
  let last = location.href;
  const moved = (kind: 'pop' | 'hash') => () => {
    const from = last;
    last = location.href;
    if (from !== last) record(from, kind === 'hash' ? 'push' : 'pop');
  };
  addEventListener('popstate', moved('pop'));
  addEventListener('hashchange', moved('hash'));
}
