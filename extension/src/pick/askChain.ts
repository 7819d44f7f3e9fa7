import { CHAIN_ANSWER, CHAIN_ASK, type ComponentChain, MAX_CHAIN_JSON } from '../shared/pick.js';

/**
 * Asks the page's component reader (MAIN world, chainReader.ts) for the element's chain: a
 * composed event on the element, answered synchronously on its document. Undefined when nothing
 * answered (no reader in that frame) or the answer is not a chain; the page can write the answer
 * too, so it is checked and bounded here and treated as page text after.
 */
export function askChain(element: Element): ComponentChain | undefined {
  const document = element.ownerDocument;
  let json: unknown;
  const take = (event: Event) => (json = (event as CustomEvent<unknown>).detail);
  document.addEventListener(CHAIN_ANSWER, take, { once: true });
  try {
    const Event = document.defaultView?.CustomEvent ?? CustomEvent;
    element.dispatchEvent(new Event(CHAIN_ASK, { bubbles: true, composed: true }));
  } finally {
    document.removeEventListener(CHAIN_ANSWER, take);
  }
  if (typeof json !== 'string' || json.length > MAX_CHAIN_JSON) return undefined;
  try {
    const chain = JSON.parse(json) as ComponentChain;
    if (!Array.isArray(chain?.components)) return undefined;
    const components = chain.components
      .slice(0, 50)
      .filter((c) => typeof c === 'object' && c !== null && typeof c.name === 'string' && c.name !== '');
    return { components, ...(typeof chain.reason === 'string' ? { reason: chain.reason.slice(0, 300) } : {}) };
  } catch {
    return undefined;
  }
}
