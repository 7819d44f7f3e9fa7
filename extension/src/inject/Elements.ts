import { ACTIONS } from '../../../src/domain/browserActions/table.js';
import { normalize } from './accessibleName.js';
import { ActionFailure } from './ActionFailure.js';
import { brief, cut } from './describe.js';
import { REF_PATTERN, type RefRegistry } from './refs.js';
import { closestByRole, queryAll as matching } from './targets.js';
import { isVisible } from './visible.js';

/** Candidates an `ambiguous_selector` error lists. */
const CANDIDATES = 5;
/** How often a frame not there yet is looked for (ms). */
const FRAME_POLL_MS = 50;

/**
 * How a page action finds its elements (docs/mcp-tools.md, Targets): by ref from this document's
 * snapshots, or by selector (CSS, `text=`, `role=`) waited for, with `nth` among several visible
 * matches, in the page's document or a same-origin iframe's (`frame`).
 */
export class Elements {
  private constructor(
    /** The document actions run in: the page's, or a same-origin iframe's; a ref's own once one is used. */
    public root: Document,
    readonly refs: RefRegistry,
  ) {}

  /** The elements of the document `frame` names (the page's without one), waited for up to `waitMs`. */
  static async open(frame: unknown, waitMs: number, refs: RefRegistry): Promise<Elements> {
    return new Elements(await rootFor(frame, waitMs), refs);
  }

  /** The element of a ref from this tab's snapshots, or `stale_ref` with what to do. */
  byRef(ref: string): Element {
    if (!REF_PATTERN.test(ref)) throw new ActionFailure('invalid_params', `"${ref}" is not a ref: refs look like e12`);
    const found = this.refs.resolve(ref);
    if (found === undefined) {
      throw new ActionFailure(
        'stale_ref',
        `Ref ${ref} is stale: its element is gone or the page has navigated since the snapshot; take a new snapshot (interact {action:"${ACTIONS.snapshot.name}"}) and use its refs`,
      );
    }
    this.root = found.ownerDocument;
    return found;
  }

  /** Elements matching a selector (CSS, `text=`, `role=`: targets.ts) in the document actions run in. */
  queryAll(selector: string): Element[] {
    return matching(this.root, selector);
  }

  /** `element_not_found`, with the closest names of the role a `role=` selector asked for. */
  notFound(selector: string, waitMs: number): ActionFailure {
    const closest = closestByRole(this.root, selector, (element) => this.refs.refFor(element));
    return new ActionFailure('element_not_found', `No element matches "${selector}" (waited ${waitMs} ms)${closest}`);
  }

  /**
   * The element an action acts on, waiting up to `waitMs` for one to appear. Several visible
   * matches are `ambiguous_selector` (with up to 5 candidates) unless `nth` picks one (0-based,
   * among the visible matches); one visible match among hidden ones is that one.
   */
  async element(selector: string | undefined, waitMs: number, nth?: number): Promise<Element> {
    const css = requiredSelector(selector);
    const found = await this.appear(css, waitMs, false);
    if (found === undefined) throw this.notFound(css, waitMs);
    const { all, visible, pool } = this.pool(css);
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
            `${i}: ${brief(candidate)} ${JSON.stringify(cut(normalize((candidate as HTMLElement).innerText ?? candidate.textContent ?? ''), 40))} [ref=${this.refs.refFor(candidate)}]`,
        );
      throw new ActionFailure(
        'ambiguous_selector',
        `"${css}" matches ${visible.length} visible elements; pass one's ref, nth (0-${visible.length - 1}) or a narrower selector. ${listed.join('; ')}${visible.length > CANDIDATES ? '; …' : ''}`,
      );
    }
    return pool[0] as Element;
  }

  /**
   * What `selector` (with `nth`) picks now, as `element` does, without waiting: `undefined` when
   * nothing matches, or several visible elements do and no `nth` picks one.
   */
  pickNow(selector: string, nth?: number): Element | undefined {
    const { visible, pool } = this.pool(selector);
    if (nth !== undefined) return pool[nth];
    return visible.length > 1 ? undefined : pool[0];
  }

  /** The matches, the visible ones among them, and those a pick is made from (the visible ones, if any). */
  private pool(selector: string): { all: Element[]; visible: Element[]; pool: Element[] } {
    const all = this.queryAll(selector);
    const visible = all.filter(isVisible);
    return { all, visible, pool: visible.length > 0 ? visible : all };
  }

  /** Resolves with the first match (visible, if asked) as soon as there is one, or undefined after `waitMs`. */
  appear(selector: string, waitMs: number, visibleOnly: boolean): Promise<Element | undefined> {
    const pick = () => this.queryAll(selector).find((candidate) => !visibleOnly || isVisible(candidate));
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
      observer.observe(this.root, { childList: true, subtree: true, attributes: true, characterData: true });
      const poll = setInterval(check, 100); // visibility can change without a mutation (CSS, layout)
      const timer = setTimeout(() => finish(undefined), waitMs);
    });
  }
}

/** The selector an action needs, or `invalid_params`. */
export function requiredSelector(selector: string | undefined): string {
  if (selector === undefined || selector === '') throw new ActionFailure('invalid_params', 'selector is required');
  return selector;
}

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
