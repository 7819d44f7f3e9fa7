import { PAGE_URL, SETTLE, replayOnly, required } from './args.js';
import type { BrowserActionSpec } from './BrowserAction.js';
import { KIND } from '../wire/entries.js';

const LOAD = { effects: 'load', changesPage: true, dialogs: 'ends', replays: KIND.navigate } as const;
/** A replay's back and forward are the page's own `history.go`: see extension/src/worker/actions/navigation.ts. */
const IN_PAGE = { in_page: replayOnly({ kind: 'boolean' }) };

/** Moving a tab between pages, and opening and closing tabs: the worker does it through `chrome.tabs`. */
export const NAVIGATION = {
  navigate: { family: 'navigation', agent: true, args: { url: required(PAGE_URL), ...SETTLE }, ...LOAD, navigation: 'load' },
  refresh: { family: 'navigation', agent: true, args: { ...SETTLE }, ...LOAD, navigation: 'reload' },
  back: { family: 'navigation', agent: true, args: { ...SETTLE, ...IN_PAGE }, ...LOAD, navigation: 'back_forward' },
  forward: { family: 'navigation', agent: true, args: { ...SETTLE, ...IN_PAGE }, ...LOAD, navigation: 'back_forward' },
  new_tab: { family: 'navigation', agent: true, args: { url: required(PAGE_URL), ...SETTLE }, effects: 'load' },
  close_tab: { family: 'navigation', agent: true, args: {}, dialogs: 'ends_any' },
} as const satisfies Record<string, BrowserActionSpec>;
