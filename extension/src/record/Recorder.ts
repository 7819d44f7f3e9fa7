import { type ActionType, KIND, type NavigationKind, type PickedFile } from '../../../src/domain/wire/entries.js';
import type { ActionWire } from '../shared/actions.js';
import { type Held, Outbox, type OutboxPorts, type Slot } from './Outbox.js';
import { type RichInput, typedAfter } from './richTyping.js';
import type { RecordedValue } from './values.js';

export type { RichInput } from './richTyping.js';

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

/** The page as the Recorder sees it (Outbox.ts: the time, a task of its own, naming, sending). */
export interface RecorderPorts<E extends object> extends OutboxPorts<E> {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
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
}

interface PendingClick<E> {
  readonly element: E;
  readonly slot: Slot<E>;
  readonly ts: number;
  readonly url: string;
  type: typeof KIND.click | typeof KIND.dblclick;
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
  private readonly outbox: Outbox<E>;
  private click: PendingClick<E> | undefined;
  private fill: PendingRun<E> | undefined;
  private scroll: PendingRun<E> | undefined;
  private dragFrom: Slot<E> | undefined;

  constructor(private readonly ports: RecorderPorts<E>) {
    this.outbox = new Outbox(ports, RECORD);
  }

  /** Actions dropped because more than RECORD.maxHeld waited (reported by the relay as a lost-entries note). */
  get dropped(): number {
    return this.outbox.dropped;
  }

  set dropped(count: number) {
    this.outbox.dropped = count;
  }

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
    this.outbox.namePending();
  }

  clicked(element: E, detail: number): void {
    if (detail >= 2 && this.click?.element === element) return; // the second click of a double click
    this.finishAll();
    const click: PendingClick<E> = {
      element,
      slot: this.slotFor(element, true),
      ts: this.ports.now(),
      url: this.ports.url(),
      type: KIND.click,
      timer: undefined,
    };
    click.timer = this.ports.setTimeout(() => this.finishClick(), RECORD.doubleClickMs);
    this.click = click;
  }

  doubleClicked(element: E): void {
    if (this.click?.element === element) {
      this.click.type = KIND.dblclick;
      this.finishClick();
      return;
    }
    this.finishAll();
    this.hold({ ...this.base(KIND.dblclick), target: this.slotFor(element, true) });
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
    this.hold({ ...this.base(KIND.press, { key }), target: this.slotFor(element) });
  }

  /** A choice: a select's option(s), a checkbox or radio, a file pick. `detail` is its value or files. */
  chose(
    element: E,
    type: typeof KIND.select | typeof KIND.check | typeof KIND.uncheck | typeof KIND.upload,
    detail: RecordedValue | { files: PickedFile[] } = {},
  ): void {
    this.finishAll();
    this.hold({ ...this.base(type, detail), target: this.slotFor(element) });
  }

  submitted(form: E): void {
    this.finishAll();
    this.hold({ ...this.base(KIND.submit), target: this.slotFor(form) });
  }

  dragStarted(element: E): void {
    this.dragFrom = this.slotFor(element);
  }

  droppedOn(element: E): void {
    const from = this.dragFrom;
    this.dragFrom = undefined;
    if (from === undefined) return;
    this.finishAll();
    this.hold({ ...this.base(KIND.drag), target: from, to: this.slotFor(element) });
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
      ...this.base(KIND.drag, { moves: path }),
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
    this.hold({ wire: { ts, by: 'human', type: KIND.navigate, url, navigation, ...(byScript ? { by_script: true } : {}) } });
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
    const slot = element === undefined ? undefined : this.outbox.describedNow(element);
    const to = named === undefined ? undefined : this.outbox.describedNow(named);
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
    this.outbox.name();
  }

  /** Resolves once every finished action has been handed on (a drain: read after act). */
  settled(): Promise<void> {
    return this.outbox.settled();
  }

  /** Drops what is pending (recording was turned off). */
  reset(): void {
    for (const pending of [this.click, this.fill, this.scroll]) if (pending !== undefined) this.ports.clearTimeout(pending.timer);
    this.click = this.fill = this.scroll = this.dragFrom = undefined;
    this.outbox.clear();
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
        wire: { ts: fill.last, by: 'human', type: KIND.fill, url: this.ports.url(), ...value, typed: true },
        target: fill.slot,
      });
      return;
    }
    const value = this.ports.valueOf(fill.element as E);
    this.hold({ wire: { ts: fill.last, by: 'human', type: KIND.fill, url: this.ports.url(), ...value }, target: fill.slot });
  }

  private finishScroll(): void {
    const scroll = this.scroll;
    if (scroll === undefined) return;
    this.scroll = undefined;
    this.ports.clearTimeout(scroll.timer);
    const { x, y } = this.ports.scrollOf(scroll.element);
    this.hold({
      wire: { ts: scroll.last, by: 'human', type: KIND.scroll, url: this.ports.url(), x: Math.round(x), y: Math.round(y) },
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

  private slotFor(element: E, clicked = false, seen?: string): Slot<E> {
    return this.outbox.slotFor(element, clicked, seen);
  }

  private hold(action: Held<E>): void {
    this.outbox.hold(action);
  }
}
