import { CHAIN_REASONS, type ChainComponent, type ComponentChain, MAX_COMPONENTS } from '../shared/components.js';
import { componentName, own, servedPath } from './pageData.js';
import { safeProps } from './props.js';
import { frameAt } from './stackFrame.js';

/** Expando keys React puts on the DOM nodes it renders (17+, and 16's). */
const FIBER_KEYS = ['__reactFiber$', '__reactInternalInstance$'];
/** The message of the Error a React 19 dev build keeps on each element it creates (`_debugStack`). */
const STACK_TOP = 'react-stack-top-frame';

/** The fiber React keeps on `node`, if it rendered it. Own keys only: a DOM node has few. */
export function fiberOf(node: Element): object | undefined {
  let keys: string[];
  try {
    keys = Object.keys(node);
  } catch {
    return undefined;
  }
  for (const key of keys.slice(0, 50)) {
    if (FIBER_KEYS.some((prefix) => key.startsWith(prefix))) {
      const fiber = own(node, key);
      if (typeof fiber === 'object' && fiber !== null) return fiber;
    }
  }
  return undefined;
}

/**
 * The components that rendered a React host fiber, by its owners (`_debugOwner`: the component
 * whose render created it, as React DevTools' "rendered by"), each with the position of the
 * element it created: React 18's `_debugSource` (the dev JSX transform's file, line, column) or
 * React 19's `_debugStack` (the Error React made where the JSX ran: its frame after the JSX
 * factory is that line of the served script, `url` for the worker to map). A production build
 * keeps no owners: the reason says so.
 */
export function reactChain(fiber: object): ComponentChain {
  if (!('_debugOwner' in fiber) && !('_debugSource' in fiber)) return { components: [], reason: CHAIN_REASONS.production };
  const components: ChainComponent[] = [];
  let created: object = fiber;
  for (let i = 0; i < MAX_COMPONENTS; i++) {
    const owner = ownerOf(created);
    if (owner === undefined) break;
    const props = 'tag' in owner ? safeProps(own(owner, 'memoizedProps')) : undefined;
    components.push({
      name: 'tag' in owner ? componentName(own(owner, 'type')) : componentName(owner),
      framework: 'react',
      ...positionOf(created),
      ...(props === undefined ? {} : { props }),
    });
    created = owner;
  }
  return { components };
}

/** The fiber (or, for a server component, the component info) that created `created`. */
function ownerOf(created: object): object | undefined {
  const owner = own(created, '_debugOwner') ?? own(created, 'owner');
  return typeof owner === 'object' && owner !== null ? owner : undefined;
}

/** Where `created`'s element was written: a source position (React 18), a served one (React 19), or none. */
function positionOf(created: object): Pick<ChainComponent, 'file' | 'line' | 'column' | 'url'> {
  const source = own(created, '_debugSource');
  if (typeof source === 'object' && source !== null) {
    const file = own(source, 'fileName');
    const line = own(source, 'lineNumber');
    const column = own(source, 'columnNumber');
    if (typeof file === 'string' && isPosition(line)) {
      return { file: servedPath(file), line, ...(isPosition(column) ? { column } : {}) };
    }
    return {};
  }
  const stack = own(created, '_debugStack') ?? own(created, 'debugStack');
  if (!(stack instanceof Error) || own(stack, 'message') !== STACK_TOP) return {};
  // Frame 0 is the JSX factory (jsxDEV, createElement); frame 1 is where the element was written.
  const at = frameAt(defaultStack(stack), 1);
  return at === undefined ? {} : { url: at.url, line: at.line, column: at.column };
}

function isPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 10_000_000;
}

/**
 * The Error's stack in V8's own format (as React reads it), whatever `Error.prepareStackTrace`
 * the page set: V8 formats a stack the first time it is read.
 */
function defaultStack(error: Error): string {
  const host = Error as { prepareStackTrace?: unknown };
  const saved = host.prepareStackTrace;
  let swapped = false;
  try {
    if (saved !== undefined) {
      host.prepareStackTrace = undefined;
      swapped = true;
    }
    const stack = error.stack;
    return typeof stack === 'string' ? stack : '';
  } catch {
    return '';
  } finally {
    if (swapped) host.prepareStackTrace = saved;
  }
}
