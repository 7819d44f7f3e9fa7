import { clip as clipText } from '../../../src/domain/capture/compact.js';
import { utf8Length } from '../../../src/domain/text/utf8.js';
import { accessibleName, normalize, roleOf } from './accessibleName.js';
import type { RefRegistry } from './refs.js';

/** Elements a snapshot looks at, at most (a page of any size costs bounded work). */
const MAX_VISITED = 50_000;
/** Bytes (UTF-8) of snapshot text, at most; the rest is left out and the answer says `truncated`. */
const MAX_SNAPSHOT_BYTES = 40_000;
/** Longest name, text or value shown (characters). */
const MAX_TEXT = 100;

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD', 'META', 'LINK', 'TITLE']);
/** Roles that say nothing by themselves: their children take their place. */
const STRUCTURAL = new Set(['generic', 'none', 'presentation']);
/** Roles that only group or show content: unnamed, they get no ref (fewer bytes; nothing to act on). */
const CONTAINERS = new Set([
  'list',
  'listitem',
  'paragraph',
  'main',
  'banner',
  'contentinfo',
  'navigation',
  'complementary',
  'article',
  'group',
  'rowgroup',
  'blockquote',
  'figure',
  'term',
  'definition',
  'separator',
  'status',
  'alert',
  'log',
  'note',
  'table',
  'row',
  'cell',
  'caption',
  'code',
  'emphasis',
  'strong',
  'deletion',
  'insertion',
  'subscript',
  'superscript',
  'time',
]);

/** Elements that do not break a line: text on either side of them reads as one. */
const INLINE = new Set([
  'SPAN',
  'B',
  'I',
  'EM',
  'STRONG',
  'CODE',
  'SMALL',
  'ABBR',
  'SUB',
  'SUP',
  'MARK',
  'S',
  'U',
  'TIME',
  'Q',
  'CITE',
  'KBD',
  'BDI',
  'DFN',
  'VAR',
  'FONT',
]);
const VALUED = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);
const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);

interface SnapNode {
  readonly head: string;
  readonly name: string;
  readonly children: Array<SnapNode | string>;
}

export interface Snapshot {
  readonly text: string;
  readonly truncated: boolean;
  /** Cross-origin iframes shown as one line: their ref and src (the worker fills them in). */
  readonly frames: ReadonlyArray<{ ref: string; src: string }>;
}

const clip = (text: string) => clipText(text, MAX_TEXT);

/**
 * The accessibility tree under `start` as text, one node a line (docs/mcp-tools.md): roles and names as
 * ARIA and accname define them (accessibleName.ts: the names `role=` matches), states, values and hrefs in brackets,
 * each node's ref. Open shadow roots and same-origin frames are walked in place; elements that
 * are not rendered or are aria-hidden are left out; elements with no role of their own
 * (div, span) give way to their children, and a node whose only content is its name prints it once.
 */
export function snapshot(start: Element, refs: RefRegistry, maxDepth: number): Snapshot {
  const walker = new Walker(refs);
  const top = walker.element(start);
  const lines: string[] = [];
  let bytes = 0;
  let truncated = walker.visited >= MAX_VISITED;
  const emit = (line: string): boolean => {
    const size = utf8Length(line) + 1;
    if (bytes + size > MAX_SNAPSHOT_BYTES) {
      truncated = true;
      return false;
    }
    lines.push(line);
    bytes += size;
    return true;
  };
  const render = (items: ReadonlyArray<SnapNode | string>, depth: number): boolean => {
    for (const item of merged(items)) {
      const indent = '  '.repeat(depth);
      if (typeof item === 'string') {
        if (!emit(`${indent}- text: ${clip(item)}`)) return false;
        continue;
      }
      const content = merged(item.children);
      const onlyText = content.every((child) => typeof child === 'string');
      const text = onlyText ? normalize(content.join(' ')) : '';
      const sameWords =
        text.replace(/\s/g, '') === item.name.replace(/\s|…$/g, '') ||
        (item.name.endsWith('…') && text.startsWith(item.name.slice(0, -1)));
      if (onlyText && (text === '' || sameWords)) {
        if (!emit(`${indent}${item.head}`)) return false;
      } else if (onlyText && item.name === '') {
        if (!emit(`${indent}${item.head}: ${clip(text)}`)) return false;
      } else if (depth + 1 >= maxDepth) {
        if (!emit(`${indent}${item.head} …`)) return false;
      } else {
        if (!emit(`${indent}${item.head}:`)) return false;
        if (!render(content, depth + 1)) return false;
      }
    }
    return true;
  };
  render(top, 0);
  return { text: lines.join('\n'), truncated, frames: walker.crossOrigin };
}

/** Adjacent text joined as the page shows it (split text nodes read as one), blank text dropped. */
function merged(items: ReadonlyArray<SnapNode | string>): Array<SnapNode | string> {
  const out: Array<SnapNode | string> = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if (typeof item === 'string' && typeof last === 'string') out[out.length - 1] = last + item;
    else out.push(item);
  }
  return out.flatMap((item): Array<SnapNode | string> => {
    if (typeof item !== 'string') return [item];
    const text = normalize(item);
    return text === '' ? [] : [text];
  });
}

class Walker {
  visited = 0;
  readonly crossOrigin: Array<{ ref: string; src: string }> = [];
  /** Labels of a control being walked: their words name it (shown with that name), not repeated as text. */
  private labels = 0;

  constructor(private readonly refs: RefRegistry) {}

  /** The nodes `element` contributes: itself with its children, or (no role) its children. */
  element(element: Element): Array<SnapNode | string> {
    if (++this.visited > MAX_VISITED || SKIPPED.has(element.tagName) || hidden(element)) return [];
    if (element.tagName === 'IFRAME' || element.tagName === 'FRAME') return [this.frame(element as HTMLIFrameElement)];
    const role = roleOf(element);
    if (STRUCTURAL.has(role) || (role === 'document' && element === element.ownerDocument.documentElement)) {
      return this.children(element);
    }
    const name = clip(accessibleName(element));
    // A section or form without a name is no landmark (HTML-AAM): its children take its place.
    if (name === '' && (role === 'region' || role === 'form')) return this.children(element);
    // Before the children: refs follow document order. An unnamed container is not acted on: no ref.
    const ref = name === '' && CONTAINERS.has(role) ? '' : ` [ref=${this.refs.refFor(element)}]`;
    const head = `- ${role}${name === '' ? '' : ` ${JSON.stringify(name)}`}${states(element, role)}${ref}`;
    return [{ head, name, children: this.children(element) }];
  }

  private children(element: Element): Array<SnapNode | string> {
    const out: Array<SnapNode | string> = [];
    // Inner elements too: `<label>Pet <b>id</b> <input></label>` is `textbox "Pet id"`, no stray "id".
    const labelled = element.tagName === 'LABEL' && (element as HTMLLabelElement).control !== null;
    if (labelled) this.labels++;
    try {
      this.walkChildren(element, out);
    } finally {
      if (labelled) this.labels--;
    }
    return out;
  }

  private walkChildren(element: Element, out: Array<SnapNode | string>): void {
    const nodes: Iterable<Node> =
      element.shadowRoot !== null
        ? element.shadowRoot.childNodes
        : element.tagName === 'SLOT' && (element as HTMLSlotElement).assignedNodes().length > 0
          ? (element as HTMLSlotElement).assignedNodes({ flatten: true })
          : element.childNodes;
    for (const node of nodes) {
      if (this.visited > MAX_VISITED) break;
      if (node.nodeType === Node.TEXT_NODE) {
        if (this.labels === 0) out.push((node.textContent ?? '').replace(/\s+/g, ' '));
      } else if (node.nodeType === Node.ELEMENT_NODE) {
        const inner = this.element(node as Element);
        // Words in separate blocks (<div>a</div><div>b</div>) are separate words.
        if (INLINE.has((node as Element).tagName)) out.push(...inner);
        else out.push(' ', ...inner, ' ');
      }
    }
  }

  private frame(frame: HTMLIFrameElement): SnapNode {
    const name = clip(normalize(frame.title || frame.name || ''));
    let inner: Document | null = null;
    try {
      inner = frame.contentDocument;
    } catch {
      // cross-origin
    }
    const ref = this.refs.refFor(frame);
    const label = `- iframe${name === '' ? '' : ` ${JSON.stringify(name)}`}`;
    if (inner?.body == null) {
      let origin = '';
      try {
        origin = new URL(frame.src, location.href).origin;
        this.crossOrigin.push({ ref, src: new URL(frame.src, location.href).href });
      } catch {
        // no src
      }
      return { head: `${label} [cross-origin${origin === '' ? '' : ` ${origin}`}] [ref=${ref}]`, name, children: [] };
    }
    return { head: `${label} [ref=${ref}]`, name, children: this.element(inner.body) };
  }
}

function hidden(element: Element): boolean {
  if (element.getAttribute('aria-hidden') === 'true') return true;
  const check = (element as Element & { checkVisibility?: (options: object) => boolean }).checkVisibility;
  if (typeof check === 'function') return !check.call(element, { visibilityProperty: true });
  const style = getComputedStyle(element);
  return style.display === 'none' || style.visibility === 'hidden';
}

/** The states a user would see, in brackets: checked, disabled, expanded, level, value, href… */
function states(element: Element, role: string): string {
  const out: string[] = [];
  const aria = (name: string) => element.getAttribute(`aria-${name}`);
  const input = element as HTMLInputElement;
  if (role === 'heading') {
    const level = Number(aria('level') ?? /^H([1-6])$/.exec(element.tagName)?.[1] ?? 2);
    out.push(`level=${level}`);
  }
  if (CHECKABLE.has(role)) {
    const state = aria('checked') ?? (input.indeterminate ? 'mixed' : String(input.checked === true));
    if (state === 'true') out.push('checked');
    else if (state === 'mixed') out.push('checked=mixed');
  }
  const pressed = aria('pressed');
  if (pressed === 'true') out.push('pressed');
  else if (pressed === 'mixed') out.push('pressed=mixed');
  const expanded = aria('expanded');
  if (expanded === 'true') out.push('expanded');
  else if (expanded === 'false') out.push('expanded=false');
  if (aria('selected') === 'true' || (element.tagName === 'OPTION' && (element as HTMLOptionElement).selected))
    out.push('selected');
  if (aria('disabled') === 'true' || element.matches(':disabled')) out.push('disabled');
  if (input.required === true || aria('required') === 'true') out.push('required');
  if (aria('invalid') === 'true') out.push('invalid');
  if (VALUED.has(role)) {
    const value =
      element.tagName === 'SELECT'
        ? ((element as HTMLSelectElement).selectedOptions[0]?.text ?? '')
        : typeof input.value === 'string'
          ? input.value
          : (element.textContent ?? '');
    if (input.type === 'password') {
      if (value !== '') out.push('value=hidden');
    } else if (value !== '') out.push(`value=${JSON.stringify(clip(value))}`);
  }
  if (role === 'link') {
    const href = (element as HTMLAnchorElement).href;
    if (typeof href === 'string' && href !== '') out.push(`href=${shortUrl(href)}`);
  }
  if (element === element.ownerDocument.activeElement && element !== element.ownerDocument.body) out.push('focused');
  return out.map((state) => ` [${state}]`).join('');
}

function shortUrl(href: string): string {
  try {
    const url = new URL(href);
    return clip(url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href);
  } catch {
    return clip(href);
  }
}
