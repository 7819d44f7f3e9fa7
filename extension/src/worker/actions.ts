import { ACTION_BY, ACTION_TYPES, KIND } from '../../../src/domain/wire/entries.js';
import { MAX_ACTIONS_PER_MESSAGE, REDACTED_VALUE, type RecordingOrder } from '../shared/actions.js';
import type { AgentNavigation, AgentWindows } from './AgentWindows.js';
import type { Forwarder } from './Forwarder.js';

const TYPES = new Set<string>(ACTION_TYPES);
const BY = new Set<string>(ACTION_BY);
/** Longest JSON of one actions message taken (characters). */
const MAX_JSON = 1_000_000;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Hands a frame's recorded actions (its relay's message, relay/recordPage.ts) to the forwarder
 * for `POST /actions` (docs/mcp-tools.md), stamped with the sender's tab (and `frame_url` from a child
 * frame). Only what the tab's `order` allows goes on: nothing while recording is off, no values
 * while values are off. An action said to be the agent's must name a command acting in that tab;
 * a navigation the page records while such a command changes it is that command's. Returns how
 * many were forwarded.
 */
export function forwardActions(
  json: unknown,
  tabId: number,
  frameUrl: string | undefined,
  order: RecordingOrder,
  agents: AgentWindows,
  forwarder: Forwarder,
  now: number,
): number {
  if (!order.record || typeof json !== 'string' || json.length > MAX_JSON) return 0;
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;
  let forwarded = 0;
  for (const raw of entries.slice(0, MAX_ACTIONS_PER_MESSAGE)) {
    if (!isObject(raw) || !TYPES.has(raw.type as string) || !BY.has(raw.by as string)) continue;
    const entry: Record<string, unknown> = { ...raw };
    if (entry.by === 'agent') {
      if (!agents.owns(tabId, entry.correlation_id, now)) continue; // no command of browsertap's acts there
    } else {
      delete entry.correlation_id;
      if (entry.type === KIND.navigate && frameUrl === undefined) {
        const claim = agents.claim(tabId, now);
        if (claim?.duplicate === true) continue;
        if (claim !== undefined) Object.assign(entry, { by: 'agent', correlation_id: claim.correlationId });
      }
    }
    if (!order.values) withoutValues(entry);
    forwarder.add('actions', { ...entry, tab_id: tabId, ...(frameUrl === undefined ? {} : { frame_url: frameUrl }) });
    forwarded++;
  }
  return forwarded;
}

/** Recording without values: no typed or chosen value, no file names (sizes stay). */
function withoutValues(entry: Record<string, unknown>): void {
  delete entry.value;
  delete entry.values;
  delete entry.value_name;
  if (Array.isArray(entry.files))
    entry.files = entry.files.map((file) => (isObject(file) ? { ...file, name: REDACTED_VALUE } : file));
}

/** The navigation an agent's navigate, refresh, back or forward made, recorded here because its page said nothing. */
export function agentNavigationEntry(navigation: AgentNavigation, url: string): object {
  return {
    ts: navigation.startedAt,
    tab_id: navigation.tabId,
    by: 'agent',
    type: KIND.navigate,
    url,
    navigation: navigation.navigation,
    correlation_id: navigation.correlationId,
  };
}
