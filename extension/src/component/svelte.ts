import { type ChainComponent, type ComponentChain, MAX_COMPONENTS } from '../shared/components.js';
import { nameFromFile, own } from './pageData.js';

/** Entries of Svelte's dev stack walked, at most (blocks — `if`, `each` — between components included). */
const MAX_ENTRIES = 200;

/**
 * The components that rendered an element of a Svelte 5 dev build, from the `__svelte_meta` the
 * compiler's dev output keeps on it: `loc` is the element's markup (file, line, 0-based column)
 * in the component that wrote it; `parent` is the stack of blocks and components around it, each
 * `component` entry being where that component's tag is written in its parent's file. Each
 * component is named by its file, as Svelte names it. Svelte keeps no link from an element to its
 * component's props: none are given.
 */
export function svelteChain(meta: object): ComponentChain {
  const components: ChainComponent[] = [];
  const loc = own(meta, 'loc');
  const first = typeof loc === 'object' && loc !== null ? located(loc) : undefined;
  if (first !== undefined) components.push(first);
  let entry = own(meta, 'parent');
  for (let i = 0; i < MAX_ENTRIES && components.length < MAX_COMPONENTS && typeof entry === 'object' && entry !== null; i++) {
    if (own(entry, 'type') === 'component') {
      const component = located(entry);
      if (component !== undefined) components.push(component);
    }
    entry = own(entry, 'parent');
  }
  return { components };
}

/** A component at `{file, line, column}` (Svelte's column is 0-based). */
function located(at: object): ChainComponent | undefined {
  const file = own(at, 'file');
  if (typeof file !== 'string' || file === '') return undefined;
  const line = own(at, 'line');
  const column = own(at, 'column');
  const hasLine = typeof line === 'number' && Number.isSafeInteger(line) && line >= 1;
  const hasColumn = hasLine && typeof column === 'number' && Number.isSafeInteger(column) && column >= 0;
  return {
    name: nameFromFile(file),
    framework: 'svelte',
    file,
    ...(hasLine ? { line } : {}),
    ...(hasColumn ? { column: column + 1 } : {}),
  };
}
