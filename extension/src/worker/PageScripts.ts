import { isDevelopmentUrl, isStaticDevUrl } from '../shared/devOrigins.js';

/** Ids of the scripts registered for an origin the person (or the agent) tracked. */
export const TRACKED_PREFIX = 'bt-origin-';
/** Ids of the scripts registered for a development address no match pattern can name. */
const DEV_PREFIX = 'bt-dev-';

/** The `scheme://host/*` match pattern of an http(s) page (match patterns ignore the port). */
export function originPattern(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return `${parsed.protocol}//${parsed.hostname}/*`;
  } catch {
    return undefined;
  }
}

const idOf = (prefix: string, pattern: string) => `${prefix}${pattern.replace(/[^a-z0-9.-]/gi, '_')}`;

/**
 * Where the page's scripts load. Nothing of browsertap's is in a page the person did not track:
 * the manifest loads capture (MAIN world) and the relay with the recorder (isolated world) on
 * the development origins a match pattern can name; the origins the person tracks and the
 * development addresses a tracked page shows (a private network's, say) are registered here, so
 * they load at `document_start` from the next load on; and a document already open when it
 * becomes tracked gets them injected at once.
 */
export const pageScripts = {
  /** Whether the scripts loaded at `document_start` in a document at `url` (the manifest's, or registered). */
  async loadsAt(url: string): Promise<boolean> {
    if (isStaticDevUrl(url)) return true;
    const pattern = originPattern(url);
    if (pattern === undefined) return false;
    const prefix = isDevelopmentUrl(url) ? DEV_PREFIX : TRACKED_PREFIX;
    return (await chrome.scripting.getRegisteredContentScripts({ ids: [idOf(prefix, pattern)] })).length > 0;
  },

  /**
   * Registers the scripts for `url`'s origin, if no pattern covers it yet: a development address
   * for good (kept across browser sessions: it is the person's development machine), an origin
   * the person tracked for this browser session (TabScope prunes it when no tracked tab is on it).
   */
  async register(url: string): Promise<void> {
    const pattern = originPattern(url);
    if (pattern === undefined || isStaticDevUrl(url)) return;
    const development = isDevelopmentUrl(url);
    const id = idOf(development ? DEV_PREFIX : TRACKED_PREFIX, pattern);
    if ((await chrome.scripting.getRegisteredContentScripts({ ids: [id] })).length > 0) return;
    const common = { matches: [pattern], runAt: 'document_start' as const, allFrames: true, persistAcrossSessions: development };
    await chrome.scripting.registerContentScripts([
      // A development address hooks as the manifest's capture does (itself, or a frame of a development page).
      { ...common, id, js: [development ? 'capture.js' : 'capture-tracked.js'], world: 'MAIN' },
      { ...common, id: `${id}-relay`, js: ['relay.js'], world: 'ISOLATED' },
    ]);
  },

  /** Loads capture and the relay into a document already open (`frameIds`, else every frame of the tab). */
  async inject(tabId: number, frameIds?: number[]): Promise<void> {
    const target = frameIds === undefined ? { tabId, allFrames: true } : { tabId, frameIds };
    await Promise.all([
      chrome.scripting.executeScript({ target, world: 'ISOLATED', files: ['relay.js'], injectImmediately: true }),
      chrome.scripting.executeScript({ target, world: 'MAIN', files: ['capture-tracked.js'], injectImmediately: true }),
    ]);
  },
};

/** What a committed document's scripts depend on: whether its tab is tracked, and by hand. */
export interface Tracking {
  isTracked(tabId: number, url: string | undefined): boolean;
  isExplicit(tabId: number): boolean;
}

/**
 * A document committed in a tab (`webNavigation.onCommitted`). In a tracked tab, a frame the
 * scripts did not load in gets them now (a frame of another origin inside a development page, a
 * page the person tracked moving to another origin, a development address seen for the first
 * time), and the origin is registered so they load from the first line next time: a development
 * address always, another origin when the person tracked this tab (a third party's frame is
 * never registered: its origin would load browsertap in every tab that shows it).
 */
export async function documentCommitted(
  details: { tabId: number; frameId: number; parentFrameId: number; url: string },
  tracking: Tracking,
  topUrl: (tabId: number) => Promise<string | undefined>,
): Promise<void> {
  const { tabId, frameId, url } = details;
  if (tabId < 0 || !/^https?:\/\//i.test(url) || isStaticDevUrl(url)) return;
  // A tab's page has no parent frame (a prerendered one neither, under another frame id).
  const page = details.parentFrameId === -1;
  const top = page ? url : await topUrl(tabId);
  if (!tracking.isTracked(tabId, top)) return;
  if (await pageScripts.loadsAt(url)) return;
  if (isDevelopmentUrl(url) || (page && tracking.isExplicit(tabId))) await pageScripts.register(url).catch(() => undefined);
  await pageScripts.inject(tabId, [frameId]);
}
