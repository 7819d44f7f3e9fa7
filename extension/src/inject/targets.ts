import { clip } from '../../../src/domain/capture/compact.js';
import { ActionFailure } from './ActionFailure.js';
import { accessibleName, normalize, roleOf, shownText } from './accessibleName.js';

/** Elements a `text=` or `role=` selector matches at most (the rest are not considered). */
const MAX_MATCHES = 1_000;
/** Elements looked at per query, at most, the open shadow roots' included (a larger page is searched in part). */
const MAX_LOOKED = 50_000;
/** Longest name the snapshot prints (characters): a clipped one ("…") matches the name it was cut from. */
const MAX_NAME = 100;
/** Candidates a `role=` selector that matched nothing lists. */
const CANDIDATES = 5;
const NOT_TEXT = 'script, style, template, noscript';

/**
 * Elements matching a selector in `root` and its open shadow roots, as Playwright's locators
 * pierce them: CSS, `text=Save` (text containing "Save", any case; `text="Save"` exactly), or
 * `role=button[name="Save"]` (role and accessible name exactly as the snapshot prints them,
 * accessibleName.ts; `name=Save` unquoted: containing, any case). Text matches are the innermost
 * elements whose shown text matches. A CSS selector is matched within each tree (the document,
 * then each open shadow root in document order), so its combinators do not cross a shadow
 * boundary; closed shadow roots are out of reach.
 */
export function queryAll(root: Document, selector: string): Element[] {
  if (selector.startsWith('text=')) return matchText(root, selector.slice(5));
  if (selector.startsWith('role=')) return matchRole(root, parseRole(selector.slice(5)));
  try {
    root.querySelector(selector); // a bad selector fails here, once
  } catch (error) {
    throw new ActionFailure('invalid_selector', `"${selector}" is not a valid CSS selector: ${(error as Error).message}`);
  }
  const out: Element[] = [];
  for (const tree of trees(root)) {
    for (const element of tree.querySelectorAll(selector)) {
      out.push(element);
      if (out.length === MAX_MATCHES) return out;
    }
  }
  return out;
}

/**
 * The document and its open shadow roots, nested ones included, in document order of their
 * hosts, found by looking at MAX_LOOKED elements at most.
 */
export function trees(document: Document): Array<Document | ShadowRoot> {
  const found: Array<Document | ShadowRoot> = [document];
  const walking = walk(document, found);
  while (walking.next().done !== true); // the walk adds each root it meets
  return found;
}

/** The elements of the body and of every open shadow root (bounded: MAX_LOOKED). */
function everyElement(document: Document): Generator<Element> {
  return walk(document, [document]);
}

/** Yields the elements of each tree in `found` (the document's from its body), adding the open shadow roots it meets. */
function* walk(document: Document, found: Array<Document | ShadowRoot>): Generator<Element> {
  let looked = 0;
  for (let i = 0; i < found.length; i++) {
    const tree = found[i] as Document | ShadowRoot;
    const scope = tree === document ? document.body : tree;
    for (const element of scope?.querySelectorAll('*') ?? []) {
      if (++looked > MAX_LOOKED) return;
      if (element.shadowRoot !== null) found.push(element.shadowRoot);
      yield element;
    }
  }
}

/**
 * For a `role=` selector that matched nothing: the elements of that role whose names come
 * closest to the one asked for, at most 5 (closest first, each with its ref), or that there is
 * no element of that role. Empty for other selectors.
 */
export function closestByRole(root: Document, selector: string, refFor: (element: Element) => string): string {
  if (!selector.startsWith('role=')) return '';
  const query = parseRole(selector.slice(5));
  const all = matchRole(root, { role: query.role });
  if (all.length === 0) return `; no element has role ${query.role}`;
  const wanted = query.name?.text ?? '';
  const ranked = all
    .map((element, order) => ({ element, order, name: accessibleName(element) }))
    .map((entry) => ({ ...entry, score: similarity(entry.name, wanted) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, CANDIDATES)
    .map(({ element, name }) => `${JSON.stringify(clip(name, 60))} [ref=${refFor(element)}]`);
  const more = all.length > CANDIDATES ? `, of ${all.length}${all.length === MAX_MATCHES ? '+' : ''}` : '';
  return `; closest ${query.role} names${more}: ${ranked.join(', ')}`;
}

interface RoleQuery {
  readonly role: string;
  readonly name?: { readonly text: string; readonly exact: boolean };
}

function parseRole(query: string): RoleQuery {
  const parsed = /^([a-z]+)(?:\[name=(?:(["'])(.*)\2|([^\]]*))\])?$/s.exec(query.trim());
  if (parsed === null) {
    throw new ActionFailure(
      'invalid_selector',
      `"role=${query}" is not a role selector: role=button or role=button[name="Save"]`,
    );
  }
  const role = parsed[1] as string;
  if (parsed[3] !== undefined) return { role, name: { text: normalize(unquote(parsed[3], parsed[2] as string)), exact: true } };
  if (parsed[4] !== undefined) return { role, name: { text: normalize(parsed[4]), exact: false } };
  return { role };
}

/** A double-quoted name as the snapshot prints it (JSON: `\"` inside); as written when it is not JSON. */
function unquote(text: string, quote: string): string {
  if (quote !== '"' || !text.includes('\\')) return text;
  try {
    return JSON.parse(`"${text}"`) as string;
  } catch {
    return text;
  }
}

function matchRole(root: Document, query: RoleQuery): Element[] {
  const out: Element[] = [];
  const test = query.name === undefined ? undefined : nameTest(query.name.text, query.name.exact);
  for (const element of everyElement(root)) {
    if (roleOf(element) !== query.role) continue;
    if (test !== undefined && !test(accessibleName(element))) continue;
    out.push(element);
    if (out.length === MAX_MATCHES) break;
  }
  return out;
}

/** Exact: the name, or the snapshot's clipped print of it; else contained, any case. */
function nameTest(text: string, exact: boolean): (name: string) => boolean {
  if (exact) return (name) => name === text || (name.length > MAX_NAME && clip(name, MAX_NAME) === text);
  const part = text.toLowerCase();
  return (name) => name.toLowerCase().includes(part);
}

/** `"exact"` / `'exact'`, or anything else: contained, any case. */
function textQuery(query: string): { text: string; exact: boolean } {
  const quoted = /^(["'])(.*)\1$/s.exec(query);
  const text = normalize(quoted === null ? query : (quoted[2] as string));
  if (text === '') throw new ActionFailure('invalid_selector', 'text= needs some text');
  return { text, exact: quoted !== null };
}

/**
 * The innermost elements whose shown text matches. Elements whose text content holds the
 * query's characters (any spacing) are the candidates, checked from the innermost out: an
 * element holding a match is never checked (its text is the largest to gather).
 */
function matchText(root: Document, query: string): Element[] {
  const { text, exact } = textQuery(query);
  const test = exact ? (shown: string) => shown === text : nameTest(text, false);
  const squashed = text.replace(/\s+/g, '').toLowerCase();
  const candidates: Element[] = [];
  for (const element of everyElement(root)) {
    if (element.closest(NOT_TEXT) !== null) continue;
    if (!(element.textContent ?? '').replace(/\s+/g, '').toLowerCase().includes(squashed)) continue;
    candidates.push(element);
    if (candidates.length === MAX_MATCHES) break;
  }
  const out: Element[] = [];
  for (let i = candidates.length - 1; i >= 0; i--) {
    const element = candidates[i] as Element;
    if (out.some((match) => element.contains(match))) continue;
    const shown = shownText(element) ?? normalize(element.textContent ?? '');
    if (test(shown)) out.push(element);
  }
  return out.reverse();
}

/** How alike two names are, 0-1: containment first, then shared letter pairs (Dice), any case and spacing. */
function similarity(name: string, wanted: string): number {
  const a = name.slice(0, 200).replace(/\s+/g, '').toLowerCase();
  const b = wanted.slice(0, 200).replace(/\s+/g, '').toLowerCase();
  if (a === b) return 2;
  if (b !== '' && (a.includes(b) || b.includes(a))) return 1 + Math.min(a.length, b.length) / Math.max(a.length, b.length);
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i < b.length - 1; i++) pairs.set(b.slice(i, i + 2), (pairs.get(b.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < a.length - 1; i++) {
    const pair = a.slice(i, i + 2);
    const left = pairs.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      pairs.set(pair, left - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}
