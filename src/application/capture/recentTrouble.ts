import { clip, firstLine, topFrame } from '../../domain/capture/compact.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { isError, isFailedRequest } from '../../domain/capture/levels.js';
import { PICK_CAPS, type PickError, type PickFailedRequest } from '../../domain/wire/picks.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';

/**
 * The tab's errors and failed requests from PICK_CAPS.recentMs before `since` until `until`
 * (what went wrong just before the person pointed), the newest PICK_CAPS.recent of each,
 * oldest first, by entry id. Reads at most the bounded buffers.
 */
export function recentTrouble(
  store: CaptureStorePort,
  tabId: number | undefined,
  since: number,
  until: number,
): { errors?: PickError[]; failed_requests?: PickFailedRequest[] } {
  if (tabId === undefined) return {};
  const from = since - PICK_CAPS.recentMs;
  const within = (e: { ts: number; tab_id?: number }) => e.tab_id === tabId && e.ts >= from && e.ts <= until;
  const errors = store
    .read('logs', { limit: PICK_CAPS.recent, filter: (e) => within(e) && isError(e) })
    .entries.map(({ seq, value }): PickError => {
      const at = topFrame(value.stack, value.url);
      return { id: entryId('logs', seq), message: clip(firstLine(value.message)), ...(at === undefined ? {} : { at }) };
    });
  const failed = store
    .read('network', { limit: PICK_CAPS.recent, filter: (e) => within(e) && isFailedRequest(e) })
    .entries.map(({ seq, value }): PickFailedRequest => ({
      id: entryId('network', seq),
      method: value.method,
      url: clip(value.url),
      status: value.status,
      ...(value.error === undefined ? {} : { error: clip(value.error, 120) }),
    }));
  return { ...(errors.length === 0 ? {} : { errors }), ...(failed.length === 0 ? {} : { failed_requests: failed }) };
}
