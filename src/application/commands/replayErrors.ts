import { compactLog } from '../../domain/capture/compact.js';
import type { ActionEntry, LogEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { isError } from '../../domain/capture/levels.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { CAUSE_WINDOW_MS, type CauseAction, actionCauses } from '../capture/actionCauses.js';
import type { ActionRange } from '../shared/actionRange.js';

/** An error as a replay compares it: its message and where (docs/extension.md's `at`), and the entries that said it. */
export interface ErrorKind {
  readonly message: string;
  readonly at?: string;
  readonly ids: readonly string[];
}

/** Errors read at most, before or after a replay (a page that logs more is past comparing). */
const MAX_READ = 2_000;
/** Kinds of error and ids of each a replay's answer lists at most. */
export const MAX_LISTED = 10;

/**
 * The errors the range's actions caused (docs/mcp-tools.md's one rule, actionCauses.ts: from each
 * action until the tab's next action, at most 2 s — an agent's action until its command ended,
 * when `effectsEnd` knows it), by kind: same message and `at` as a compact list shows them,
 * oldest first.
 */
export function errorsOfRange(
  store: CaptureStorePort,
  range: ActionRange,
  effectsEnd: (correlationId: string) => number | undefined = () => undefined,
): ErrorKind[] {
  const first = range.actions[0];
  if (first === undefined) return [];
  const actions = [...range.actions, ...(range.next === undefined ? [] : [range.next])].map(({ id, entry }) =>
    cause(id, entry, effectsEnd),
  );
  const until = Math.max(...actions.map((action) => Math.max(action.ts + CAUSE_WINDOW_MS, action.effects_end ?? 0)));
  const logs = store.read('logs', {
    limit: MAX_READ,
    filter: (entry) => entry.tab_id === range.tabId && isError(entry) && entry.ts >= first.entry.ts && entry.ts <= until,
  }).entries;
  const consequences = logs.map(({ seq, value }) => ({ id: entryId('logs', seq), ts: value.ts, tab_id: value.tab_id }));
  const caused = actionCauses(actions, consequences);
  const ours = new Set(range.actions.flatMap((action) => caused.get(action.id) ?? []));
  return kinds(
    logs.filter(({ seq }) => ours.has(entryId('logs', seq))).map(({ seq, value }) => compactLog(value, entryId('logs', seq))),
  );
}

/** The newest log sequence number: a replay's errors come after it. */
export function logsCursor(store: CaptureStorePort): number {
  return store.read('logs', { limit: 1 }).cursor;
}

/** The errors `tabId` logged after `cursor` (a replay's), by kind. */
export function errorsSince(store: CaptureStorePort, cursor: number, tabId: number | undefined): ErrorKind[] {
  const logs = store.read('logs', {
    afterCursor: cursor,
    limit: MAX_READ,
    filter: (entry: LogEntry) => isError(entry) && (tabId === undefined || entry.tab_id === tabId),
  }).entries;
  return kinds(logs.map(({ seq, value }) => compactLog(value, entryId('logs', seq))));
}

/**
 * Whether the replay reproduced the range's errors (docs/mcp-tools.md): `reproduced` when any error of the
 * range happened again (same message and `at`), and each of the range's errors with the ids it
 * had (`original`) and has now (`again`, empty when it did not happen).
 */
export function reproduction(
  original: readonly ErrorKind[],
  replayed: readonly ErrorKind[],
): { reproduced: boolean; errors: Array<{ message: string; at?: string; original: string[]; again: string[] }> } {
  const now = new Map(replayed.map((kind) => [key(kind), kind.ids]));
  const errors = original.slice(0, MAX_LISTED).map((kind) => ({
    message: kind.message,
    ...(kind.at === undefined ? {} : { at: kind.at }),
    original: kind.ids.slice(0, MAX_LISTED),
    again: (now.get(key(kind)) ?? []).slice(0, MAX_LISTED),
  }));
  return { reproduced: original.some((kind) => now.has(key(kind))), errors };
}

function kinds(errors: ReadonlyArray<{ id: string; message: string; at?: string }>): ErrorKind[] {
  const byKey = new Map<string, { message: string; at?: string; ids: string[] }>();
  for (const error of errors) {
    const found = byKey.get(key(error));
    if (found !== undefined) found.ids.push(error.id);
    else byKey.set(key(error), { message: error.message, ...(error.at === undefined ? {} : { at: error.at }), ids: [error.id] });
  }
  return [...byKey.values()];
}

function key(error: { readonly message: string; readonly at?: string }): string {
  return `${error.message}\u0000${error.at ?? ''}`;
}

function cause(id: string, entry: ActionEntry, effectsEnd: (correlationId: string) => number | undefined): CauseAction {
  const end = entry.by === 'agent' && entry.correlation_id !== undefined ? effectsEnd(entry.correlation_id) : undefined;
  return {
    id,
    ts: entry.ts,
    by: entry.by,
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
    ...(end === undefined ? {} : { effects_end: end }),
  };
}
