import type { ActionType } from '../../../src/domain/capture/entries.js';
import { type AgentActDetail, type AgentRecorder, RECORDER_SLOT } from '../shared/actions.js';
import type { PageOutcome } from '../shared/commands.js';
import { SLOT } from '../shared/commands.js';
import { KeyFailure, pressKey } from './keyboard.js';
import { REF_PATTERN, RefRegistry } from './refs.js';
import { snapshot } from './snapshot.js';
import { ActionFailure } from './ActionFailure.js';
import { normalize } from './accessibleName.js';
import { closestByRole, queryAll as matching } from './targets.js';
import { acted, look } from './settleWatch.js';
import { replayAction } from './replayActions.js';
import { isVisible } from './visible.js';
import { isA } from './realm.js';
import { pointerReady } from './pointerReady.js';
import { DETACHED } from './actionable.js';
import { typeText } from './typeText.js';

/** How long click, type, select, scroll and highlight wait for their element to appear (ms). */
const APPEAR_MS = 2_000;
const TEXT_CHARS = 200;

type Params = Record<string, unknown>;

/** Candidates an `ambiguous_selector` error lists. */
const CANDIDATES = 5;

/** The document actions run in: the page's, or a same-origin iframe's (`frame`). */
let root: Document = document;
/** This document's refs (docs/mcp-tools.md): a new document, after a navigation, starts with none. */
const refs = new RefRegistry();
/** What a replay's own page actions are recorded as. */
const REPLAYED: Readonly<Record<string, ActionType>> = {
  check: 'check',
  uncheck: 'uncheck',
  submit: 'submit',
  select_values: 'select',
  scroll_to: 'scroll',
  pointer_drag: 'drag',
};

/** The command this action runs for: its actions are recorded `by: "agent"` under it (docs/mcp-tools.md). */
let correlation: string | undefined;

/**
 * The page actions of docs/mcp-tools.md, in the extension's isolated world (the page's DOM, none of its
 * JavaScript): click, type, select, scroll, wait_for, query_dom, highlight. `budgetMs` is what is
 * left of the command's execution limit; waits end before it. `settleSince`: the action will be
 * settled as the one that began then (ms since the epoch), so its timers are looked for here.
 */
export async function domAction(
  action: string,
  params: Params,
  budgetMs: number,
  settleSince?: number,
  correlationId?: string,
): Promise<PageOutcome> {
  if (typeof settleSince === 'number') acted(settleSince);
  correlation = typeof correlationId === 'string' ? correlationId : undefined;
  try {
    const data = await run(action, params, Math.max(0, budgetMs));
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ActionFailure)
      return { ok: false, code: error.code, message: error.message, ...(error.timeout ? { timeout: true } : {}) };
    const thrown = error as Error;
    return {
      ok: false,
      code: 'page_error',
      name: thrown?.name ?? 'Error',
      message: String(thrown?.message ?? error),
      ...(thrown?.stack ? { stack: thrown.stack } : {}),
    };
  }
}

async function run(action: string, params: Params, budgetMs: number): Promise<unknown> {
  const selector = typeof params.selector === 'string' ? params.selector : undefined;
  const ref = typeof params.ref === 'string' ? params.ref : undefined;
  const started = performance.now();
  root = await rootFor(params.frame, Math.min(APPEAR_MS, budgetMs));
  // A frame waited for takes its time from its element's wait, not from the command's budget.
  const left = () => Math.max(0, Math.min(APPEAR_MS, budgetMs) - (performance.now() - started));
  const nth = typeof params.nth === 'number' ? params.nth : undefined;
  // The target's appearance and its readiness for a pointer share one wait (as a replay's step does).
  const until = performance.now() + left();
  const one = async () => (ref !== undefined ? byRef(ref) : element(selector, left(), nth));
  // A target the page replaced while it was waited for is looked up again (at most a few times a frame).
  const ready = async () => {
    for (let tries = 0; ; tries++) {
      const target = await one();
      try {
        await pointerReady(target, until);
        return target;
      } catch (error) {
        if (!(error instanceof ActionFailure && error.code === DETACHED) || ref !== undefined || tries >= 100) throw error;
      }
    }
  };
  switch (action) {
    case 'snapshot':
      return takeSnapshot(ref !== undefined || selector !== undefined ? await one() : root.documentElement, params);
    case 'click': {
      const target = await ready();
      return recorded('click', target, () => click(target));
    }
    case 'type': {
      const target = await one();
      return recorded('fill', target, () => typeText(target, String(params.text ?? ''), params.clear === true));
    }
    case 'select': {
      const target = await one();
      return recorded('select', target, () => select(target, String(params.value ?? '')));
    }
    case 'scroll': {
      const target = selector === undefined && ref === undefined ? undefined : await one();
      return recorded('scroll', target, () => scroll(target, params));
    }
    case 'press_key': {
      const target = selector === undefined && ref === undefined ? (root.activeElement ?? root.body) : await one();
      const key = String(params.key ?? '');
      const press = () => {
        try {
          return pressKey(
            target,
            key,
            (e): e is HTMLInputElement | HTMLTextAreaElement => isA(e, 'HTMLInputElement') || isA(e, 'HTMLTextAreaElement'),
          );
        } catch (error) {
          if (error instanceof KeyFailure) throw new ActionFailure(error.code, error.message);
          throw error;
        }
      };
      return recorded('press', target, press, { key });
    }
    case 'hover':
      return hover(await one());
    case 'upload': {
      const target = await one();
      return recorded(
        'upload',
        target,
        () => upload(target, params.files),
        undefined,
        (result) => ({
          files: (result as { uploaded: Array<{ name: string; size: number }> }).uploaded,
        }),
      );
    }
    case 'drag': {
      const from = await ready();
      const to =
        typeof params.to_ref === 'string'
          ? byRef(params.to_ref)
          : await element(
              typeof params.to_selector === 'string' ? params.to_selector : undefined,
              Math.min(APPEAR_MS, budgetMs),
              typeof params.to_nth === 'number' ? params.to_nth : undefined,
            );
      return recorded('drag', from, () => drag(from, to), { to });
    }
    case 'settle':
      return look(Number(params.since));
    case 'audit':
      return audit(ref !== undefined || selector !== undefined ? await one() : root, params.rules);
    case 'measure':
      return measure(params, ref !== undefined || selector !== undefined ? await one() : undefined);
    case 'dblclick': {
      const target = await ready();
      return recorded('dblclick', target, () => dblclick(target));
    }
    case 'check':
    case 'uncheck':
    case 'submit':
    case 'select_values':
    case 'scroll_to':
    case 'pointer_drag': {
      // A replay's steps (docs/mcp-tools.md), recorded as the actions they replay; scroll_to without a target scrolls the window.
      const target = action === 'scroll_to' && selector === undefined ? undefined : await one();
      return recorded(REPLAYED[action] as ActionType, target, () => replayAction(action, target, params, click));
    }
    case 'wait_for':
      return waitFor(required(selector), budgetMs);
    case 'query_dom':
      return queryDom(required(selector), typeof params.limit === 'number' ? params.limit : 20);
    case 'highlight':
      return highlight(required(selector), Math.min(APPEAR_MS, budgetMs));
    default:
      throw new ActionFailure('unknown_action', `The extension does not know the page action "${action}"`);
  }
}

/**
 * Runs an action of the agent's command and records it `by: "agent"` (docs/mcp-tools.md) through the
 * recorder the relay keeps in this isolated world (none while recording is off): its target is
 * named before it acts, and the trusted events it causes (a contenteditable's input, a checkbox's
 * change, a submit) are not taken for the person's.
 */
function recorded<T>(
  type: ActionType,
  target: Element | undefined,
  work: () => T,
  detail?: AgentActDetail,
  late?: (result: T) => AgentActDetail,
): T {
  const hook = (globalThis as unknown as Record<symbol, AgentRecorder | undefined>)[Symbol.for(RECORDER_SLOT)];
  let done: ((ok: boolean, late?: AgentActDetail) => void) | undefined;
  try {
    if (correlation !== undefined) done = hook?.agent(type, correlation, target, detail);
  } catch {
    done = undefined; // recording never stands in the way of the action
  }
  let result: T | undefined;
  let ok = false;
  try {
    result = work();
    ok = true;
    return result;
  } finally {
    try {
      done?.(ok, ok && late !== undefined ? late(result as T) : undefined);
    } catch {
      // as above
    }
  }
}

/** The element of a ref from this tab's snapshots, or `stale_ref` with what to do. */
function byRef(ref: string): Element {
  if (!REF_PATTERN.test(ref)) throw new ActionFailure('invalid_params', `"${ref}" is not a ref: refs look like e12`);
  const found = refs.resolve(ref);
  if (found === undefined) {
    throw new ActionFailure(
      'stale_ref',
      `Ref ${ref} is stale: its element is gone or the page has navigated since the snapshot; take a new snapshot (interact {action:"snapshot"}) and use its refs`,
    );
  }
  root = found.ownerDocument;
  return found;
}

/** Nodes shown below the start, at most (`max_depth`). */
const DEFAULT_DEPTH = 40;

function takeSnapshot(start: Element, params: Params): unknown {
  const depth = typeof params.max_depth === 'number' ? Math.max(1, Math.floor(params.max_depth)) : DEFAULT_DEPTH;
  const taken = snapshot(start, refs, depth);
  return {
    url: location.href,
    title: document.title,
    snapshot: taken.text,
    ...(taken.frames.length > 0 ? { frames: taken.frames } : {}),
    ...(taken.truncated
      ? { truncated: true, hint: 'The page is larger than one snapshot shows: pass ref or selector (a subtree) or max_depth' }
      : {}),
  };
}

function required(selector: string | undefined): string {
  if (selector === undefined || selector === '') throw new ActionFailure('invalid_params', 'selector is required');
  return selector;
}

/** How often a frame not there yet is looked for (ms). */
const FRAME_POLL_MS = 50;

/**
 * `frame`: the CSS selector of an iframe in the top document; its document, when it is
 * same-origin, once it has loaded what its `src` names. Waits up to `waitMs` for it, as an
 * element is waited for: a page may add its iframe after its own load.
 */
async function rootFor(frame: unknown, waitMs: number): Promise<Document> {
  if (typeof frame !== 'string' || frame === '') return document;
  const until = performance.now() + waitMs;
  for (;;) {
    const found = frameDocument(frame);
    if (found !== undefined) return found;
    if (performance.now() >= until) break;
    await new Promise((resolve) => setTimeout(resolve, FRAME_POLL_MS));
  }
  throw new ActionFailure('frame_not_found', `No iframe matches frame "${frame}" (waited ${waitMs} ms)`);
}

/** The iframe's document once it shows what its `src` names; undefined while there is none. */
function frameDocument(frame: string): Document | undefined {
  let element: Element | null;
  try {
    element = document.querySelector(frame);
  } catch (error) {
    throw new ActionFailure('invalid_selector', `frame "${frame}" is not a valid CSS selector: ${(error as Error).message}`);
  }
  if (!(element instanceof HTMLIFrameElement || element instanceof HTMLFrameElement)) return undefined;
  let inner: Document | null = null;
  try {
    inner = element.contentDocument;
  } catch {
    // cross-origin
  }
  if (inner === null) {
    throw new ActionFailure(
      'cross_origin_frame',
      `The iframe "${frame}" shows another origin; actions reach same-origin frames only for now`,
    );
  }
  // A new iframe shows about:blank until the document of its src replaces it.
  const src = element.getAttribute('src');
  const pending = src !== null && src !== '' && !src.startsWith('about:') && inner.URL === 'about:blank';
  return pending || inner.readyState === 'loading' ? undefined : inner;
}

/** Elements matching a selector (CSS, `text=`, `role=`: targets.ts) in the document actions run in. */
function queryAll(selector: string): Element[] {
  return matching(root, selector);
}

/** `element_not_found`, with the closest names of the role a `role=` selector asked for. */
function notFound(selector: string, waitMs: number): ActionFailure {
  const closest = closestByRole(root, selector, (element) => refs.refFor(element));
  return new ActionFailure('element_not_found', `No element matches "${selector}" (waited ${waitMs} ms)${closest}`);
}

/**
 * The element an action acts on, waiting up to `waitMs` for one to appear. Several visible
 * matches are `ambiguous_selector` (with up to 5 candidates) unless `nth` picks one (0-based,
 * among the visible matches); one visible match among hidden ones is that one.
 */
async function element(selector: string | undefined, waitMs: number, nth?: number): Promise<Element> {
  const css = required(selector);
  const found = await appear(css, waitMs, false);
  if (found === undefined) throw notFound(css, waitMs);
  const all = queryAll(css);
  const visible = all.filter(isVisible);
  const pool = visible.length > 0 ? visible : all;
  if (nth !== undefined) {
    const picked = pool[nth];
    if (picked === undefined) {
      throw new ActionFailure(
        'element_not_found',
        `"${css}" matches ${pool.length} ${visible.length > 0 ? 'visible ' : ''}element(s); nth ${nth} is past them (0-based)`,
      );
    }
    return picked;
  }
  if (visible.length > 1) {
    const listed = visible
      .slice(0, CANDIDATES)
      .map(
        (candidate, i) =>
          `${i}: ${brief(candidate)} ${JSON.stringify(cut(normalize((candidate as HTMLElement).innerText ?? candidate.textContent ?? ''), 40))} [ref=${refs.refFor(candidate)}]`,
      );
    throw new ActionFailure(
      'ambiguous_selector',
      `"${css}" matches ${visible.length} visible elements; pass one's ref, nth (0-${visible.length - 1}) or a narrower selector. ${listed.join('; ')}${visible.length > CANDIDATES ? '; …' : ''}`,
    );
  }
  return pool[0] as Element;
}

/** Resolves with the first match (visible, if asked) as soon as there is one, or undefined after `waitMs`. */
function appear(selector: string, waitMs: number, visibleOnly: boolean): Promise<Element | undefined> {
  const pick = () => queryAll(selector).find((candidate) => !visibleOnly || isVisible(candidate));
  const now = pick();
  if (now !== undefined || waitMs <= 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = (found: Element | undefined) => {
      observer.disconnect();
      clearInterval(poll);
      clearTimeout(timer);
      resolve(found);
    };
    const check = () => {
      const found = pick();
      if (found !== undefined) finish(found);
    };
    const observer = new MutationObserver(check);
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
    const poll = setInterval(check, 100); // visibility can change without a mutation (CSS, layout)
    const timer = setTimeout(() => finish(undefined), waitMs);
  });
}

function describe(element: Element): Record<string, unknown> {
  const box = element.getBoundingClientRect();
  const text = (element as HTMLElement).innerText ?? element.textContent ?? '';
  const attributes: Record<string, string> = {};
  for (const attribute of [...element.attributes].slice(0, 20)) attributes[attribute.name] = cut(attribute.value, TEXT_CHARS);
  return {
    tag: element.tagName.toLowerCase(),
    ...(element.id ? { id: element.id } : {}),
    text: cut(text.replace(/\s+/g, ' ').trim(), TEXT_CHARS),
    attributes,
    box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
    visible: isVisible(element),
  };
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** Where a pointer acting on the element is: its centre, scrolled into view. */
function pointerAt(element: Element): MouseEventInit {
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const box = element.getBoundingClientRect();
  return {
    clientX: box.x + box.width / 2,
    clientY: box.y + box.height / 2,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: element.ownerDocument.defaultView ?? window,
  };
}

/** The events a mouse moving onto the element fires (over/enter bubble as the browser does: enter does not). */
function hover(element: Element): unknown {
  moveOnto(element, pointerAt(element));
  return { hovered: describe(element) };
}

/**
 * What a mouse fires as it comes onto `element` at `at`: pointer and mouse over, enter and move.
 * A click moves the pointer there first, as a person's mouse and Playwright's click do: a
 * component that watches the pointer's moves (a select whose list opens over its trigger ignores
 * the release of the press that opened it until the pointer moved; a menu highlights the item
 * under the pointer) sees the press where a mouse would have brought it.
 */
function moveOnto(element: Element, at: MouseEventInit): void {
  const still = { ...at, bubbles: false, cancelable: false };
  element.dispatchEvent(new PointerEvent('pointerover', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new PointerEvent('pointerenter', { ...still, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mouseover', at));
  element.dispatchEvent(new MouseEvent('mouseenter', still));
  element.dispatchEvent(new PointerEvent('pointermove', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mousemove', at));
}

/** Two clicks (detail 1 and 2) and the dblclick event, as a double click fires them. */
function dblclick(element: Element): unknown {
  click(element);
  const at = pointerAt(element);
  element.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mousedown', { ...at, button: 0, buttons: 1, detail: 2 }));
  element.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'mouse', isPrimary: true }));
  element.dispatchEvent(new MouseEvent('mouseup', { ...at, button: 0, detail: 2 }));
  element.dispatchEvent(new MouseEvent('click', { ...at, button: 0, detail: 2 }));
  element.dispatchEvent(new MouseEvent('dblclick', { ...at, button: 0, detail: 2 }));
  return { double_clicked: describe(element) };
}

function click(element: Element): unknown {
  if ((element as HTMLButtonElement).disabled === true) {
    throw new ActionFailure('element_disabled', `The element matching is disabled: ${brief(element)}`);
  }
  element.scrollIntoView({ block: 'center', inline: 'center' });
  const box = element.getBoundingClientRect();
  const at = {
    clientX: box.x + box.width / 2,
    clientY: box.y + box.height / 2,
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
  };
  const hit = landsOn(element, at.clientX, at.clientY);
  moveOnto(hit, at);
  hit.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerType: 'mouse', isPrimary: true }));
  hit.dispatchEvent(new MouseEvent('mousedown', { ...at, button: 0, buttons: 1 }));
  if (isA(element, 'HTMLElement')) (element as HTMLElement).focus();
  hit.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerType: 'mouse', isPrimary: true }));
  hit.dispatchEvent(new MouseEvent('mouseup', { ...at, button: 0 }));
  hit.dispatchEvent(new MouseEvent('click', { ...at, button: 0, detail: 1 }));
  return { clicked: describe(element) };
}

/** Shadow trees a click looks into, at most. */
const MAX_SHADOW_DEPTH = 20;

/**
 * What a pointer at (x, y) on a web component lands on in its open shadow roots (a test names
 * the component; a person's click reaches the part under the pointer, whose handlers, or a
 * `<label>` around it, do the work); the element itself when it has no open shadow root or the
 * part there is not its own.
 */
function landsOn(element: Element, x: number, y: number): Element {
  let hit = element;
  for (let depth = 0; depth < MAX_SHADOW_DEPTH && hit.shadowRoot !== null; depth++) {
    // The topmost box of the shadow tree's own at the point: over slotted text (a label's words)
    // elementFromPoint answers the host, while the part that lays the text out is under it.
    const shadow = hit.shadowRoot;
    const inner = shadow.elementsFromPoint(x, y).find((candidate) => candidate.getRootNode() === shadow);
    if (inner === undefined || !holds(hit, inner)) break;
    hit = inner;
  }
  return hit;
}

/** `outer` holds `inner` across shadow boundaries (up through parents and shadow hosts, bounded). */
function holds(outer: Element, inner: Element): boolean {
  let node: Node | null = inner;
  for (let up = 0; node !== null && up < 1_000; up++) {
    if (node === outer) return true;
    node = node.parentNode ?? (node as ShadowRoot).host ?? null; // a shadow root's way up is its host
  }
  return false;
}

interface FileParam {
  name: string;
  mime_type?: string;
  content_base64: string;
}

/** Sets an `<input type=file>`'s files as a user picking them would, then fires input and change. */
function upload(target: Element, files: unknown): unknown {
  if (!isA(target, 'HTMLInputElement') || (target as HTMLInputElement).type !== 'file') {
    throw new ActionFailure('not_a_file_input', `upload needs an <input type="file">; this is ${brief(target)}`);
  }
  const input = target as HTMLInputElement;
  if (input.disabled) throw new ActionFailure('element_disabled', `The file input is disabled: ${brief(input)}`);
  const list = files as FileParam[];
  if (list.length > 1 && !input.multiple) {
    throw new ActionFailure(
      'invalid_params',
      `${brief(input)} takes one file (no multiple attribute); ${list.length} were given`,
    );
  }
  const transfer = new DataTransfer();
  for (const file of list) {
    const bytes = Uint8Array.from(atob(file.content_base64), (c) => c.charCodeAt(0));
    transfer.items.add(new File([bytes], file.name, { type: file.mime_type ?? 'application/octet-stream' }));
  }
  input.files = transfer.files;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  return { uploaded: [...transfer.files].map((file) => ({ name: file.name, size: file.size })), element: brief(input) };
}

/**
 * A drag from one element to another as the browser fires it for a mouse drag: pointer and mouse
 * events (for libraries that track the pointer) and HTML drag and drop events sharing one
 * DataTransfer (for `draggable` and drop zones).
 */
function drag(from: Element, to: Element): unknown {
  const start = pointerAt(from);
  const transfer = new DataTransfer();
  const pointer = (type: string, on: Element, at: MouseEventInit, buttons: number) =>
    on.dispatchEvent(new PointerEvent(type, { ...at, pointerType: 'mouse', isPrimary: true, button: 0, buttons }));
  const mouse = (type: string, on: Element, at: MouseEventInit, buttons: number) =>
    on.dispatchEvent(new MouseEvent(type, { ...at, button: 0, buttons }));
  const dnd = (type: string, on: Element, at: MouseEventInit) =>
    on.dispatchEvent(new DragEvent(type, { ...at, dataTransfer: transfer }));
  pointer('pointerdown', from, start, 1);
  mouse('mousedown', from, start, 1);
  const started = dnd('dragstart', from, start);
  const end = pointerAt(to);
  pointer('pointermove', to, end, 1);
  mouse('mousemove', to, end, 1);
  let dropped = false;
  if (started) {
    dnd('dragenter', to, end);
    const over = dnd('dragover', to, end);
    // A drop target says yes by cancelling dragover; only then does the browser drop.
    if (!over) {
      dnd('drop', to, end);
      dropped = true;
    }
    dnd('dragend', from, end);
  }
  pointer('pointerup', to, end, 0);
  mouse('mouseup', to, end, 0);
  return { dragged: brief(from), to: brief(to), dropped };
}

/**
 * For screenshots: scrolls to `scroll_to` (at once, whatever the page's scroll-behavior) and
 * waits for a frame, or scrolls `target` into view; then the viewport, scroll position, page size
 * and the target's box in the top viewport (an element of a same-origin frame is offset by it).
 */
async function measure(params: Params, target: Element | undefined): Promise<unknown> {
  const to = params.scroll_to as { x?: unknown; y?: unknown } | undefined;
  if (to !== undefined) window.scrollTo({ left: Number(to.x) || 0, top: Number(to.y) || 0, behavior: 'instant' });
  if (target !== undefined) target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  if (to !== undefined || target !== undefined) await nextFrame();
  const scroller = document.scrollingElement ?? document.documentElement;
  let box: DOMRect | undefined;
  if (target !== undefined) {
    box = target.getBoundingClientRect();
    for (
      let frame = target.ownerDocument.defaultView?.frameElement;
      frame;
      frame = frame.ownerDocument.defaultView?.frameElement
    ) {
      const outer = frame.getBoundingClientRect();
      box = new DOMRect(box.x + outer.x + frame.clientLeft, box.y + outer.y + frame.clientTop, box.width, box.height);
    }
  }
  return {
    viewport: { width: innerWidth, height: innerHeight },
    scroll: { x: Math.round(scrollX), y: Math.round(scrollY) },
    page: { width: scroller.scrollWidth, height: scroller.scrollHeight },
    ...(box === undefined ? {} : { box: { x: box.x, y: box.y, width: box.width, height: box.height } }),
  };
}

/** After the next paint (or 100 ms, when the tab does not paint). */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => requestAnimationFrame(() => (clearTimeout(timer), resolve())));
  });
}

/** Elements listed per violation (docs/extension.md: up to 5, with ref and selector). */
const AUDIT_NODES = 5;

interface AxeResult {
  violations: Array<{
    id: string;
    impact?: string | null;
    help: string;
    helpUrl?: string;
    nodes: Array<{ target: unknown[] }>;
  }>;
}

/**
 * docs/extension.md audits: axe-core (injected as axe.js into this world just before) over the page or the
 * element, every rule or `rules`; each violation with up to 5 of its elements, by ref (when the
 * element is in this document) and selector.
 */
async function audit(context: Element | Document, rules: unknown): Promise<unknown> {
  const axe = (globalThis as { axe?: { run(context: unknown, options: object): Promise<AxeResult> } }).axe;
  if (axe === undefined) throw new ActionFailure('axe_missing', 'axe-core is not loaded in this page');
  const only = Array.isArray(rules) && rules.length > 0 ? { runOnly: { type: 'rule', values: rules } } : {};
  const results = await axe.run(context, { resultTypes: ['violations'], ...only });
  return {
    url: location.href,
    violations: results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      count: violation.nodes.length,
      nodes: violation.nodes.slice(0, AUDIT_NODES).map((node) => {
        const path = node.target.map(String);
        let element: Element | null = null;
        if (path.length === 1) {
          try {
            element = root.querySelector(path[0] as string);
          } catch {
            // a selector axe made that this document does not take
          }
        }
        return { selector: cut(path.join(' >>> '), TEXT_CHARS), ...(element === null ? {} : { ref: refs.refFor(element) }) };
      }),
    })),
  };
}

function select(target: Element, value: string): unknown {
  if (!isA(target, 'HTMLSelectElement'))
    throw new ActionFailure('not_a_select', `The element is not a <select>: ${brief(target)}`);
  const element = target as HTMLSelectElement;
  const options = [...element.options];
  const option = options.find((o) => o.value === value) ?? options.find((o) => o.text.trim() === value);
  if (option === undefined) {
    const available = options.slice(0, 20).map((o) => o.value);
    throw new ActionFailure('option_not_found', `No option with value or text "${value}"; options: ${JSON.stringify(available)}`);
  }
  element.value = option.value;
  element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
  return { selected: { value: option.value, text: option.text.trim() }, element: brief(element) };
}

function scroll(element: Element | undefined, params: Params): unknown {
  if (element !== undefined) element.scrollIntoView({ block: 'center', inline: 'nearest' });
  else window.scrollTo(typeof params.x === 'number' ? params.x : scrollX, typeof params.y === 'number' ? params.y : scrollY);
  return {
    scroll: { x: Math.round(scrollX), y: Math.round(scrollY) },
    ...(element === undefined ? {} : { element: brief(element) }),
  };
}

async function waitFor(selector: string, budgetMs: number): Promise<unknown> {
  const started = performance.now();
  queryAll(selector); // a bad selector fails now, not at the deadline
  const found = await appear(selector, budgetMs, true);
  if (found === undefined) {
    const present = queryAll(selector).length;
    const why = present > 0 ? `${present} element(s) match but none is visible` : 'nothing matches';
    throw new ActionFailure('wait_for_timeout', `"${selector}" did not become visible within ${budgetMs} ms (${why})`, true);
  }
  return { found: describe(found), waited_ms: Math.round(performance.now() - started) };
}

function queryDom(selector: string, limit: number): unknown {
  const all = queryAll(selector);
  const max = Math.max(1, Math.min(100, Math.floor(limit)));
  return { count: all.length, elements: all.slice(0, max).map(describe), ...(all.length > max ? { has_more: true } : {}) };
}

async function highlight(selector: string, waitMs: number): Promise<unknown> {
  await appear(selector, waitMs, false);
  const all = queryAll(selector);
  if (all.length === 0) throw notFound(selector, waitMs);
  all[0]?.scrollIntoView({ block: 'center', inline: 'nearest' });
  for (const element of all.slice(0, 20)) {
    const box = element.getBoundingClientRect();
    const overlay = document.createElement('div');
    overlay.setAttribute('data-browsertap-highlight', '');
    Object.assign(overlay.style, {
      position: 'fixed',
      left: `${box.x - 2}px`,
      top: `${box.y - 2}px`,
      width: `${box.width + 4}px`,
      height: `${box.height + 4}px`,
      outline: '3px solid #ff3d7f',
      background: 'rgba(255, 61, 127, 0.12)',
      pointerEvents: 'none',
      zIndex: '2147483647',
    });
    document.documentElement.append(overlay);
    setTimeout(() => overlay.remove(), 3_000);
  }
  return { highlighted: Math.min(all.length, 20), count: all.length, first: describe(all[0] as Element) };
}

function brief(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const name = element.getAttribute('name');
  return `<${element.tagName.toLowerCase()}${id}${name ? ` name="${name}"` : ''}>`;
}

const global = globalThis as unknown as Record<symbol, unknown>;
if (typeof global[Symbol.for(SLOT.dom)] !== 'function') {
  Object.defineProperty(global, Symbol.for(SLOT.dom), { value: domAction, enumerable: false });
}
