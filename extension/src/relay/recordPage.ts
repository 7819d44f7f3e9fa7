import { RedactionTally, Redactor } from '../../../src/domain/privacy/Redactor.js';
import { autofilled, editableOf, pickedFiles, pickerInput, placeOf, selectValue, typedInto } from '../record/fields.js';
import { keyToRecord } from '../record/keys.js';
import { CONTROL } from '../record/namingPrint.js';
import { notePasswordField, watchPasswordFields } from '../record/passwordFields.js';
import { PersonEvidence } from '../record/PersonEvidence.js';
import { Recorder } from '../record/Recorder.js';
import { richInput } from '../record/richTyping.js';
import { ChangesSincePress } from '../record/sincePress.js';
import { recordedValue, typedValue } from '../record/values.js';
import { ACTING_SLOT, type ActionWire, RECORDER_SLOT, type RecordingOrder } from '../shared/actions.js';
import type { DialogOrder } from '../shared/protocol.js';
import { agentActs } from './recordAgent.js';
import { recordLoad, watchNavigations } from './recordNavigations.js';
import { Notes } from './recordNotes.js';
import { onScrollbar, recordPointer, ToggleChanges } from './recordPointer.js';
import { type DragStart, dragStart, safeDropTarget } from '../record/dropTarget.js';
import { describeRecorded, pressPrint, targetOf } from './recordTargets.js';
import { KIND } from '../../../src/domain/wire/entries.js';

/** Keys that move through a select's options. */
const CHOOSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
/** Keys that scroll the page where nothing takes them (a field, a button, a select). */
const SCROLL_KEYS = new Set([' ', 'PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);
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
  let stopWatching: () => void = () => undefined;
  const top = window === window.top;

  const recorder = new Recorder<Element>({
    // While it hears a noted event: that event's time and url.
    now: () => notes.heard?.ts ?? Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    defer: (fn) => setTimeout(fn, 0),
    // A pressed element is named as the page was at the press (record/sincePress.ts).
    describe: (element, clicked, seen) =>
      describeRecorded(element, clicked, seen, seen === undefined ? undefined : changes.since(element)),
    valueOf: (element, typed) => typedValue(element, typed, values),
    editing: notePasswordField,
    scrollOf: (element) => (element === undefined ? { x: scrollX, y: scrollY } : { x: element.scrollLeft, y: element.scrollTop }),
    url: () => notes.heard?.url ?? location.href,
    // Urls are redacted here, outside the event (a secret in a query never leaves the page).
    send: (actions) => send(actions.map((action) => ({ ...action, url: redactor.url(action.url, new RedactionTally()) }))),
  });
  const changes = new ChangesSincePress(document);
  const evidence = new PersonEvidence<Element>({
    inForm: (element, form) => form.contains(element) || (element as HTMLButtonElement).form === form,
    onScrollbar,
  });
  // What the listeners noted, for the recorder to hear in a task of its own, in order (recordNotes.ts).
  const notes: Notes = new Notes({
    now: () => Date.now(),
    url: () => location.href,
    defer: (fn) => setTimeout(fn, 0),
    dropped: () => recorder.dropped++,
    taskEnded: () => {
      pointer.taskEnded();
      evidence.taskEnded();
    },
    heardAll: () => changes.settled(),
  });
  const note = (hear: () => void, withUrl?: boolean) => notes.note(hear, withUrl);
  const toggles = new ToggleChanges();
  const pointer = recordPointer({ recorder, evidence, note, pressed: (element) => changes.pressed(element), toggles });
  const agent = agentActs({ recorder, recording: () => on, values: () => values, hear: () => notes.hear() });

  const listeners: Array<[string, (event: Event) => void, AddEventListenerOptions]> = [
    ['pointerdown', pointer.pointerDown, { capture: true, passive: true }],
    ['pointermove', pointer.pointerMove, { capture: true, passive: true }],
    ['pointerup', pointer.pointerUp, { capture: true, passive: true }],
    ['click', pointer.click, { capture: true }],
    ['dblclick', pointer.doubleClick, { capture: true }],
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
        notes.hear();
        recorder.flushNow();
      },
      { capture: true },
    ],
  ];

  function onKeyDown(event: Event): void {
    if (!event.isTrusted) return;
    const element = targetOf(event);
    const key = (event as KeyboardEvent).key;
    const scrolls = SCROLL_KEYS.has(key) && element?.closest(TAKES_KEYS) === null;
    evidence.keyDown(element, key, scrolls, Date.now());
    // A key that activates a control presses it as a pointer does: named as it was then.
    if ((key === 'Enter' || key === ' ') && element !== undefined && element.matches(CONTROL) && !typedInto(element)) {
      changes.pressed(element);
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
    }, true);
  }

  function onBeforeInput(event: Event): void {
    if (!event.isTrusted) return;
    evidence.beforeInput(targetOf(event));
    notes.soon();
  }

  function onInput(event: Event): void {
    if (!event.isTrusted || agent.busy()) return;
    const element = targetOf(event);
    if (element === undefined) return;
    // A picker's value only the person changes; a text field's, whoever had the evidence.
    const byPerson = evidence.typed(element) || pickerInput(element);
    note(() => {
      const field = editableOf(element);
      if (field === undefined) return;
      const rich = field.nodeName === 'INPUT' || field.nodeName === 'TEXTAREA' ? undefined : richInput(event as InputEvent);
      recorder.edited(field, byPerson || autofilled(field), rich);
    });
  }

  function onChange(event: Event): void {
    if (!event.isTrusted || agent.busy()) return;
    const element = targetOf(event);
    if (element === undefined) return;
    // What was chosen is read now: the page's handlers may change it before the note is heard.
    if (element.nodeName === 'SELECT') {
      const chosen = recordedValue(element, selectValue(element as HTMLSelectElement), values);
      note(() => recorder.chose(element, KIND.select, chosen), true);
    } else if (element.nodeName === 'INPUT') {
      const input = element as HTMLInputElement;
      if (input.type === 'checkbox' || input.type === 'radio') toggles.changed(input);
      if (input.type === 'checkbox') {
        if (!evidence.toggled(input)) return; // checkbox.click() from a script
        const type = input.checked ? KIND.check : KIND.uncheck;
        note(() => recorder.chose(input, type), true);
      } else if (input.type === 'radio') {
        if (evidence.toggled(input) && input.checked) note(() => recorder.chose(input, KIND.check), true);
      } else if (input.type === 'file') {
        const files = pickedFiles(input);
        note(() => recorder.chose(input, KIND.upload, { files }), true);
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
    if (!event.isTrusted || agent.busy()) return;
    const form = targetOf(event);
    if (form === undefined || !evidence.submitted(form)) return; // form.requestSubmit() from a script
    note(() => {
      recorder.committed();
      recorder.submitted(form);
    }, true);
  }

  // The HTML drag in progress: what was dragged, the page when it began, where it began.
  let dragging: { readonly element: Element; readonly start: DragStart; readonly x: number; readonly y: number } | undefined;

  function onDragStart(event: Event): void {
    const element = targetOf(event);
    if (event.isTrusted) pointer.dragStarted();
    if (!event.isTrusted || element === undefined) return;
    const drag = event as DragEvent;
    dragging = { element, start: dragStart(element), x: drag.clientX, y: drag.clientY };
    note(() => recorder.dragStarted(element));
  }

  // A sortable list (SortableJS) moves the dragged row under the pointer as it goes, so the drop
  // lands on that row itself, or on the list around it: what it was dropped on is then the row
  // the person aimed at, where the rows were when the drag began (dropTarget.ts), as for a
  // pointer drag. A drop on anything else is on what it landed on.
  function onDrop(event: Event): void {
    let element = targetOf(event);
    const drag = dragging;
    dragging = undefined;
    if (!event.isTrusted || element === undefined) return;
    if (drag !== undefined && (drag.element.contains(element) || element.contains(drag.element))) {
      const { clientX: x, clientY: y } = event as DragEvent;
      element = safeDropTarget(drag.element, drag.start, x, y, x - drag.x, y - drag.y) ?? element;
    }
    const on = element;
    note(() => recorder.droppedOn(on), true);
  }

  function onIntent(event: Event): void {
    if (event.isTrusted) evidence.wheelOrTouch(Date.now());
  }

  function onScroll(event: Event): void {
    if (!event.isTrusted) return;
    const now = Date.now();
    if (agent.busy() || agent.quiet(now)) return;
    const target = event.target;
    const scrolled = target instanceof Element && target !== document.scrollingElement ? target : undefined;
    // An input scrolls only to show its text past its width as it is typed: never the person's scroll.
    if (scrolled?.nodeName === 'INPUT' || !evidence.scrolled(scrolled, now)) return;
    note(() => recorder.scrolled(scrolled), true);
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
  const actingOrder = (order: DialogOrder) => agent.acting(order);
  Object.defineProperty(globalThis, Symbol.for(ACTING_SLOT), { value: actingOrder, configurable: true, enumerable: false });

  return {
    order(order) {
      values = order.values;
      if (order.record === on) return;
      on = order.record;
      const global = globalThis as unknown as Record<symbol, unknown>;
      if (on) {
        stopWatching = watchPasswordFields(document);
        Object.defineProperty(global, Symbol.for(RECORDER_SLOT), { value: agent.hook, configurable: true, enumerable: false });
        if (!loadRecorded) {
          loadRecorded = true;
          if (top) recordLoad(recorder);
          // Every frame tells its notes the url a change left (their url, read when heard: recordNotes.ts);
          // the top one records the change, noted: a router's pushState runs inside the click that
          // caused it, after the click's note.
          watchNavigations(
            (url, kind, byScript, from) => {
              notes.urlLeft(from);
              if (top) note(() => recorder.navigated(url, kind, undefined, byScript));
            },
            () => on,
          );
        }
      } else {
        stopWatching();
        delete global[Symbol.for(RECORDER_SLOT)];
        notes.clear();
        recorder.reset();
      }
    },
    acting: actingOrder,
    settled: () => {
      notes.hear();
      return recorder.settled();
    },
    takeDropped() {
      const dropped = recorder.dropped;
      recorder.dropped = 0;
      return dropped;
    },
  };
}
