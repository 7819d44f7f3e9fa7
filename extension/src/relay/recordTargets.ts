import { isVisible } from '../inject/visible.js';
import { editingHost, outOfShadow, slottedWidget } from '../record/clickedPart.js';
import { type Described, describeTarget } from '../record/locators.js';
import { CONTROL, namingPrint } from '../record/namingPrint.js';
import { ariaHiddenNow, describePressed } from '../record/pressedTarget.js';
import type { ChangedSince } from '../record/sincePress.js';

/**
 * What the person's events are about, as a test names it: the element an event landed on, the
 * control a test clicks for it, and the print of what naming read at a press, for naming it
 * later as it was then (namingPrint.ts, pressedTarget.ts).
 */

/** The element an event is about: the innermost one, inside open shadow roots too. */
export function targetOf(event: Event): Element | undefined {
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
export function pressPrint(element: Element): string {
  return `${ariaHiddenNow(element) ? '1' : '0'}${namingPrint(element)}`;
}

/**
 * Names a recorded target (the Recorder's `describe`): a name the page changed since the person
 * pressed the element is refused (`renamed`, namingPrint.ts); one the page took from a test's
 * view as it reacted to the press is the one it had then (pressedTarget.ts). `clicked`: named as
 * the control a test clicks for it (clickTarget); `changed`, what the page changed since the press
 * (record/sincePress.ts), not counted against it.
 */
export function describeRecorded(
  element: Element,
  clicked: boolean,
  seen: string | undefined,
  changed?: ChangedSince,
): Described {
  if (seen === undefined) return describeTarget(clicked ? clickTarget(element) : element);
  if (namingPrint(element) !== seen.slice(1)) return { renamed: true };
  return describePressed(element, seen.startsWith('1')) ?? describeTarget(clicked ? clickTarget(element) : element, changed);
}

/**
 * A click inside a control stands for the control (as a test clicks it), when the control is
 * visible; a click in editable content, for its editing host (a code editor, not the line it
 * landed on); a click on a part of a component's open shadow root, for the widget or component
 * it is part of, and on content placed in a slot of a component's widget, for that widget
 * (clickedPart.ts).
 */
export function clickTarget(element: Element): Element {
  if (element.matches('input,textarea,select')) return element;
  const editor = editingHost(element);
  if (editor !== undefined) return editor;
  const part = outOfShadow(element);
  const control = part.closest(CONTROL);
  const widget = part === element ? slottedWidget(element, control) : undefined;
  if (widget !== undefined && isVisible(widget)) return widget;
  return control !== null && control !== part && isVisible(control) ? control : part;
}
