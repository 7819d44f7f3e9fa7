import { accessibleName, normalize, roleOf, shownText } from '../inject/accessibleName.js';
import { queryAll } from '../inject/targets.js';
import { isVisible } from '../inject/visible.js';
import { cssPath } from './cssPath.js';
import { labelsOf, pwNormalize, Scope, TextCache } from './playwrightText.js';
import { cssString, jsString } from './quote.js';
import type { ChangedSince } from './sincePress.js';

/** How an action names its element (docs/mcp-tools.md): a Playwright locator and a browsertap target for the same element. */
export interface Described {
  locator?: string;
  selector?: string;
  nth?: number;
  role?: string;
  name?: string;
  /** The page changed the element's name between the person's press and its naming: no name is given (record/namingPrint.ts). */
  renamed?: true;
}

/** Elements looked at per check, at most: past it a check gives up (a bigger page gets a CSS locator). */
export const MAX_SCAN = 20_000;
/** Longest text a `getByText` locator is made of (Playwright's own generator stops at 80). */
const MAX_TEXT_LOCATOR = 80;
/** Longest name or label a locator is made of. */
const MAX_NAME = 200;

/**
 * The roles of what a person clicks or types into: a widget a test names by role and name (a
 * click on a part of a component stands for the nearest one, record/clickedPart.ts).
 */
export const WIDGET_ROLES: ReadonlySet<string> = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'textbox',
  'searchbox',
  'combobox',
  'option',
  'spinbutton',
  'slider',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'gridcell',
]);

/** The roles a `getByRole` locator is made for: the widgets and the few other roles a test names. */
export const ROLE_LOCATORS: ReadonlySet<string> = new Set([
  ...WIDGET_ROLES,
  'listbox',
  'heading',
  'img',
  'cell',
  'columnheader',
  'rowheader',
  'dialog',
]);

/** Candidates of a role, a superset (the role is checked on each): a tag that can have it, or an explicit role. */
export const ROLE_CANDIDATES: Readonly<Record<string, string>> = {
  button: 'button,input,summary,[role]',
  link: 'a,area,[role]',
  checkbox: 'input,[role]',
  radio: 'input,[role]',
  switch: 'input,[role]',
  textbox: 'input,textarea,[role]',
  searchbox: 'input,[role]',
  combobox: 'input,select,[role]',
  listbox: 'select,datalist,[role]',
  option: 'option,[role]',
  spinbutton: 'input,[role]',
  slider: 'input,[role]',
  heading: 'h1,h2,h3,h4,h5,h6,[role]',
  img: 'img,svg,[role]',
};

/** Elements `getByLabel` can match: labelled by attribute, or labelable. */
const LABEL_CANDIDATES = '[aria-labelledby],[aria-label],button,meter,output,progress,select,textarea,input';

/** Editing hosts: what is in them is what the person types (`contenteditable="false"` marks a part that is not). */
const EDITABLE = '[contenteditable]:not([contenteditable="false"])';

/** Test id attributes, most common first (docs/mcp-tools.md). Playwright's `getByTestId` reads `data-testid` unless configured. */
const TEST_IDS = ['data-testid', 'data-test', 'data-cy'] as const;

interface Candidate {
  readonly locator: string;
  readonly matches: () => Element[];
}

/**
 * Names `element` as a test would (docs/mcp-tools.md): the first of getByTestId, getByRole(role, {name,
 * exact}), getByLabel, getByPlaceholder, getByText (exact) and a CSS locator that matches that
 * one element under Playwright's rules for it, else the first that matches it among others with
 * `.nth(i)`; plus a browsertap target (CSS, `role=`, `text=`) checked with the resolution
 * `interact` uses, with `nth` when it matches several; plus the element's role and accessible
 * name as the snapshot prints them. Bounded: every check looks at most at MAX_SCAN elements.
 *
 * What a person types is never a name: an element that is, is in, or holds editable content (a
 * contenteditable, a document in design mode) is named neither by its text (`getByText`,
 * `text=`) nor by a role name taken from its content — only by test id, a label, a placeholder or
 * CSS. That text may be a secret (a pass phrase), and it changes as they type, so a test could not
 * find the element by it anyway.
 *
 * `changed`: for an element the person pressed, the elements the page added or changed since the
 * press (sincePress.ts), which are not counted against it: a test finds it on the page as it was.
 */
export function describeTarget(element: Element, changed?: ChangedSince): Described {
  const document = element.ownerDocument;
  if (element === document.body || element === document.documentElement) {
    const tag = element.localName;
    return { locator: `locator('${tag}')`, selector: tag };
  }
  const scope = new Scope(document, MAX_SCAN);
  const role = safe(() => roleOf(element), 'generic');
  const edited = safe(() => holdsEditedText(element), true);
  const computed = safe(() => accessibleName(element), '');
  // Of an element with edited text, only a name a label gives (aria-labelledby, aria-label, <label>, title).
  const name = edited && !labelled(element, computed) ? '' : computed;
  let locator: string | undefined;
  let fallback: string | undefined;
  for (const candidate of candidates(element, scope, role, name, edited)) {
    const found = safe(candidate.matches, [] as Element[]);
    const matches = changed === undefined ? found : found.filter((e) => e === element || !safe(() => changed(e), false));
    const index = matches.indexOf(element);
    if (index < 0 || matches.length >= MAX_SCAN) continue;
    if (matches.length === 1) {
      locator = candidate.locator;
      break;
    }
    fallback ??= `${candidate.locator}.nth(${index})`;
  }
  const css = cssPath(element, scope);
  if (locator === undefined && fallback === undefined && css !== undefined) locator = `locator(${jsString(css)})`;
  const target = browsertapTarget(element, role, name, css, edited, changed);
  const named = role !== 'generic' && role !== 'none' && role !== 'presentation';
  return {
    ...((locator ?? fallback) === undefined ? {} : { locator: locator ?? fallback }),
    ...target,
    ...(named ? { role } : {}),
    ...(named && name !== '' ? { name: name.slice(0, MAX_NAME) } : {}),
  };
}

function* candidates(element: Element, scope: Scope, role: string, name: string, edited: boolean): Generator<Candidate> {
  for (const attribute of TEST_IDS) {
    const value = element.getAttribute(attribute);
    if (value === null || value === '') continue;
    if (attribute === 'data-testid') {
      yield {
        locator: `getByTestId(${jsString(value)})`,
        matches: () => scope.all('[data-testid]').filter((e) => e.getAttribute('data-testid') === value),
      };
    } else {
      // getByTestId reads data-testid unless a test configures another attribute: these are CSS.
      const css = `[${attribute}=${cssString(value)}]`;
      yield { locator: `locator(${jsString(css)})`, matches: () => scope.all(css) };
    }
  }
  const pwName = pwNormalize(name);
  if (ROLE_LOCATORS.has(role) && pwName !== '' && pwName.length <= MAX_NAME && !/^\p{Co}+$/u.test(pwName) && roleFits(element)) {
    if (!hiddenForAria(element)) {
      yield {
        locator: `getByRole(${jsString(role)}, { name: ${jsString(pwName)}, exact: true })`,
        matches: () =>
          scope
            .all(ROLE_CANDIDATES[role] ?? '*')
            .filter(
              (e) =>
                safe(() => roleOf(e), '') === role &&
                !hiddenForAria(e) &&
                pwNormalize(safe(() => accessibleName(e), '')) === pwName,
            ),
      };
    }
  }
  for (const label of new Set(labelsOf(scope.texts, element))) {
    if (label === '' || label.length > MAX_NAME) continue;
    yield {
      locator: `getByLabel(${jsString(label)}, { exact: true })`,
      matches: () => scope.all(LABEL_CANDIDATES).filter((e) => labelsOf(scope.texts, e).includes(label)),
    };
  }
  const placeholder = element.getAttribute('placeholder');
  if ((element.nodeName === 'INPUT' || element.nodeName === 'TEXTAREA') && placeholder !== null && placeholder !== '') {
    yield {
      locator: `getByPlaceholder(${jsString(placeholder)}, { exact: true })`,
      matches: () => scope.all('[placeholder]').filter((e) => e.getAttribute('placeholder') === placeholder),
    };
  }
  if (element.nodeName !== 'SELECT' && !edited) {
    const text = scope.texts.normalized(element);
    if (text !== '' && text.length <= MAX_TEXT_LOCATOR) {
      yield {
        locator: `getByText(${jsString(text)}, { exact: true })`,
        matches: () => scope.all('*').filter((e) => textIsOwn(scope, e, text)),
      };
    }
  }
}

/** Playwright's exact text match: the element's text is `text`, and no child element's alone is. */
function textIsOwn(scope: Scope, element: Element, text: string): boolean {
  if (scope.texts.normalized(element) !== text) return false;
  for (let child = element.firstElementChild; child !== null; child = child.nextElementSibling) {
    if (scope.texts.normalized(child) === text) return false;
  }
  const shadow = element.shadowRoot;
  return !(shadow && scope.texts.normalized(shadow) === text);
}

/** Inputs whose role Playwright and the snapshot name differently (a colour picker) get no role locator. */
function roleFits(element: Element): boolean {
  return !(element.nodeName === 'INPUT' && (element as HTMLInputElement).type === 'color');
}

/**
 * Hidden from the accessibility tree the way Playwright's `getByRole` skips an element: inside
 * `aria-hidden="true"` or `display: none`, or not `visibility: visible` (an option of a select
 * is never hidden).
 */
export function hiddenForAria(element: Element): boolean {
  if (element.closest('[aria-hidden="true"]') !== null) return true;
  if (element.nodeName === 'OPTION' && element.closest('select') !== null) return false;
  const view = element.ownerDocument.defaultView;
  if (view === null) return true;
  if (typeof (element as HTMLElement).checkVisibility === 'function') {
    if (!(element as HTMLElement).checkVisibility()) return true;
  } else {
    for (let e: Element | null = element; e !== null; e = e.parentElement) {
      if (view.getComputedStyle(e).display === 'none') return true;
    }
  }
  return view.getComputedStyle(element).visibility !== 'visible';
}

/**
 * The browsertap target for the element (docs/mcp-tools.md), with `nth` when it matches several: a test id
 * as CSS, else `role=…[name="…"]`, else `text="…"`, else the CSS path; each resolved the way
 * `interact` resolves it (visible matches first) to the element itself.
 */
function browsertapTarget(
  element: Element,
  role: string,
  name: string,
  css: string | undefined,
  edited: boolean,
  changed: ChangedSince | undefined,
): Pick<Described, 'selector' | 'nth'> {
  const document = element.ownerDocument;
  const tries: string[] = [];
  for (const attribute of TEST_IDS) {
    const value = element.getAttribute(attribute);
    if (value !== null && value !== '') tries.push(`[${attribute}=${cssString(value)}]`);
  }
  if (role !== 'generic' && role !== 'none' && role !== 'presentation' && name !== '' && name.length <= 100)
    tries.push(`role=${role}[name=${JSON.stringify(name)}]`);
  const shown = edited ? undefined : safe(() => shownText(element), undefined);
  if (shown !== undefined && shown !== '' && shown.length <= MAX_TEXT_LOCATOR) tries.push(`text="${normalize(shown)}"`);
  if (css !== undefined) tries.push(css);
  for (const selector of tries) {
    const found = safe(() => queryAll(document, selector), [] as Element[]);
    const all = changed === undefined ? found : found.filter((e) => e === element || !safe(() => changed(e), false));
    // A pressed element named after the page answered the press was visible when pressed (the
    // option of a list the click closed): replay finds it among the visible matches then.
    const visible = all.filter((e) => (changed !== undefined && e === element) || isVisible(e));
    const pool = visible.length > 0 ? visible : all;
    const index = pool.indexOf(element);
    if (index < 0) continue;
    return pool.length > 1 ? { selector, nth: index } : { selector };
  }
  return {};
}

/** The element is, is in, or holds editable content (through an open shadow root too), or its document is in design mode. */
function holdsEditedText(element: Element): boolean {
  if (element.ownerDocument.designMode === 'on') return true;
  return (
    element.closest(EDITABLE) !== null ||
    element.querySelector(EDITABLE) !== null ||
    (element.shadowRoot?.querySelector(EDITABLE) ?? null) !== null
  );
}

/** `name` is what a label gives the element, not its content. */
function labelled(element: Element, name: string): boolean {
  if (name === '') return true;
  const title = element.getAttribute('title');
  return normalize(title ?? '') === name || labelsOf(new TextCache(), element).some((label) => label === pwNormalize(name));
}

function safe<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}
