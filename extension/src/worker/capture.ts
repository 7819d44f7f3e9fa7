import { type CaptureBatch, MAX_BATCH_JSON } from '../shared/protocol.js';
import type { Forwarder } from './Forwarder.js';

/** Entries taken from one page message; a page flooding more is cut (the page is untrusted). */
const MAX_PER_MESSAGE = 500;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A page's JSON batch as an object, or `undefined` when it is not one (the page is untrusted). */
export function parseBatch(json: unknown): unknown {
  if (typeof json !== 'string' || json.length > MAX_BATCH_JSON) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Whether an entry should reach the daemon at once rather than with the next batch. */
function urgent(kind: string, entry: Record<string, unknown>): boolean {
  switch (kind) {
    case 'logs':
      return entry.level === 'error';
    case 'network':
      return typeof entry.status === 'number' && (entry.status === 0 || entry.status >= 400);
    case 'websocket':
      return entry.event === 'error' || (entry.event === 'close' && entry.code !== 1000 && entry.code !== 1001);
    case 'performance':
      return false; // a record the page sends again as it changes
    default:
      return true;
  }
}

/**
 * Hands a tracked tab's batch to the forwarder, stamped with the tab id Chrome gives the
 * message's sender (a page cannot claim another tab). Page events become `/page` posts, and the
 * tab's last url is remembered for its close event. `seen` is shown every other entry (effects).
 * Entries from a child frame carry its url as `frame_url` (docs/extension.md); its page events are not the tab's.
 */
export function forwardBatch(
  batch: unknown,
  tabId: number,
  forwarder: Forwarder,
  pages: Map<number, string>,
  seen: (kind: string, entry: Record<string, unknown>) => void = () => undefined,
  frameUrl?: string,
): void {
  if (!isObject(batch)) return;
  let budget = MAX_PER_MESSAGE;
  for (const kind of ['logs', 'network', 'websocket', 'vitals', 'page', 'performance'] as const satisfies ReadonlyArray<
    keyof CaptureBatch
  >) {
    const entries = batch[kind];
    if (!Array.isArray(entries)) continue;
    for (const entry of entries.slice(0, budget)) {
      if (!isObject(entry)) continue;
      if ((kind === 'page' || kind === 'performance') && frameUrl !== undefined) continue; // a frame's navigations are not the tab's
      if (kind === 'page') {
        if (typeof entry.url === 'string') pages.set(tabId, entry.url);
        forwarder.add(
          'page',
          {
            tab_id: tabId,
            url: entry.url,
            title: typeof entry.title === 'string' ? entry.title : '',
            event: entry.event,
            ...(Number.isSafeInteger(entry.started_at) ? { started_at: entry.started_at } : {}),
          },
          true,
        );
      } else {
        // Only the worker writes audit entries (accessibility violations): a page's claim is console.
        const own = kind === 'logs' && entry.source === 'audit' ? { ...entry, source: 'console' } : entry;
        forwarder.add(
          kind,
          { ...own, tab_id: tabId, ...(frameUrl === undefined ? {} : { frame_url: frameUrl }) },
          urgent(kind, own),
        );
        seen(kind, own);
      }
    }
    budget -= Math.min(entries.length, budget);
    if (budget === 0) return;
  }
}
