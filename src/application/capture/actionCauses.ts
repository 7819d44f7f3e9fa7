import type { Sequenced } from '../../domain/buffer/RingBuffer.js';
import type { ActionEntry, LogEntry, NetworkEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { isError } from '../../domain/capture/levels.js';

/** How long after an action what its tab does still counts as caused by it, at most (ms; docs/mcp-tools.md, as a settle's default). */
export const CAUSE_WINDOW_MS = 2_000;

/** An action, as the rule needs it. */
export interface CauseAction {
  readonly id: string;
  readonly ts: number;
  readonly tab_id?: number;
  readonly by: ActionEntry['by'];
  /**
   * By `agent`, when its command's result is known: when the command (and with it the settle
   * whose `effects` it reported) finished, epoch ms. Its window ends there instead of 2 s later.
   */
  readonly effects_end?: number;
}

/** Something an action can cause: a request (by when it started), an error or a dialog. */
export interface Consequence {
  readonly id: string;
  readonly ts: number;
  readonly tab_id?: number;
}

/**
 * The one "caused" rule (docs/mcp-tools.md, as `effects` there): an action caused what its tab did
 * from the action's `ts` until the tab's next action, at most `CAUSE_WINDOW_MS` after it — or,
 * for an agent's action whose command's end is known, until that end. Windows are half-open
 * (`[ts, end)`, the 2 s cap inclusive), so what happens at the very moment of the next action is
 * the next action's. Actions and consequences may come in any order; same-`ts` actions keep
 * the order given. Returns each action's caused ids, oldest first (an action that caused
 * nothing maps to `[]`). Pure; O((A + C) log(A + C)).
 */
export function actionCauses(actions: readonly CauseAction[], consequences: readonly Consequence[]): Map<string, string[]> {
  const caused = new Map<string, string[]>(actions.map((action) => [action.id, []]));
  const byTab = new Map<number | undefined, { actions: CauseAction[]; consequences: Consequence[] }>();
  const tabOf = (tab: number | undefined) => {
    let group = byTab.get(tab);
    if (group === undefined) byTab.set(tab, (group = { actions: [], consequences: [] }));
    return group;
  };
  for (const action of actions) tabOf(action.tab_id).actions.push(action);
  for (const consequence of consequences) {
    const group = byTab.get(consequence.tab_id);
    if (group !== undefined) group.consequences.push(consequence);
  }
  for (const group of byTab.values()) {
    const ordered = stableByTs(group.actions);
    const things = stableByTs(group.consequences);
    let next = 0;
    ordered.forEach((action, i) => {
      const following = ordered[i + 1];
      const end = Math.min(following?.ts ?? Infinity, windowEnd(action));
      const inclusive = following === undefined || following.ts > windowEnd(action);
      while (next < things.length && (things[next] as Consequence).ts < action.ts) next++;
      const list = caused.get(action.id) as string[];
      for (let j = next; j < things.length; j++) {
        const thing = things[j] as Consequence;
        if (thing.ts > end || (thing.ts === end && !inclusive)) break;
        list.push(thing.id);
      }
    });
  }
  return caused;
}

/** The latest time (epoch ms) an action's window can reach, before the tab's next action cuts it. */
function windowEnd(action: CauseAction): number {
  return action.by === 'agent' && action.effects_end !== undefined && action.effects_end >= action.ts
    ? action.effects_end
    : action.ts + CAUSE_WINDOW_MS;
}

function stableByTs<T extends { readonly ts: number }>(items: readonly T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => a.item.ts - b.item.ts || a.i - b.i)
    .map(({ item }) => item);
}

/** A log entry that reports a dialog browsertap answered (the page's dialog hooks log them as warnings). */
export function isDialogLog(entry: LogEntry): boolean {
  const first = entry.args?.[0];
  return typeof first === 'object' && first !== null && typeof (first as { dialog?: unknown }).dialog === 'string';
}

/** A log entry an action can cause: an error (console error, exception, rejection) or a dialog. */
export function isCausedLog(entry: LogEntry): boolean {
  return isError(entry) || isDialogLog(entry);
}

/**
 * The rule over stored entries: `logs` and `network` as read from their buffers (network `ts` is
 * when the request started: the page's hooks stamp it at `fetch()`/`send()`, resource timing at
 * its `startTime`), only errors and dialogs of the logs counted. `effectsEnd` gives an agent
 * command's end by its correlation id, when known.
 */
export function causesOfStored(
  actions: ReadonlyArray<Sequenced<ActionEntry>>,
  logs: ReadonlyArray<Sequenced<LogEntry>>,
  network: ReadonlyArray<Sequenced<NetworkEntry>>,
  effectsEnd: (correlationId: string) => number | undefined = () => undefined,
): Map<string, string[]> {
  const causeActions = actions.map(({ seq, value }): CauseAction => {
    const end = value.by === 'agent' && value.correlation_id !== undefined ? effectsEnd(value.correlation_id) : undefined;
    return {
      id: entryId('actions', seq),
      ts: value.ts,
      by: value.by,
      ...(value.tab_id === undefined ? {} : { tab_id: value.tab_id }),
      ...(end === undefined ? {} : { effects_end: end }),
    };
  });
  const consequences: Consequence[] = [];
  for (const { seq, value } of network) consequences.push(consequence(entryId('network', seq), value));
  for (const { seq, value } of logs) if (isCausedLog(value)) consequences.push(consequence(entryId('logs', seq), value));
  return actionCauses(causeActions, consequences);
}

function consequence(id: string, entry: { readonly ts: number; readonly tab_id?: number }): Consequence {
  return { id, ts: entry.ts, ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }) };
}
