import type { PageBus } from './PageBus.js';

/** `load` when the document has loaded; `navigate` on history changes within the page (SPAs). */
export function trackPage(bus: PageBus): void {
  const started_at = Math.floor(performance.timeOrigin);
  const loaded = () => bus.add('page', { url: location.href, title: document.title, event: 'load', started_at }, true);
  if (document.readyState === 'complete') loaded();
  else addEventListener('load', loaded, { once: true });
  let last = location.href;
  const navigated = () => {
    if (location.href === last) return;
    last = location.href;
    bus.add('page', { url: location.href, title: document.title, event: 'navigate', started_at }, true);
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    history[method] = new Proxy(history[method], {
      apply(target, thisArg, args: Parameters<History['pushState']>) {
        const result = Reflect.apply(target, thisArg, args);
        try {
          navigated();
        } catch {
          // never in the way of the page
        }
        return result;
      },
    });
  }
  addEventListener('popstate', navigated);
  addEventListener('hashchange', navigated);
}
