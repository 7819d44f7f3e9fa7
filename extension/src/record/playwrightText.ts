/**
 * Text as Playwright's locators read it, so a recorded `getByText`/`getByLabel` is checked the
 * way Playwright will match it (its injected selector engines are the reference): whitespace runs
 * as one space, zero-width spaces and soft hyphens dropped; an element's text is its text nodes
 * and its descendants' (script, style, noscript and the head give none; open shadow roots count;
 * a submit/button/reset input is its value), hidden or not.
 */
export function pwNormalize(text: string): string {
  return text
    .replace(/[\u200b\u00ad]/g, '')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Characters of one element's text gathered at most: past it the text is cut (and will not match a short locator). */
const MAX_TEXT = 100_000;

export class TextCache {
  private readonly full = new Map<Node, string>();

  /** The element's whole text (not normalized). */
  textOf(root: Element | ShadowRoot): string {
    const known = this.full.get(root);
    if (known !== undefined) return known;
    let text = '';
    if (!skipped(root)) {
      if (isButtonInput(root)) text = (root as HTMLInputElement).value;
      else {
        for (let child = root.firstChild; child !== null && text.length < MAX_TEXT; child = child.nextSibling) {
          if (child.nodeType === 3) text += child.nodeValue ?? '';
          else if (child.nodeType === 1) text += this.textOf(child as Element);
        }
        const shadow = (root as Element).shadowRoot;
        if (shadow) text += this.textOf(shadow);
      }
    }
    this.full.set(root, text);
    return text;
  }

  normalized(root: Element | ShadowRoot): string {
    return pwNormalize(this.textOf(root));
  }
}

function skipped(root: Element | ShadowRoot): boolean {
  const name = root.nodeName;
  if (name === 'SCRIPT' || name === 'NOSCRIPT' || name === 'STYLE') return true;
  const head = root.ownerDocument?.head;
  return head !== null && head !== undefined && head.contains(root);
}

function isButtonInput(root: Element | ShadowRoot): boolean {
  if (root.nodeName !== 'INPUT') return false;
  return ['submit', 'button', 'reset'].includes((root as HTMLInputElement).type);
}

const LABELABLE = new Set(['BUTTON', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA']);

/**
 * What `getByLabel` matches an element by (normalized texts): the elements its aria-labelledby
 * names (when one exists), else its aria-label, else the text of its `<label>`s.
 */
export function labelsOf(cache: TextCache, element: Element): string[] {
  const ids = element.getAttribute('aria-labelledby');
  if (ids !== null) {
    const root = element.getRootNode() as Document | ShadowRoot;
    const found: Element[] = [];
    for (const id of ids
      .split(' ')
      .filter((part) => part !== '')
      .slice(0, 20)) {
      const target = root.getElementById?.(id) ?? null;
      if (target !== null && !found.includes(target)) found.push(target);
    }
    if (found.length > 0) return found.map((label) => cache.normalized(label));
  }
  const ariaLabel = element.getAttribute('aria-label');
  if (ariaLabel !== null && ariaLabel.trim() !== '') return [pwNormalize(ariaLabel)];
  const labelable =
    LABELABLE.has(element.nodeName) || (element.nodeName === 'INPUT' && (element as HTMLInputElement).type !== 'hidden');
  const labels = labelable ? (element as HTMLInputElement).labels : null;
  return labels ? [...labels].map((label) => cache.normalized(label)) : [];
}

/**
 * One look at a document for checking locators: its open shadow roots (found once), and
 * elements matching a CSS selector under it and them, in Playwright's order (the light DOM
 * first, then each shadow root's), at most `limit`.
 */
export class Scope {
  readonly texts = new TextCache();
  private shadows: ShadowRoot[] | undefined;

  constructor(
    readonly document: Document,
    readonly limit: number,
  ) {}

  /** Open shadow roots, nested ones included, in document order (bounded by `limit` elements looked at). */
  shadowRoots(): ShadowRoot[] {
    if (this.shadows !== undefined) return this.shadows;
    const found: ShadowRoot[] = [];
    let looked = 0;
    const visit = (scope: Document | ShadowRoot) => {
      for (const element of scope.querySelectorAll('*')) {
        if (++looked > this.limit) return;
        if (element.shadowRoot) {
          found.push(element.shadowRoot);
          visit(element.shadowRoot);
        }
      }
    };
    visit(this.document);
    this.shadows = found;
    return found;
  }

  all(css: string): Element[] {
    const out: Element[] = [];
    for (const scope of [this.document, ...this.shadowRoots()]) {
      for (const element of scope.querySelectorAll(css)) {
        out.push(element);
        if (out.length >= this.limit) return out;
      }
    }
    return out;
  }
}
