import { COMPONENT_ANSWER, COMPONENT_REQUEST, COMPONENT_SLOT } from '../shared/components.js';
import { componentChain } from './componentChain.js';

/**
 * Installs the component reader in a document's MAIN world, once: `componentChain(element)` in
 * its slot (`Symbol.for(COMPONENT_SLOT)` on the global, not enumerable), and the answer to the
 * isolated world's requests (request.ts): a `COMPONENT_REQUEST` event dispatched on an element
 * is stopped here, at the window in its capture phase, and answered at once by a
 * `COMPONENT_ANSWER` event on that element's document carrying the chain as JSON.
 */
export function installReader(win: Window & typeof globalThis): void {
  const global = win as unknown as Record<symbol, unknown>;
  if (typeof global[Symbol.for(COMPONENT_SLOT)] === 'function') return;
  Object.defineProperty(global, Symbol.for(COMPONENT_SLOT), { value: componentChain });
  win.addEventListener(
    COMPONENT_REQUEST,
    (event) => {
      // The element the request was dispatched on, inside open shadow roots too.
      const target = event.composedPath()[0];
      if (typeof target !== 'object' || target === null || !('dispatchEvent' in target)) return;
      event.stopImmediatePropagation();
      const answer = JSON.stringify(componentChain(target as Element));
      const to = (target as Element).ownerDocument ?? win.document;
      to.dispatchEvent(new win.CustomEvent(COMPONENT_ANSWER, { detail: answer }));
    },
    true,
  );
}
