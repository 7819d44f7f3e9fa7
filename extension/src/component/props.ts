import { setOwn } from '../../../src/domain/json/ownData.js';
import { capRedacted } from '../../../src/domain/privacy/bounded.js';
import { classifyName, type NameClass } from '../../../src/domain/privacy/secretNames.js';
import { looksSecret } from '../../../src/domain/privacy/secretValues.js';
import { REDACTED, RedactionTally, redactText } from '../../../src/domain/privacy/textSecrets.js';
import { own } from './pageData.js';

/** How much of a component's props is kept: nesting, keys per object, items per array, characters per string or key. */
export const PROPS_LIMITS = Object.freeze({ depth: 2, keys: 12, items: 8, string: 80, key: 60 });
/** Values looked at per component, at most, whatever the props hold: past it, `[…]`. */
export const PROPS_BUDGET = 120;
/** Characters of keys and values kept per component, about (the JSON stays under 1 000): past it, no more keys or items. */
export const PROPS_CHARS = 700;

const ELEMENT_TYPES = new Set([Symbol.for('react.element'), Symbol.for('react.transitional.element')]);
/** A name worth showing in a marker (a function's, a component's). */
const MARKER_NAME = /^[\p{L}\p{N}_$.]{1,40}$/u;

/**
 * A component's props as the agent may read them: own enumerable data properties only (a getter
 * is shown as `[getter]`, never called, so no page code runs), `PROPS_LIMITS` deep and wide, at
 * most `PROPS_BUDGET` values visited and about `PROPS_CHARS` characters kept; strings clipped and redacted by the rules of captured text
 * (a secret-named prop whole, an ambiguous one when its value looks secret, credential shapes
 * anywhere); functions, React elements, Vue vnodes and DOM nodes as short markers. Undefined when
 * the props are not an object or have no keys.
 */
export function safeProps(props: unknown): Record<string, unknown> | undefined {
  if (props === null || typeof props !== 'object') return undefined;
  const walk = new Walk();
  const out = walk.object(props as object, 0, 'plain');
  return typeof out === 'object' && out !== null && Object.keys(out).length > 0 ? (out as Record<string, unknown>) : undefined;
}

class Walk {
  private left = PROPS_BUDGET;
  private chars = 0;
  private readonly tally = new RedactionTally();

  private get full(): boolean {
    return this.left <= 0 || this.chars >= PROPS_CHARS;
  }

  value(value: unknown, depth: number, name: NameClass): unknown {
    if (this.left-- <= 0) return '[…]';
    const shown = this.shown(value, depth, name);
    this.chars += typeof shown === 'string' ? shown.length + 3 : 6;
    return shown;
  }

  private shown(value: unknown, depth: number, name: NameClass): unknown {
    switch (typeof value) {
      case 'string':
        return this.text(value, name);
      case 'number':
        return name === 'secret' ? REDACTED : Number.isFinite(value) ? value : String(value);
      case 'boolean':
        return value;
      case 'bigint':
        return name === 'secret' ? REDACTED : this.text(`${value}n`, name);
      case 'symbol':
        return '[symbol]';
      case 'function':
        return `[Function ${markerName(own(value as object, 'name')) ?? 'anonymous'}]`;
      case 'undefined':
        return undefined;
    }
    if (value === null) return null;
    return this.object(value as object, depth, name);
  }

  object(object: object, depth: number, name: NameClass): unknown {
    const marker = markerOf(object);
    if (marker !== undefined) return marker;
    if (depth > PROPS_LIMITS.depth) return Array.isArray(object) ? `[Array(${lengthOf(object)})]` : '[Object]';
    if (Array.isArray(object)) {
      const length = lengthOf(object);
      const items: unknown[] = [];
      let i = 0;
      for (; i < Math.min(length, PROPS_LIMITS.items) && !this.full; i++)
        items.push(this.value(own(object, String(i)), depth + 1, name));
      if (length > i) items.push(`… ${length - i} more items`);
      return items;
    }
    const out: Record<string, unknown> = {};
    let count = 0;
    let keys: string[];
    try {
      keys = Object.keys(object);
    } catch {
      return '[Object]';
    }
    for (const key of keys) {
      if (count === PROPS_LIMITS.keys || this.full) {
        setOwn(out, '…', `${keys.length - count} more keys`);
        break;
      }
      count++;
      const shown = key.length > PROPS_LIMITS.key ? `${key.slice(0, PROPS_LIMITS.key)}…` : key;
      this.chars += shown.length + 3;
      const item = this.value(own(object, key), depth + 1, classifyName(key.slice(0, 200)));
      if (item !== undefined) setOwn(out, shown, item);
    }
    return out;
  }

  private text(value: string, name: NameClass): string {
    if (name === 'secret' && value !== '') return REDACTED;
    if (name === 'ambiguous' && looksSecret(value.slice(0, 4_096))) return REDACTED;
    return capRedacted(value, PROPS_LIMITS.string, (window) => redactText(window, this.tally)).text;
  }
}

function lengthOf(array: readonly unknown[]): number {
  const length = own(array, 'length');
  return typeof length === 'number' && Number.isSafeInteger(length) && length >= 0 ? length : 0;
}

/** React elements, Vue vnodes, DOM nodes, the window, promises, dates and regexps, as one short string. */
function markerOf(object: object): string | undefined {
  const typeOf = own(object, '$$typeof');
  if (typeof typeOf === 'symbol' && ELEMENT_TYPES.has(typeOf)) return `[element ${elementName(own(object, 'type'))}]`;
  if (own(object, '__v_isVNode') === true) return `[vnode ${elementName(own(object, 'type'))}]`;
  if (typeof Node !== 'undefined' && object instanceof Node) {
    return object.nodeType === 1 ? `[node <${(object as Element).localName}>]` : `[node ${object.nodeName}]`;
  }
  if (typeof window !== 'undefined' && object === window) return '[Window]';
  if (object instanceof Promise) return '[Promise]';
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (object instanceof RegExp) return '[RegExp]';
  return undefined;
}

/** `div` for a host element, a component's name, else `anonymous`. */
function elementName(type: unknown): string {
  if (typeof type === 'string') return markerName(type) ?? 'anonymous';
  if (typeof type === 'function' || (typeof type === 'object' && type !== null)) {
    const named = markerName(own(type, 'displayName')) ?? markerName(own(type, 'name')) ?? markerName(own(type, '__name'));
    if (named !== undefined) return named;
  }
  return 'anonymous';
}

function markerName(name: unknown): string | undefined {
  return typeof name === 'string' && MARKER_NAME.test(name) ? name : undefined;
}
