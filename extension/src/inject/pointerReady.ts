import { type ActionablePorts, waitActionable } from './actionable.js';

/** A frame is waited for this long at most: a tab that does not paint runs no animation frame (ms). */
const FRAME_FALLBACK_MS = 50;

/**
 * Waits, until `deadline` (performance.now() ms), for the element to take a pointer action as
 * Playwright's actions wait (actionable.ts): visible, stable over two animation frames,
 * enabled, and the element itself under the point it will be acted on. `replaced`: whether the
 * element's selector now picks another one (asked while it is not ready, actionable.ts).
 */
export function pointerReady(element: Element, deadline: number, replaced?: () => boolean): Promise<{ x: number; y: number }> {
  const view = element.ownerDocument.defaultView ?? window;
  const ports: ActionablePorts = {
    now: () => performance.now(),
    frame: () =>
      new Promise((resolve) => {
        const timer = setTimeout(resolve, FRAME_FALLBACK_MS);
        view.requestAnimationFrame(() => (clearTimeout(timer), resolve()));
      }),
    connected: () => element.isConnected,
    box: () => element.getBoundingClientRect(),
    shown: () => view.getComputedStyle(element).visibility !== 'hidden',
    enabled: () => !disabled(element),
    scrollIntoView: (centre) => {
      const box = element.getBoundingClientRect();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      if (centre || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight)
        element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    },
    point: () => {
      const first = [...element.getClientRects()].find((rect) => rect.width > 0 && rect.height > 0);
      const box = first ?? element.getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    },
    hitAt: (x, y) => hitAt(element, x, y),
    ...(replaced === undefined ? {} : { replaced }),
  };
  return waitActionable(ports, deadline);
}

function disabled(element: Element): boolean {
  try {
    if (element.matches(':disabled')) return true;
  } catch {
    // an element :disabled does not apply to
  }
  return element.closest('[aria-disabled="true"]') !== null;
}

/** Whether the element (or one inside it, or a label of it) is what a pointer at the point reaches. */
function hitAt(element: Element, x: number, y: number): { ok: true } | { ok: false; covering: string } {
  let hit = element.ownerDocument.elementFromPoint(x, y);
  // Into open shadow roots, to the innermost element at the point.
  for (let depth = 0; hit?.shadowRoot && depth < 32; depth++) {
    const inner = hit.shadowRoot.elementFromPoint(x, y);
    if (inner === null || inner === hit) break;
    hit = inner;
  }
  if (hit === null) return { ok: false, covering: 'nothing (the point is outside the page)' };
  if (within(hit, element)) return { ok: true };
  // A click on a field's label reaches the field.
  const label = hit.closest('label') as HTMLLabelElement | null;
  if (label !== null && label.control === element) return { ok: true };
  return { ok: false, covering: brief(hit) };
}

/**
 * `node` is `ancestor` or inside it as the pointer's event travels: across shadow roots, and
 * from content placed in a slot to the slot (a component's option shows its light headline in
 * its shadow `<li role="option">`).
 */
function within(node: Node, ancestor: Element): boolean {
  for (let at: Node | null = node, depth = 0; at !== null && depth < 10_000; depth++) {
    if (at === ancestor) return true;
    const slot: HTMLSlotElement | null = (at as Element).assignedSlot ?? null;
    at = slot ?? at.parentNode ?? (at.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((at as ShadowRoot).host ?? null) : null);
  }
  return false;
}

function brief(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const classes = [...element.classList]
    .slice(0, 3)
    .map((name) => `.${name}`)
    .join('');
  return `<${element.tagName.toLowerCase()}${id}${classes}>`;
}
