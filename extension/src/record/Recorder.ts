import type { ActionType, NavigationKind, PickedFile } from '../../../src/domain/wire/entries.js';
import type { ActionWire } from '../shared/actions.js';
import type { Described } from './locators.js';
import type { RecordedValue } from './values.js';

export const RECORD = Object.freeze({
  /** A field edit ends after this long without input (ms), or at blur, Enter, submit, another action. */
  fillIdleMs: 500,
  /** A scroll is recorded this long after its last movement (ms), at its final position. */
  scrollIdleMs: 500,
  /** A click waits this long for the second click of a double click (ms) unless another action comes first. */
  doubleClickMs: 500,
  /** A target named at pointerdown still stands for the click that follows within this long (ms). */
  namedForMs: 2_000,
  /** Actions held for sending, at most (they wait only for their targets to be named). */
  maxHeld: 500,
});

export interface RecorderPorts<E extends object> {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Runs `fn` in a task of its own, after the event being dispatched (and the page's handlers of it). */
  defer(fn: () => void): void;
  /**
   * Names the element (locators.ts). The costly part: run only from `defer`. `clicked`: the
   * element is where a pointer went down or a click landed, which a test clicks as the control
   * it belongs to (the relay finds that control here, outside the event). `seen`: what naming
   * read when the person pressed it (`prepare`), for the relay to refuse a name the page changed
   * since (`renamed`).
   */
  describe(element: E, clicked: boolean, seen: string | undefined): Described;
  /**
   * What a fill or select records of the element's value now (values.ts: redaction, the values
   * setting); with `typed`, what it records of that text the person typed into the element's
   * editable content (redacted as its whole value would be).
   */
  valueOf(element: E, typed?: string): RecordedValue;
  /** A person's input reached the field, at each one (passwordFields.ts: what the field was during the edit). Cheap. */
  editing?(element: E): void;
  /** The scroll position of the element, or of the window for `undefined`. */
  scrollOf(element: E | undefined): { x: number; y: number };
  /** The document's url now (cheap: read inside the event). */
  url(): string;
  /** Hands finished actions on, in the order they happened (from a deferred task, never inside an event). */
  send(actions: ActionWire[]): void;
}

interface Slot<E> {
  readonly element: E;
  /** Named as what a click on the element clicks (the control it is in). */
  readonly clicked?: true;
  /** What naming read at the person's press (`prepare`). */
  readonly seen?: string;
  described?: Described;
}

interface Held<E> {
  readonly wire: ActionWire;
  readonly target?: Slot<E>;
  readonly to?: Slot<E>;
}

interface PendingClick<E> {
  readonly element: E;
  readonly slot: Slot<E>;
  readonly ts: number;
  readonly url: string;
  type: 'click' | 'dblclick';
  timer: unknown;
}

interface PendingRun<E> {
  readonly element: E | undefined;
  readonly slot: Slot<E> | undefined;
  readonly first: number;
  last: number;
  timer: unknown;
  /** Editable content: the text the person typed in this run, or null once an edit came that typing cannot say. */
  typed?: string | null;
}

/**
 * What an input did to editable content (a rich-text editor), for recording it as typing: the
 * text it inserted at the caret; `key`, the doing of a key recorded as a press of its own (Enter,
 * Backspace, Delete, a formatting shortcut); `other`, anything typing cannot say (a paste, a
 * drop, a composition, undo), which makes the edit one whole `fill` as a text field's.
 */
export type RichInput = { readonly text: string } | 'key' | 'other';

/**
 * Turns what a person does in a page into actions (docs/mcp-tools.md), in the order they happened: a click
 * (or, when a second click follows on the same element, one dblclick); one `fill` per field edit
 * with the final value, taken at 500 ms idle, blur, Enter, submit or the next action, whatever
 * the field does to scroll itself; one `scroll` per scroll, at its final position 500 ms after it
 * stops; presses, choices, submits, drags and navigations as they come. The DOM wiring
 * (relay/recordPage.ts) calls it from trusted events the person's own input made (PersonEvidence),
 * and does nothing costly inside them: naming a target (`describe`) runs later, in a task of its
 * own (`defer`), and an action is sent once its targets are named.
 */
export class Recorder<E extends object> {
  private readonly named = new WeakMap<E, { slot: Slot<E>; at: number }>();
  private readonly toName: Slot<E>[] = [];
  private naming = false;
  private readonly held: Held<E>[] = [];
  private click: PendingClick<E> | undefined;
  private fill: PendingRun<E> | undefined;
  private scroll: PendingRun<E> | undefined;
  private dragFrom: Slot<E> | undefined;
  private readonly waiting: Array<() => void> = [];
  /** Actions dropped because more than RECORD.maxHeld waited (reported by the relay as a lost-entries note). */
  dropped = 0;

  constructor(private readonly ports: RecorderPorts<E>) {}

  /**
   * The person pressed the element (a pointer went down, or a key that activates it): name it
   * now (in the next task), before the click changes the page; `seen` is what naming read inside
   * the press itself, before the page's handlers ran. A press on an element named lately reuses
   * that name only when it looked the same (a "Show more" that became "Show less" is named again).
   */
  prepare(element: E, seen?: string): void {
    this.slotFor(element, true, seen);
    // Named in this task (already outside the press): a task later, at machine speed, the
    // click may already have changed the page.
    if (this.toName.length > 0) this.name();
  }

  clicked(element: E, detail: number): void {
    if (detail >= 2 && this.click?.element === element) return; // the second click of a double click
    this.finishAll();
    const click: PendingClick<E> = {
      element,
      slot: this.slotFor(element, true),
      ts: this.ports.now(),
      url: this.ports.url(),
      type: 'click',
      timer: undefined,
    };
    click.timer = this.ports.setTimeout(() => this.finishClick(), RECORD.doubleClickMs);
    this.click = click;
  }

  doubleClicked(element: E): void {
    if (this.click?.element === element) {
      this.click.type = 'dblclick';
      this.finishClick();
      return;
    }
    this.finishAll();
    this.hold({ ...this.base('dblclick'), target: this.slotFor(element, true) });
  }

  /**
   * A trusted input changed the field's value. `byPerson`: the person's own key, paste, drop,
   * composition or press reached the field as it did (relay: PersonEvidence), or the browser
   * filled it for them (autofill). An input without that evidence is a page's script's
   * (`execCommand` fires trusted ones): it starts no fill, only goes on with one the person has
   * pending in that field (whose value the page's scripts can change anyway).
   */
  edited(element: E, byPerson = true, rich?: RichInput): void {
    this.ports.editing?.(element);
    const now = this.ports.now();
    if (this.fill !== undefined && this.fill.element === element) {
      this.fill.last = now;
      if (rich !== undefined) this.fill.typed = typedAfter(this.fill.typed, rich);
      return;
    }
    // A key's own edit (the Enter or Backspace recorded as a press) starts no typing of its own.
    if (!byPerson || rich === 'key') return;
    this.finishAll();
    this.fill = {
      element,
      slot: this.slotFor(element),
      first: now,
      last: now,
      timer: undefined,
      ...(rich === undefined ? {} : { typed: typedAfter('', rich) }),
    };
    this.armFill();
  }

  /** The edit of `element` (or of any field) is over: blur, Enter, submit. */
  committed(element?: E): void {
    if (this.fill !== undefined && (element === undefined || this.fill.element === element)) this.finishFill();
  }

  pressed(element: E, key: string): void {
    this.finishAll();
    this.hold({ ...this.base('press', { key }), target: this.slotFor(element) });
  }

  /** A choice: a select's option(s), a checkbox or radio, a file pick. `detail` is its value or files. */
  chose(element: E, type: 'select' | 'check' | 'uncheck' | 'upload', detail: RecordedValue | { files: PickedFile[] } = {}): void {
    this.finishAll();
    this.hold({ ...this.base(type, detail), target: this.slotFor(element) });
  }

  submitted(form: E): void {
    this.finishAll();
    this.hold({ ...this.base('submit'), target: this.slotFor(form) });
  }

  dragStarted(element: E): void {
    this.dragFrom = this.slotFor(element);
  }

  droppedOn(element: E): void {
    const from = this.dragFrom;
    this.dragFrom = undefined;
    if (from === undefined) return;
    this.finishAll();
    this.hold({ ...this.base('drag'), target: from, to: this.slotFor(element) });
  }

  /**
   * A drag by the pointer that is no HTML drag and drop (a sortable list, a slider made of
   * elements): pressed on `element`, then moved by `moves` — the pointer's offsets from where it
   * went down, sampled, the last where it was released — and let go on `to`, when it was let go
   * on something (the row it was dropped on: said to a reader, the path makes the drag).
   */
  pointerDragged(element: E, moves: ReadonlyArray<readonly [number, number]>, to?: E): void {
    this.finishAll();
    const path = moves.map(([x, y]) => [x, y] as const);
    this.hold({
      ...this.base('drag', { moves: path }),
      target: this.slotFor(element, true),
      ...(to === undefined ? {} : { to: this.slotFor(to) }),
    });
  }

  /**
   * The element (or the window, `undefined`) scrolled by the person's doing. A field scrolling
   * itself while it is being edited (past its width, to keep the caret in view) is not a scroll
   * of the person's: it is not recorded and does not end the fill — one fill per field edit.
   */
  scrolled(element: E | undefined): void {
    if (element !== undefined && this.fill?.element === element) return;
    const now = this.ports.now();
    if (this.scroll !== undefined && this.scroll.element === element) {
      this.scroll.last = now;
      return;
    }
    this.finishAll();
    this.scroll = {
      element,
      slot: element === undefined ? undefined : this.slotFor(element),
      first: now,
      last: now,
      timer: undefined,
    };
    this.armScroll();
  }

  /** `byScript`: the page's own navigate event said no person started this history move. */
  navigated(url: string, navigation: NavigationKind, ts = this.ports.now(), byScript = false): void {
    this.finishAll();
    this.hold({ wire: { ts, by: 'human', type: 'navigate', url, navigation, ...(byScript ? { by_script: true } : {}) } });
  }

  /**
   * browsertap's own action (`by: "agent"`): its target named at once, before it acts; the
   * action is held when `done` is called (a fill's value, a scroll's position are read then).
   */
  agent(
    type: ActionType,
    correlationId: string,
    element: E | undefined,
    extra: Partial<ActionWire> = {},
    named?: E,
  ): (late?: Partial<ActionWire>) => void {
    this.finishAll();
    const slot = element === undefined ? undefined : this.describedNow(element);
    const to = named === undefined ? undefined : this.describedNow(named);
    const ts = this.ports.now();
    const url = this.ports.url();
    let done = false;
    return (late = {}) => {
      if (done) return;
      done = true;
      this.hold({
        wire: { ts, by: 'agent', type, url, correlation_id: correlationId, ...extra, ...late },
        ...(slot === undefined ? {} : { target: slot }),
        ...(to === undefined ? {} : { to }),
      });
    };
  }

  /** Everything pending is finished and named now (the page is going away). */
  flushNow(): void {
    this.finishAll();
    this.name();
  }

  /** Resolves once every finished action has been handed on (a drain: read after act). */
  settled(): Promise<void> {
    if (this.held.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Drops what is pending (recording was turned off). */
  reset(): void {
    for (const pending of [this.click, this.fill, this.scroll]) if (pending !== undefined) this.ports.clearTimeout(pending.timer);
    this.click = this.fill = this.scroll = this.dragFrom = undefined;
    this.held.length = 0;
    this.toName.length = 0;
    this.release();
  }

  private base(type: ActionType, extra: Partial<ActionWire> = {}): { wire: ActionWire } {
    return { wire: { ts: this.ports.now(), by: 'human', type, url: this.ports.url(), ...extra } };
  }

  private finishAll(): void {
    const { click, fill, scroll } = this;
    if (fill === undefined && scroll === undefined) {
      if (click !== undefined) this.finishClick(); // the common case, on every click after a click: no lists
      return;
    }
    const pending = [
      click === undefined ? undefined : { at: click.ts, finish: () => this.finishClick() },
      fill === undefined ? undefined : { at: fill.first, finish: () => this.finishFill() },
      scroll === undefined ? undefined : { at: scroll.first, finish: () => this.finishScroll() },
    ].filter((p) => p !== undefined);
    pending.sort((a, b) => a.at - b.at);
    for (const p of pending) p.finish();
  }

  private finishClick(): void {
    const click = this.click;
    if (click === undefined) return;
    this.click = undefined;
    this.ports.clearTimeout(click.timer);
    this.hold({ wire: { ts: click.ts, by: 'human', type: click.type, url: click.url }, target: click.slot });
  }

  private finishFill(): void {
    const fill = this.fill;
    if (fill === undefined) return;
    this.fill = undefined;
    this.ports.clearTimeout(fill.timer);
    if (typeof fill.typed === 'string') {
      if (fill.typed === '') return;
      const value = this.ports.valueOf(fill.element as E, fill.typed);
      this.hold({
        wire: { ts: fill.last, by: 'human', type: 'fill', url: this.ports.url(), ...value, typed: true },
        target: fill.slot,
      });
      return;
    }
    const value = this.ports.valueOf(fill.element as E);
    this.hold({ wire: { ts: fill.last, by: 'human', type: 'fill', url: this.ports.url(), ...value }, target: fill.slot });
  }

  private finishScroll(): void {
    const scroll = this.scroll;
    if (scroll === undefined) return;
    this.scroll = undefined;
    this.ports.clearTimeout(scroll.timer);
    const { x, y } = this.ports.scrollOf(scroll.element);
    this.hold({
      wire: { ts: scroll.last, by: 'human', type: 'scroll', url: this.ports.url(), x: Math.round(x), y: Math.round(y) },
      ...(scroll.slot === undefined ? {} : { target: scroll.slot }),
    });
  }

  /** Re-armed only when it fires early: one timer per edit, not one per keystroke. */
  private armFill(): void {
    const fill = this.fill;
    if (fill === undefined) return;
    const wait = fill.last + RECORD.fillIdleMs - this.ports.now();
    if (wait <= 0) return this.finishFill();
    fill.timer = this.ports.setTimeout(() => this.armFill(), wait);
  }

  private armScroll(): void {
    const scroll = this.scroll;
    if (scroll === undefined) return;
    const wait = scroll.last + RECORD.scrollIdleMs - this.ports.now();
    if (wait <= 0) return this.finishScroll();
    scroll.timer = this.ports.setTimeout(() => this.armScroll(), wait);
  }

  /** The element's slot: the one named lately (at pointerdown), else a new one, named in the next task. */
  private slotFor(element: E, clicked = false, seen?: string): Slot<E> {
    const now = this.ports.now();
    const known = this.named.get(element);
    // A click needs the name of what it clicks; anything else takes the element's latest name;
    // a press, the name of what it looked like then.
    const fits =
      known !== undefined && (known.slot.clicked === true || !clicked) && (seen === undefined || known.slot.seen === seen);
    if (fits && now - known.at <= RECORD.namedForMs) return known.slot;
    const slot: Slot<E> = { element, ...(clicked ? { clicked: true as const } : {}), ...(seen === undefined ? {} : { seen }) };
    this.named.set(element, { slot, at: now });
    this.toName.push(slot);
    this.later();
    return slot;
  }

  private describedNow(element: E): Slot<E> {
    return { element, described: this.safeDescribe(element) };
  }

  private name(): void {
    this.naming = false;
    for (const slot of this.toName.splice(0))
      slot.described ??= this.safeDescribe(slot.element, slot.clicked === true, slot.seen);
    this.pump();
  }

  private safeDescribe(element: E, clicked = false, seen?: string): Described {
    try {
      return this.ports.describe(element, clicked, seen);
    } catch {
      return {};
    }
  }

  /** Keeps the action for the next task, which names what is left to name and sends (nothing is sent inside an event). */
  private hold(action: Held<E>): void {
    this.held.push(action);
    if (this.held.length > RECORD.maxHeld) {
      this.held.shift();
      this.dropped++;
    }
    this.later();
  }

  private later(): void {
    if (this.naming) return;
    this.naming = true;
    this.ports.defer(() => this.name());
  }

  /** Sends, in order, every held action whose targets are named. */
  private pump(): void {
    let ready = 0;
    while (ready < this.held.length) {
      const action = this.held[ready] as Held<E>;
      if (action.target?.described === undefined && action.target !== undefined) break;
      if (action.to !== undefined && action.to.described === undefined) break;
      ready++;
    }
    if (ready === 0) return;
    const out = this.held.splice(0, ready).map(wireOf);
    this.ports.send(out);
    if (this.held.length === 0) this.release();
  }

  private release(): void {
    for (const done of this.waiting.splice(0)) done();
  }
}

/** A rich edit's typing after one more input: its text appended, a key's edit left to the key, anything else ends it. */
function typedAfter(typed: string | null | undefined, input: RichInput): string | null {
  if (typed === null || typed === undefined) return null;
  if (input === 'key') return typed;
  if (input === 'other') return null;
  return typed.length >= TYPED_CHARS ? typed : typed + input.text;
}

/** Characters of typing kept for a rich edit; the value recorded is cut at MAX_VALUE anyway. */
const TYPED_CHARS = 1_000;

function wireOf<E>(action: Held<E>): ActionWire {
  const wire: ActionWire = { ...action.wire };
  const target = action.target?.described;
  if (target !== undefined) Object.assign(wire, target);
  const to = action.to?.described;
  if (to !== undefined) {
    if (to.locator !== undefined) wire.to_locator = to.locator;
    if (to.selector !== undefined) wire.to_selector = to.selector;
    if (to.nth !== undefined) wire.to_nth = to.nth;
  }
  return wire;
}
