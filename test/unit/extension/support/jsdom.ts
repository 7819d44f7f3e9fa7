import { JSDOM } from 'jsdom';

const GLOBALS = [
  'window',
  'document',
  'Node',
  'NodeFilter',
  'Element',
  'HTMLElement',
  'getComputedStyle',
  'CSS',
  'navigator',
  'MutationObserver',
] as const;

/** More of the window's globals a module reads (the relay's recording: the url, the selection, labels). */
export type PageGlobal =
  'location' | 'getSelection' | 'scrollX' | 'scrollY' | 'HTMLLabelElement' | 'HTMLInputElement' | 'InputEvent';

/**
 * A page in jsdom whose window stands in for the browser's globals while a test runs (the
 * extension's in-page modules read `document`, `getComputedStyle` and `Node` as globals).
 * jsdom has no layout: every element has an empty box (so none counts as visible). `more`: other
 * globals of the window to stand in for, restored at `close` too.
 */
export function withPage(
  html: string,
  more: readonly PageGlobal[] = [],
): { document: Document; window: Window; close: () => void } {
  const dom = new JSDOM(`<!doctype html><html><head></head><body>${html}</body></html>`, { url: 'http://localhost:5173/' });
  const global = globalThis as unknown as Record<string, unknown>;
  const saved = new Map<string, PropertyDescriptor | undefined>();
  for (const name of [...GLOBALS, ...more]) {
    saved.set(name, Object.getOwnPropertyDescriptor(global, name));
    const value =
      name === 'getComputedStyle' || name === 'getSelection'
        ? dom.window[name].bind(dom.window)
        : (dom.window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(global, name, { value, configurable: true, writable: true });
  }
  return {
    document: dom.window.document,
    window: dom.window as unknown as Window,
    close: () => {
      for (const [name, descriptor] of saved) {
        if (descriptor === undefined) delete global[name];
        else Object.defineProperty(global, name, descriptor);
      }
      dom.window.close();
    },
  };
}
