import { ActionFailure } from './ActionFailure.js';

/**
 * The page actions a replay's steps need beyond `interact`'s (docs/mcp-tools.md), as a person would do them
 * and as Playwright's `check`, `requestSubmit`, `selectOption` and `scrollTo` do: a checkbox is
 * clicked only when its state differs, a form is submitted with its validation and submit
 * event, a multiple select gets its options, an element or the window scrolls to a position.
 * `click` is domActions' own (the events a mouse click fires).
 */
export function replayAction(
  action: string,
  target: Element | undefined,
  params: Record<string, unknown>,
  click: (element: Element) => unknown,
): unknown {
  switch (action) {
    case 'check':
    case 'uncheck':
      return check(required(target), action === 'check', click);
    case 'submit':
      return submit(required(target));
    case 'select_values':
      return selectValues(required(target), Array.isArray(params.values) ? params.values.map(String) : []);
    case 'scroll_to':
      return scrollTo(target, params);
    case 'pointer_drag':
      return pointerDrag(required(target), movesOf(params.moves));
    default:
      throw new ActionFailure('unknown_action', `The extension does not know the page action "${action}"`);
  }
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

function required(target: Element | undefined): Element {
  if (target === undefined) throw new ActionFailure('invalid_params', 'selector is required');
  return target;
}

function check(element: Element, want: boolean, click: (element: Element) => unknown): unknown {
  const box = element as HTMLInputElement;
  const native = element.tagName === 'INPUT' && (box.type === 'checkbox' || box.type === 'radio');
  if (!native && element.getAttribute('aria-checked') === null) {
    throw new ActionFailure('not_checkable', `The element is not a checkbox, radio or aria-checked control: ${brief(element)}`);
  }
  const checked = () => (native ? box.checked : element.getAttribute('aria-checked') === 'true');
  if (checked() === want) return { checked: want, clicked: false, element: brief(element) };
  click(element);
  if (checked() !== want) {
    throw new ActionFailure('check_failed', `Clicking ${brief(element)} did not ${want ? 'check' : 'uncheck'} it`);
  }
  return { checked: want, clicked: true, element: brief(element) };
}

/** The element's form (itself, its form owner, or the form around it) submitted as its submit button or Enter would. */
function submit(element: Element): unknown {
  const owner = (element as HTMLInputElement).form;
  const form = element.tagName === 'FORM' ? (element as HTMLFormElement) : (owner ?? element.closest('form'));
  if (form === null) throw new ActionFailure('not_in_a_form', `No form to submit around ${brief(element)}`);
  const submitter =
    element !== form && (element as HTMLButtonElement).type === 'submit' ? (element as HTMLButtonElement) : undefined;
  form.requestSubmit(submitter);
  return { submitted: brief(form) };
}

function selectValues(element: Element, values: readonly string[]): unknown {
  if (element.tagName !== 'SELECT') throw new ActionFailure('not_a_select', `The element is not a <select>: ${brief(element)}`);
  const select = element as HTMLSelectElement;
  const options = [...select.options];
  const missing = values.filter((value) => !options.some((option) => option.value === value));
  if (missing.length > 0) {
    throw new ActionFailure(
      'option_not_found',
      `No option with value ${JSON.stringify(missing.slice(0, 5))} in ${brief(select)}`,
    );
  }
  for (const option of options) option.selected = values.includes(option.value);
  select.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: values.slice(0, 20), element: brief(select) };
}

function scrollTo(element: Element | undefined, params: Record<string, unknown>): unknown {
  const x = typeof params.x === 'number' ? params.x : undefined;
  const y = typeof params.y === 'number' ? params.y : undefined;
  if (element === undefined) {
    window.scrollTo({ left: x ?? scrollX, top: y ?? scrollY, behavior: 'instant' });
    return { scroll: { x: Math.round(scrollX), y: Math.round(scrollY) } };
  }
  element.scrollTo({ left: x ?? element.scrollLeft, top: y ?? element.scrollTop, behavior: 'instant' });
  return { scroll: { x: Math.round(element.scrollLeft), y: Math.round(element.scrollTop) }, element: brief(element) };
}

function brief(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const name = element.getAttribute('name');
  return `<${element.tagName.toLowerCase()}${id}${name ? ` name="${name}"` : ''}>`;
}
