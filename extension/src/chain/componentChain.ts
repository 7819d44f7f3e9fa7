import type { ComponentChain } from '../shared/pick.js';

/**
 * The components that rendered `element`, from it up, with their source positions where the
 * framework gives them (SPEC 15). Runs in the page's MAIN world, where framework internals live.
 *
 * Not built yet: this build reads no framework and says so. The framework readers (React 18/19,
 * Vue 3, Svelte 5, Angular dev mode) replace this function; the seam around it (chainReader.ts,
 * the pick script, the worker's mapping of `url:line:column` through source maps) stays.
 */
export function componentChain(_element: Element): ComponentChain {
  return { components: [], reason: 'this version of browsertap does not read components yet' };
}
