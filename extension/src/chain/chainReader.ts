import { CHAIN_ANSWER, CHAIN_ASK, MAX_CHAIN_JSON } from '../shared/pick.js';
import { componentChain } from './componentChain.js';

const INSTALLED = Symbol.for('browsertap.componentChain');

/**
 * The component reader's side of the seam (shared/pick.ts): injected into every frame's MAIN world
 * when pointing starts, never before. The pick script asks by dispatching CHAIN_ASK on the
 * element; the answer goes back at once as CHAIN_ANSWER on that element's document. A reader that
 * throws answers with the reason; nothing here touches the page otherwise.
 */
export function installChainReader(): void {
  const global = window as unknown as Record<symbol, unknown>;
  if (global[INSTALLED] === true) return;
  Object.defineProperty(global, INSTALLED, { value: true, enumerable: false });
  const dispatch = EventTarget.prototype.dispatchEvent;
  document.addEventListener(
    CHAIN_ASK,
    (event) => {
      const element = event.composedPath()[0];
      if (!(element instanceof Element)) return;
      let json: string;
      try {
        json = JSON.stringify(componentChain(element));
      } catch (error) {
        json = JSON.stringify({
          components: [],
          reason: `the component reader failed: ${String((error as Error)?.message ?? error)}`,
        });
      }
      if (json.length > MAX_CHAIN_JSON)
        json = JSON.stringify({ components: [], reason: 'the component chain was too large to send' });
      dispatch.call(element.ownerDocument, new CustomEvent(CHAIN_ANSWER, { detail: json }));
    },
    true,
  );
}

installChainReader();
