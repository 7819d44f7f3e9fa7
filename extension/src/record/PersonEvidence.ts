/** A scroll counts as the person's when their wheel, touch, scrolling key or scrollbar press came this soon before it (ms). */
export const SCROLL_INTENT_MS = 1_000;

/** A trusted press of a pointer: where and with which button (0 main, 1 middle). */
export interface Press<E> {
  readonly target: E;
  readonly x: number;
  readonly y: number;
  readonly button: number;
  /** When it happened, or when the scroll it caused last moved (ms). */
  at: number;
  /** Whether it was on the scrollbar of what scrolled, once asked (for that element). */
  answered?: { readonly scrolled: E | undefined; readonly onScrollbar: boolean };
}

export interface EvidencePorts<E> {
  /** Whether `element` belongs to `form`: inside it, or a control it owns (`form=` attribute). */
  inForm(element: E, form: E): boolean;
  /** Whether the press was on a scrollbar of `scrolled` (`undefined`: the page's own). Asked at most once per press. */
  onScrollbar(press: Press<E>, scrolled: E | undefined): boolean;
}

/**
 * What the person's own trusted events show they did just now, against which the events the
 * browser fires on behalf of a page's script are told apart. Chromium marks as trusted the
 * `input` of `document.execCommand('insertText')`, the `input`/`change` of `checkbox.click()`,
 * the `submit` of `form.requestSubmit()` and the `scroll` of `scrollTo()` (measured): their
 * `isTrusted` says nothing about who acted. So:
 * - a text field's `input` is the person's only when a trusted key, `beforeinput` (typing,
 *   paste, drop, composition, undo, spelling) or press of theirs reached that very field in the
 *   same task — `execCommand` fires no `beforeinput`;
 * - a checkbox's or radio's `change` only after a trusted `click` on that very input in the same
 *   task (a click on its label, Space on it and an arrow in its group each give one);
 * - a `submit` only after a trusted `click` or `Enter` in that form in the same task;
 * - a scroll only within SCROLL_INTENT_MS of a trusted wheel, touch, scrolling key outside a
 *   field, middle-button press or press on the scrollbar of what scrolled (a scroll that goes
 *   on — a fling, a smooth scroll — keeps it).
 * "The same task" is until `taskEnded` (the relay calls it when it hears its notes, in the task
 * after the event), and each piece of evidence is used once.
 */
export class PersonEvidence<E> {
  /** The element the person's key, beforeinput or press reached in this task. */
  private touched: E | undefined;
  /** The target of the person's trusted click in this task. */
  private clickedOn: E | undefined;
  /** Where the person's Enter went down in this task. */
  private enteredOn: E | undefined;
  private scrollIntentAt = -Infinity;
  private press: Press<E> | undefined;

  constructor(private readonly ports: EvidencePorts<E>) {}

  /** The task the evidence was seen in is over: none of it stands for what comes later. */
  taskEnded(): void {
    this.touched = this.clickedOn = this.enteredOn = undefined;
  }

  /** A trusted keydown on `target`. `scrolls`: a key that scrolls the page there (not typed into a field). */
  keyDown(target: E | undefined, key: string, scrolls: boolean, now: number): void {
    this.touched = target;
    if (key === 'Enter') this.enteredOn = target;
    if (scrolls) this.scrollIntentAt = now;
  }

  /** A trusted beforeinput on `target`: the browser is about to change it for the person. */
  beforeInput(target: E | undefined): void {
    this.touched = target;
  }

  pointerDown(press: Press<E>): void {
    this.touched = press.target;
    this.press = press;
  }

  clicked(target: E): void {
    this.clickedOn = target;
  }

  /** A trusted wheel or touch: the person moves the page. */
  wheelOrTouch(now: number): void {
    this.scrollIntentAt = now;
  }

  /** Whether the trusted `input` on `target` is the person's doing (see the class). */
  typed(target: E): boolean {
    if (this.touched !== target) return false;
    this.touched = undefined;
    return true;
  }

  /** Whether the trusted `change` of the checkbox or radio `input` is the person's doing. */
  toggled(input: E): boolean {
    if (this.clickedOn !== input) return false;
    this.clickedOn = undefined;
    return true;
  }

  /** Whether the trusted `submit` of `form` is the person's doing. */
  submitted(form: E): boolean {
    const by = [this.clickedOn, this.enteredOn].find((element) => element !== undefined && this.ports.inForm(element, form));
    if (by === undefined) return false;
    this.clickedOn = this.enteredOn = undefined;
    return true;
  }

  /** Whether a trusted scroll of `scrolled` (`undefined`: the page) now is the person's doing. */
  scrolled(scrolled: E | undefined, now: number): boolean {
    if (now - this.scrollIntentAt <= SCROLL_INTENT_MS) {
      this.scrollIntentAt = now;
      return true;
    }
    const press = this.press;
    if (press === undefined || now - press.at > SCROLL_INTENT_MS) return false;
    if (press.button !== 1) {
      if (press.answered === undefined || press.answered.scrolled !== scrolled)
        press.answered = { scrolled, onScrollbar: this.ports.onScrollbar(press, scrolled) };
      if (!press.answered.onScrollbar) return false;
    }
    press.at = now;
    return true;
  }
}
