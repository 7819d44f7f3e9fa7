/** What a component's name may be: letters, digits and the punctuation of `Context.Provider`, `ForwardRef(Button)`, `router-link`. */
const NAME = /^[\p{L}\p{N}\p{M}_$.\-:()[\]<>@]{1,120}$/u;
/** The name of a component that has none (or one that is not a name). */
export const ANONYMOUS = 'Anonymous';
/** Folders of an absolute path tried as the page's served path, at most. */
const MAX_SEGMENTS = 40;

/**
 * An own data property's value, read without running page code (a framework's objects are the
 * page's: a getter is not called); `'[getter]'` for an accessor, undefined when absent.
 */
export function own(object: object, key: string): unknown {
  let descriptor: PropertyDescriptor | undefined;
  try {
    descriptor = Object.getOwnPropertyDescriptor(object, key);
  } catch {
    return '[unreadable]';
  }
  if (descriptor === undefined) return undefined;
  return 'value' in descriptor ? descriptor.value : '[getter]';
}

/** `text` when it is a name (NAME), else undefined. */
export function asName(text: unknown): string | undefined {
  return typeof text === 'string' && NAME.test(text) ? text : undefined;
}

/**
 * A component's name from what the framework keeps: a function's or class's `displayName` or
 * `name`, a wrapper's (`memo`, `forwardRef`: `type`, `render`), a descriptor's `name`/`__name`.
 */
export function componentName(type: unknown, depth = 0): string {
  if ((typeof type !== 'function' && typeof type !== 'object') || type === null) return ANONYMOUS;
  const named = asName(own(type, 'displayName')) ?? asName(own(type, 'name')) ?? asName(own(type, '__name'));
  if (named !== undefined) return named;
  if (depth < 3) {
    for (const inner of ['type', 'render']) {
      const wrapped = own(type, inner);
      if (typeof wrapped === 'function' || (typeof wrapped === 'object' && wrapped !== null))
        return componentName(wrapped, depth + 1);
    }
  }
  return ANONYMOUS;
}

/** `Card` for `src/components/Card.svelte` (a Svelte component is named by its file). */
export function nameFromFile(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const dot = base.indexOf('.');
  return asName(dot > 0 ? base.slice(0, dot) : base) ?? ANONYMOUS;
}

/**
 * An absolute file path a dev build names (React 18's JSX source, Vue's `__file`) as this page
 * serves it: the longest tail of the path that this page loaded from its own origin
 * (`/home/me/shop/src/Card.jsx` → `src/Card.jsx` when the page loaded `/src/Card.jsx`, as a
 * stack frame's `at` names it). A file the page did not load that way (or loaded from Vite's
 * `/@fs/` outside the project's root) keeps its path.
 */
export function servedPath(file: string): string {
  if (!file.startsWith('/') || typeof performance === 'undefined' || typeof location === 'undefined') return file;
  const origin = location.origin;
  if (!origin.startsWith('http')) return file;
  // Vite serves a file outside its root at `/@fs/<absolute path>`: then no tail is that file.
  if (loaded(`${origin}/@fs${file}`)) return file;
  let from = 0;
  for (let i = 0; i < MAX_SEGMENTS; i++) {
    if (loaded(`${origin}${file.slice(from)}`)) return file.slice(from + 1);
    from = file.indexOf('/', from + 1);
    if (from === -1) break;
  }
  return file;
}

function loaded(url: string): boolean {
  try {
    return performance.getEntriesByName(url, 'resource').length > 0;
  } catch {
    return false;
  }
}
