/**
 * The fragment browsertap navigates its tab's page to, to close a dialog the page opened while
 * browsertap was not acting: a navigation that starts in the tab closes the tab's alert, confirm or
 * prompt (Chrome's dialog manager does so on `DidStartNavigation`; measured in Chromium 156), and a
 * fragment-only one keeps the document. The page's hook (page/dialogFragment.ts) puts the url and
 * history state back and keeps the page's own listeners from seeing it. The page's own fragment,
 * if any, rides along after a colon, so the url can be given back even where the hook is missing.
 */
export const DIALOG_FRAGMENT = 'browsertap-dialog';

/** `url` with browsertap's fragment, or `undefined` for a url that is not http(s). */
export function markedUrl(url: string | undefined): string | undefined {
  if (url === undefined || !/^https?:/i.test(url)) return undefined;
  const original = unmarkedUrl(url) ?? url;
  const hash = original.indexOf('#');
  if (hash < 0) return `${original}#${DIALOG_FRAGMENT}`;
  return `${original.slice(0, hash)}#${DIALOG_FRAGMENT}:${original.slice(hash + 1)}`;
}

/** The url `href` was before browsertap marked it; `undefined` when it is not marked. */
export function unmarkedUrl(href: string): string | undefined {
  const hash = href.indexOf('#');
  if (hash < 0) return undefined;
  const fragment = href.slice(hash + 1);
  if (fragment === DIALOG_FRAGMENT) return href.slice(0, hash);
  if (fragment.startsWith(`${DIALOG_FRAGMENT}:`)) return `${href.slice(0, hash)}#${fragment.slice(DIALOG_FRAGMENT.length + 1)}`;
  return undefined;
}
