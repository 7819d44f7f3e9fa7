import { CHAIN_REASONS, COMPONENT_ANSWER, COMPONENT_REQUEST, type ComponentChain } from '../shared/components.js';

/** Longest answer taken from the page (characters): 20 components with their props fit in far less. */
export const MAX_ANSWER_CHARS = 64_000;

/**
 * `componentChain(element)` asked from the extension's isolated world (the overlay's), where the
 * frameworks' data cannot be seen: the MAIN-world reader (install.ts, injected first) answers
 * before `dispatchEvent` returns. Unparsed JSON as the page answered it: the worker's
 * `componentsInSource` checks it. Without a reader in the page (or past MAX_ANSWER_CHARS), no
 * components and the reason.
 */
export function requestComponentChain(element: Element): unknown {
  let answer: string | undefined;
  const hear = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail === 'string') answer = detail;
  };
  const document = element.ownerDocument;
  document.addEventListener(COMPONENT_ANSWER, hear);
  try {
    const Custom = document.defaultView?.CustomEvent ?? CustomEvent;
    element.dispatchEvent(new Custom(COMPONENT_REQUEST, { bubbles: true, composed: true }));
  } finally {
    document.removeEventListener(COMPONENT_ANSWER, hear);
  }
  if (answer === undefined || answer.length > MAX_ANSWER_CHARS)
    return { components: [], reason: CHAIN_REASONS.failed } satisfies ComponentChain;
  try {
    return JSON.parse(answer) as unknown;
  } catch {
    return { components: [], reason: CHAIN_REASONS.failed } satisfies ComponentChain;
  }
}
