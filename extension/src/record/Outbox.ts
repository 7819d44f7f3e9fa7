import type { ActionWire } from '../shared/actions.js';
import type { Described } from './locators.js';

/** What the outbox needs of the page: the time, a task of its own, naming, and where actions go. */
export interface OutboxPorts<E extends object> {
  now(): number;
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
  /** Hands finished actions on, in the order they happened (from a deferred task, never inside an event). */
  send(actions: ActionWire[]): void;
}

/** An element to be named, and its name once it is. */
export interface Slot<E> {
  readonly element: E;
  /** Named as what a click on the element clicks (the control it is in). */
  readonly clicked?: true;
  /** What naming read at the person's press (`prepare`). */
  readonly seen?: string;
  described?: Described;
}

/** A finished action waiting for its target (and drop target) to be named. */
export interface Held<E> {
  readonly wire: ActionWire;
  readonly target?: Slot<E>;
  readonly to?: Slot<E>;
}

export interface OutboxLimits {
  /** A target named at a press still stands for what follows within this long (ms). */
  readonly namedForMs: number;
  /** Actions held for sending, at most (past it the oldest goes and is counted in `dropped`). */
  readonly maxHeld: number;
}

/**
 * The Recorder's finished actions on their way out: each waits until its targets are named,
 * which happens in a task of its own after the event (`defer`: naming reads style and text, too
 * costly inside the page's events), and they leave in the order they happened. An element named
 * at a press keeps that name for what follows it (`slotFor`).
 */
export class Outbox<E extends object> {
  private readonly named = new WeakMap<E, { slot: Slot<E>; at: number }>();
  private readonly toName: Slot<E>[] = [];
  private naming = false;
  private readonly held: Held<E>[] = [];
  private readonly waiting: Array<() => void> = [];
  /** Actions dropped because more than `maxHeld` waited. */
  dropped = 0;

  constructor(
    private readonly ports: OutboxPorts<E>,
    private readonly limits: OutboxLimits,
  ) {}

  /** The element's slot: the one named lately (at pointerdown), else a new one, named in the next task. */
  slotFor(element: E, clicked = false, seen?: string): Slot<E> {
    const now = this.ports.now();
    const known = this.named.get(element);
    // A click needs the name of what it clicks; anything else takes the element's latest name;
    // a press, the name of what it looked like then.
    const fits =
      known !== undefined && (known.slot.clicked === true || !clicked) && (seen === undefined || known.slot.seen === seen);
    if (fits && now - known.at <= this.limits.namedForMs) return known.slot;
    const slot: Slot<E> = { element, ...(clicked ? { clicked: true as const } : {}), ...(seen === undefined ? {} : { seen }) };
    this.named.set(element, { slot, at: now });
    this.toName.push(slot);
    this.later();
    return slot;
  }

  /** A slot named at once (browsertap's own action names its target before it acts). */
  describedNow(element: E): Slot<E> {
    return { element, described: this.safeDescribe(element) };
  }

  /** Names now what waits to be named, if anything does (a press: before the click changes the page). */
  namePending(): void {
    if (this.toName.length > 0) this.name();
  }

  /** Keeps the action for the next task, which names what is left to name and sends (nothing is sent inside an event). */
  hold(action: Held<E>): void {
    this.held.push(action);
    if (this.held.length > this.limits.maxHeld) {
      this.held.shift();
      this.dropped++;
    }
    this.later();
  }

  /** Names everything waiting and sends what is ready (the page is going away, or the deferred task). */
  name(): void {
    this.naming = false;
    for (const slot of this.toName.splice(0))
      slot.described ??= this.safeDescribe(slot.element, slot.clicked === true, slot.seen);
    this.pump();
  }

  /** Resolves once every held action has been handed on. */
  settled(): Promise<void> {
    if (this.held.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Drops what is held and waits to be named (recording was turned off); a drain waiting resolves. */
  clear(): void {
    this.held.length = 0;
    this.toName.length = 0;
    this.release();
  }

  private safeDescribe(element: E, clicked = false, seen?: string): Described {
    try {
      return this.ports.describe(element, clicked, seen);
    } catch {
      return {};
    }
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
