import { CHAIN_REASONS, type ComponentChain } from '../shared/components.js';
import { angularChain, angularDebug } from './angular.js';
import { own } from './pageData.js';
import { fiberOf, reactChain } from './react.js';
import { svelteChain } from './svelte.js';
import { vueChain } from './vue.js';

/** Ancestors looked at, at most, for the nearest node a framework rendered (shadow hosts included). */
export const MAX_ANCESTORS = 100;

/**
 * The components that rendered `element`, innermost first (docs/extension.md, "The component
 * chain"), read from what each framework's dev build keeps in the page: React 18/19 fibers, Vue
 * 3's component instances, Svelte 5's `__svelte_meta`, Angular's `ng` debug API. The nearest
 * ancestor a framework rendered decides (an element made by hand inside a component, an
 * `{@html}`/`v-html` child, belongs to it); shadow roots are crossed to their host. A production
 * build (the framework is there, its debug data is not) and a page without one give no
 * components and the reason. Reads only: nothing in the page is changed or called, except
 * Angular's debug functions and its signal inputs.
 */
export function componentChain(element: Element): ComponentChain {
  // By node type, not `instanceof`: an element of a same-origin frame is of that frame's realm.
  if (typeof element !== 'object' || element === null || element.nodeType !== 1) {
    return { components: [], reason: CHAIN_REASONS.notElement };
  }
  try {
    const chain = read(element);
    return chain.components.length === 0 && chain.reason === undefined
      ? { components: [], reason: CHAIN_REASONS.topLevel }
      : chain;
  } catch {
    return { components: [], reason: CHAIN_REASONS.failed };
  }
}

function read(element: Element): ComponentChain {
  let node: Element | null = element;
  for (let i = 0; i < MAX_ANCESTORS && node !== null; i++) {
    const fiber = fiberOf(node);
    if (fiber !== undefined) return reactChain(fiber);
    const vue = own(node, '__vueParentComponent');
    if (typeof vue === 'object' && vue !== null) return vueChain(vue);
    const svelte = own(node, '__svelte_meta');
    if (typeof svelte === 'object' && svelte !== null) return svelteChain(svelte);
    node = parentOf(node);
  }
  const ng = angularDebug();
  const angular = ng === undefined ? undefined : angularChain(element, ng);
  if (angular !== undefined) return angular;
  return { components: [], reason: productionBuild(element) ? CHAIN_REASONS.production : CHAIN_REASONS.none };
}

/** The parent element, or the host of the shadow root `node` is the top of. */
function parentOf(node: Element): Element | null {
  if (node.parentElement !== null) return node.parentElement;
  const root = node.getRootNode();
  return root.nodeType === 11 && 'host' in root ? (root as ShadowRoot).host : null;
}

/**
 * Whether a framework renders the page without its dev data: Vue's app on the element's mount
 * point (`__vue_app__`), Svelte's version mark (`window.__svelte`, from every compiled
 * component), Angular's `ng-version` on its root component's host.
 */
function productionBuild(element: Element): boolean {
  const svelte = (globalThis as { __svelte?: unknown }).__svelte;
  if (typeof svelte === 'object' && svelte !== null) return true;
  let node: Element | null = element;
  for (let i = 0; i < MAX_ANCESTORS && node !== null; i++) {
    if (own(node, '__vue_app__') !== undefined || node.hasAttribute('ng-version')) return true;
    node = parentOf(node);
  }
  return false;
}
