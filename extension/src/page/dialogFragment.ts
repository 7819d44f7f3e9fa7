import { unmarkedUrl } from '../shared/dialogFragment.js';

interface Entry {
  readonly href: string;
  readonly state: unknown;
}

/**
 * Undoes, in the top frame, the fragment navigation browsertap starts to close a dialog the page
 * opened while browsertap was not acting (shared/dialogFragment.ts). The page's own `popstate`,
 * `hashchange` and Navigation API listeners do not see it (ours come first, from document_start,
 * and stop it), and the url and history state go back to what they were when the page opened its
 * dialog (`save`), through the `replaceState` taken now (a router's wrapper is not called). What
 * stays: the history has one more entry, of the same page.
 */
export function undoDialogFragment(): { save(): void } {
  if (window !== window.top) return { save: () => undefined };
  const replace = History.prototype.replaceState;
  let saved: Entry | undefined;
  const undo = (event: Event) => {
    const original = unmarkedUrl(location.href);
    if (original === undefined) return;
    event.stopImmediatePropagation();
    try {
      replace.call(history, saved?.href === original ? saved.state : history.state, '', original);
    } catch {
      // never in the way of the page
    }
  };
  const marked = (url: unknown) => typeof url === 'string' && unmarkedUrl(url) !== undefined;
  addEventListener('popstate', undo, true);
  addEventListener(
    'hashchange',
    (event) => {
      if (!marked((event as HashChangeEvent).newURL)) return;
      event.stopImmediatePropagation();
      undo(event);
    },
    true,
  );
  const navigation = (window as { navigation?: EventTarget & { currentEntry?: { url?: string } | null } }).navigation;
  navigation?.addEventListener('navigate', (event) => {
    if (marked((event as Event & { destination?: { url?: string } }).destination?.url)) event.stopImmediatePropagation();
  });
  navigation?.addEventListener('currententrychange', (event) => {
    if (marked(navigation.currentEntry?.url)) event.stopImmediatePropagation();
  });
  return {
    save: () => {
      try {
        saved = { href: location.href, state: history.state };
      } catch {
        saved = undefined;
      }
    },
  };
}
