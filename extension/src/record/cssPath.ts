import type { Scope } from './playwrightText.js';
import { cssString, plainIdent } from './quote.js';

/** Levels walked up from the element, at most. */
const MAX_DEPTH = 40;
/** Class names used per level, at most. */
const MAX_CLASSES = 2;

/**
 * The shortest CSS path this generator finds that matches only `element` in its document (open
 * shadow roots included, as Playwright's `locator()` reads CSS): an id that is unique, else per
 * level the tag with up to two word-like class names, made unique among its siblings with
 * `:nth-child` where needed, joined by `>`, stopping as soon as the path is unique. Ids and
 * classes that look generated (`css-1x2y3z`, React's `:r3:`, uuids) are not used. Every check is
 * one native `querySelectorAll`; undefined when no path is unique (an element of a closed shadow root).
 */
export function cssPath(element: Element, scope: Scope): string | undefined {
  const unique = (selector: string) => {
    let matches: Element[];
    try {
      matches = scope.all(selector);
    } catch {
      return false;
    }
    return matches.length === 1 && matches[0] === element;
  };
  const parts: string[] = [];
  let depth = 0;
  for (let e: Element | null = element; e !== null && depth < MAX_DEPTH; e = e.parentElement, depth++) {
    const id = e.getAttribute('id');
    if (id !== null && id !== '' && !looksGenerated(id)) {
      const selector = [plainIdent(id) ? `#${id}` : `[id=${cssString(id)}]`, ...parts].join(' > ');
      if (unique(selector)) return selector;
    }
    const tag = plainIdent(e.localName) || /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(e.localName) ? e.localName : '*';
    const classes = [...e.classList].filter((name) => plainIdent(name) && !looksGenerated(name)).slice(0, MAX_CLASSES);
    const classed = classes.length > 0 ? `${tag}.${classes.join('.')}` : tag;
    for (const token of classes.length > 0 ? [classed, tag] : [tag]) {
      const selector = [token, ...parts].join(' > ');
      if (unique(selector)) return selector;
    }
    const parent = e.parentElement;
    if (parent === null) {
      parts.unshift(tag);
      break;
    }
    const siblings = [...parent.children];
    const alike = siblings.filter((sibling) => sibling.matches(classed));
    parts.unshift(alike.length === 1 ? classed : `${tag}:nth-child(${siblings.indexOf(e) + 1})`);
    if (unique(parts.join(' > '))) return parts.join(' > ');
  }
  const selector = parts.join(' > ');
  return selector !== '' && unique(selector) ? selector : undefined;
}

/** An id or class name a build or a framework made up (it changes between builds or renders). */
function looksGenerated(name: string): boolean {
  if (name.includes(':') || name.length > 40 || /[0-9a-f]{8,}/i.test(name)) return true;
  return (name.match(/\d/g)?.length ?? 0) >= 3 && /[a-z]\d|\d[a-z]/i.test(name);
}
