import type { NavigationKind } from '../../../src/domain/wire/entries.js';
import type { Recorder } from '../record/Recorder.js';

interface NavigationApi extends EventTarget {
  readonly currentEntry: { readonly url: string | null } | null;
}

/** The document's own load: how it was reached (a new load, a reload, back/forward), at its start. */
export function recordLoad(recorder: Recorder<Element>, win: Window = window): void {
  const entry = win.performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const kind: NavigationKind = entry?.type === 'reload' ? 'reload' : entry?.type === 'back_forward' ? 'back_forward' : 'load';
  recorder.navigated(win.location.href, kind, Math.round(win.performance.timeOrigin));
}

/**
 * Navigations within the document (SPAs): pushState, replaceState, back/forward in it, hash
 * changes. A move back or forward says whether the page's script made it (`history.back()` in
 * a handler), as the browser's own navigate event tells (`userInitiated` is false for a script's,
 * true for the browser's Back and Forward): only then is it the doing of the action before it.
 * Without the Navigation API: popstate and hashchange. Each change says the url it left (what
 * the person's events noted before it happened on: recordNotes.ts).
 */
export function watchNavigations(
  navigated: (url: string, kind: NavigationKind, byScript: boolean, from: string) => void,
  recording: () => boolean,
  win: Window = window,
): void {
  const navigation = (win as unknown as { navigation?: NavigationApi }).navigation;
  // The url before the last change, for a change that does not say what it left.
  let last = win.location.href;
  const record = (from: string | undefined, kind: 'push' | 'replace' | 'pop', byScript = false) => {
    const to = win.location.href;
    const left = from ?? last;
    last = to;
    if (!recording() || (kind === 'replace' && left === to)) return;
    const hashOnly = left !== to && left.split('#')[0] === to.split('#')[0];
    navigated(to, hashOnly && kind !== 'pop' ? 'hash' : kind, byScript, left);
  };
  if (navigation !== undefined) {
    // The traversal's navigate event comes before its entry changes: what it said, for that change.
    let traversalByScript = false;
    navigation.addEventListener('navigate', (event) => {
      const navigate = event as Event & { navigationType?: string; userInitiated?: boolean };
      if (event.isTrusted && navigate.navigationType === 'traverse') traversalByScript = navigate.userInitiated === false;
    });
    navigation.addEventListener('currententrychange', (event) => {
      const change = event as Event & { navigationType?: string; from?: { url: string | null } };
      const type = change.navigationType;
      if (type === 'push' || type === 'replace') record(change.from?.url ?? undefined, type);
      else if (type === 'traverse') record(change.from?.url ?? undefined, 'pop', traversalByScript);
      traversalByScript = false;
    });
    return;
  }
  const moved = (kind: 'pop' | 'hash') => () => {
    if (win.location.href !== last) record(last, kind === 'hash' ? 'push' : 'pop');
  };
  win.addEventListener('popstate', moved('pop'));
  win.addEventListener('hashchange', moved('hash'));
}
