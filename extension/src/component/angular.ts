import { setOwn } from '../../../src/domain/json/ownData.js';
import { type ChainComponent, type ComponentChain, MAX_COMPONENTS } from '../shared/components.js';
import { ANONYMOUS, asName, own } from './pageData.js';
import { safeProps } from './props.js';

/** The debugging functions Angular's dev mode puts on the page's global (`ng`). */
export interface AngularDebug {
  getComponent(element: Element): unknown;
  getOwningComponent(element: Element): unknown;
  getHostElement(component: object): unknown;
}

/** Angular's debug API, when the page runs Angular in dev mode. */
export function angularDebug(): AngularDebug | undefined {
  const ng = (globalThis as { ng?: unknown }).ng;
  if (typeof ng !== 'object' || ng === null) return undefined;
  const api = ng as Record<string, unknown>;
  return ['getComponent', 'getOwningComponent', 'getHostElement'].every((name) => typeof api[name] === 'function')
    ? (ng as AngularDebug)
    : undefined;
}

/**
 * The components that rendered an element of an Angular app in dev mode, through Angular's own
 * debug API: the component whose host the element is, else the one whose template holds it, then
 * each one's host up. Each with its class name and selector, and the file and line of its class
 * from the dev-mode class debug info the compiler emits (`ɵcmp.debugInfo`); Angular keeps no
 * template positions at runtime. Props are the component's declared inputs.
 */
export function angularChain(element: Element, ng: AngularDebug): ComponentChain | undefined {
  let component = call(() => ng.getComponent(element)) ?? call(() => ng.getOwningComponent(element));
  const components: ChainComponent[] = [];
  for (let i = 0; i < MAX_COMPONENTS && component !== undefined; i++) {
    components.push(describe(component));
    const host = call(() => ng.getHostElement(component as object));
    component = isElement(host) ? call(() => ng.getOwningComponent(host)) : undefined;
  }
  return components.length === 0 ? undefined : { components };
}

function call(get: () => unknown): object | undefined {
  try {
    const found = get();
    return typeof found === 'object' && found !== null ? found : undefined;
  } catch {
    return undefined;
  }
}

function describe(component: object): ChainComponent {
  const prototype = Object.getPrototypeOf(component) as object | null;
  const type = prototype === null ? undefined : own(prototype, 'constructor');
  const def = typeof type === 'function' ? own(type, 'ɵcmp') : undefined;
  const info = typeof def === 'object' && def !== null ? own(def, 'debugInfo') : undefined;
  const debug = typeof info === 'object' && info !== null ? info : undefined;
  const file = debug === undefined ? undefined : own(debug, 'filePath');
  const line = debug === undefined ? undefined : own(debug, 'lineNumber');
  const name =
    (debug === undefined ? undefined : asName(own(debug, 'className'))) ??
    (typeof type === 'function' ? asName(own(type, 'name')) : undefined) ??
    ANONYMOUS;
  const selector = typeof def === 'object' && def !== null ? selectorOf(own(def, 'selectors')) : undefined;
  const props = typeof def === 'object' && def !== null ? inputsOf(component, own(def, 'inputs')) : undefined;
  return {
    name,
    framework: 'angular',
    ...(selector === undefined ? {} : { selector }),
    ...(typeof file === 'string' && file !== '' ? { file } : {}),
    ...(typeof file === 'string' && typeof line === 'number' && Number.isSafeInteger(line) && line >= 1 ? { line } : {}),
    ...(props === undefined ? {} : { props }),
  };
}

/** `app-card` from `[["app-card"]]`; an attribute selector `[appTip]` from `[["", "appTip", ""]]`. */
function selectorOf(selectors: unknown): string | undefined {
  if (!Array.isArray(selectors) || !Array.isArray(selectors[0])) return undefined;
  const [tag, attribute] = selectors[0] as unknown[];
  if (typeof tag === 'string' && tag !== '') return asName(tag);
  return typeof attribute === 'string' && attribute !== '' ? asName(`[${attribute}]`) : undefined;
}

/**
 * The component's inputs (`ɵcmp.inputs`: public name → class property, or `[property, flags, …]`)
 * and their values; a signal input (flag 1) is read by calling it, which a signal allows.
 */
function inputsOf(component: object, inputs: unknown): Record<string, unknown> | undefined {
  if (typeof inputs !== 'object' || inputs === null) return undefined;
  const values: Record<string, unknown> = {};
  let count = 0;
  for (const name of Object.keys(inputs)) {
    if (count++ >= 50) break;
    const spec = own(inputs, name);
    const property = typeof spec === 'string' ? spec : Array.isArray(spec) && typeof spec[0] === 'string' ? spec[0] : undefined;
    if (property === undefined) continue;
    const signal = Array.isArray(spec) && typeof spec[1] === 'number' && (spec[1] & 1) === 1;
    let value = own(component, property);
    if (signal && typeof value === 'function') value = readSignal(value as () => unknown);
    setOwn(values, property, value);
  }
  return safeProps(values);
}

function readSignal(signal: () => unknown): unknown {
  try {
    return signal();
  } catch {
    return '[unreadable]';
  }
}

function isElement(node: unknown): node is Element {
  return typeof node === 'object' && node !== null && (node as Node).nodeType === 1;
}
