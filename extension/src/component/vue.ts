import { CHAIN_REASONS, type ChainComponent, type ComponentChain, MAX_COMPONENTS } from '../shared/components.js';
import { ANONYMOUS, asName, nameFromFile, own, servedPath } from './pageData.js';
import { safeProps } from './props.js';

/**
 * The components that rendered an element of a Vue 3 app, from the instance Vue's dev build
 * keeps on it (`__vueParentComponent`) up its parents: each component's name (its `name`, the
 * SFC compiler's `__name`, else its file's) and its file (`__file`, dev builds only). Vue keeps
 * no template positions at runtime, so there is no line. A build without `__file` names only.
 */
export function vueChain(instance: object): ComponentChain {
  const components: ChainComponent[] = [];
  let positions = false;
  let current: unknown = instance;
  for (let i = 0; i < MAX_COMPONENTS && typeof current === 'object' && current !== null; i++) {
    const type = own(current, 'type');
    const file = typeof type === 'object' && type !== null ? own(type, '__file') : undefined;
    const props = safeProps(rawOf(own(current, 'props')));
    components.push({
      name: nameOf(type, typeof file === 'string' ? file : undefined),
      framework: 'vue',
      ...(typeof file === 'string' && file !== '' ? { file: servedPath(file) } : {}),
      ...(props === undefined ? {} : { props }),
    });
    positions ||= typeof file === 'string' && file !== '';
    current = own(current, 'parent');
  }
  return positions ? { components } : { components, reason: CHAIN_REASONS.noPositions };
}

function nameOf(type: unknown, file: string | undefined): string {
  if (typeof type !== 'object' || type === null) return ANONYMOUS;
  const named = asName(own(type, 'name')) ?? asName(own(type, '__name'));
  if (named !== undefined) return named;
  return file === undefined ? ANONYMOUS : nameFromFile(file);
}

/** The plain object behind a Vue reactive proxy (`__v_raw`), so reading it tracks nothing. */
function rawOf(props: unknown): unknown {
  if (typeof props !== 'object' || props === null) return props;
  try {
    const raw = (props as { __v_raw?: unknown }).__v_raw;
    return typeof raw === 'object' && raw !== null ? raw : props;
  } catch {
    return props;
  }
}
