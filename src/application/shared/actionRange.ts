import type { Sequenced } from '../../domain/buffer/RingBuffer.js';
import { entryId, parseEntryId } from '../../domain/capture/entryIds.js';
import { DomainError } from '../../domain/DomainError.js';
import type { ActionEntry } from '../../domain/wire/entries.js';
import { MAX_RANGE_ACTIONS } from '../../domain/wire/replay.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';

export { MAX_RANGE_ACTIONS };

/** A recorded action and its id (`a12`). */
export interface RangeAction {
  readonly id: string;
  readonly entry: ActionEntry;
}

/** One tab's recorded actions from `from` to `to`, and the tab's action after them (which ends the last one's window). */
export interface ActionRange {
  readonly tabId?: number;
  readonly actions: readonly RangeAction[];
  readonly next?: RangeAction;
}

/**
 * A range of recorded actions, as `interact replay` and `observe reproduction` both take one
 * (docs/mcp-tools.md, "One range of actions"): ids the actions buffer holds, `from` no later than
 * `to`, both in one tab, at most `MAX_RANGE_ACTIONS` actions. Each check's error is said here, once.
 */

/** The action `id` names (the argument `name`), if the buffer holds it. */
export function heldAction(store: CaptureStorePort, id: string, name: 'from' | 'to'): Sequenced<ActionEntry> {
  const seq = actionSeq(id, name);
  const entry = store.get('actions', seq);
  if (entry === 'evicted') {
    throw new DomainError('entry_evicted', `${name} action ${id} was pushed out of the actions buffer by newer actions`);
  }
  if (entry === undefined) {
    throw new DomainError(
      'unknown_entry',
      `no action ${id} (${name}) in this daemon run: observe {what:"actions"} lists the ids held`,
    );
  }
  return { seq, value: entry };
}

/** `from` and `to`, both given, make a range: the older first, one tab's (`what` says whose, in the message). */
export function checkEnds(
  from: Sequenced<ActionEntry>,
  to: Sequenced<ActionEntry>,
  ids: { readonly from: string; readonly to: string },
  what: 'range' | 'reproduction',
): void {
  if (to.seq < from.seq) {
    throw new DomainError(
      'invalid_params',
      `from (${ids.from}) comes after to (${ids.to}): a range runs from the older action to the newer`,
    );
  }
  if (from.value.tab_id !== to.value.tab_id) {
    throw new DomainError(
      'invalid_params',
      `${ids.from} and ${ids.to} happened in different tabs (${String(from.value.tab_id)} and ${String(to.value.tab_id)}): a ${what} is one tab's actions`,
    );
  }
}

/**
 * A range over `MAX_RANGE_ACTIONS`, refused with where one that fits ends: a replay runs from its
 * `from`, so it keeps the first actions (up to `to`); a reproduction ends at what went wrong, so
 * it keeps the last (from `from`), and knows how many the range held.
 */
export function tooManyActions(
  fits:
    | { readonly keep: 'first'; readonly from: string; readonly to: string }
    | { readonly keep: 'last'; readonly from: string; readonly count: number },
): DomainError {
  return new DomainError(
    'invalid_params',
    fits.keep === 'first'
      ? `the range from ${fits.from} holds more than ${MAX_RANGE_ACTIONS} actions; replay at most ${MAX_RANGE_ACTIONS} at a time (to: "${fits.to}")`
      : `the range holds ${fits.count} actions, more than ${MAX_RANGE_ACTIONS}: narrow it (from: "${fits.from}" keeps the last ${MAX_RANGE_ACTIONS})`,
  );
}

/**
 * The actions of `from`'s tab from `from` to `to` (both action ids), oldest first; without `to`,
 * to the tab's latest action — leaving out what a replay did there since (`byReplay`: its own
 * steps are recorded as the agent's), so replaying the same range twice replays the same actions.
 * @throws DomainError `invalid_params` for an id that is not an action's, `to` before `from`,
 *   `to` in another tab or a range over `MAX_RANGE_ACTIONS`; `entry_evicted` / `unknown_entry`
 *   for an action the buffer no longer holds or never held.
 */
export function resolveRange(
  store: CaptureStorePort,
  from: string,
  to: string | undefined,
  byReplay: (entry: ActionEntry) => boolean = () => false,
): ActionRange {
  const start = heldAction(store, from, 'from');
  const end = to === undefined ? undefined : heldAction(store, to, 'to');
  if (end !== undefined) checkEnds(start, end, { from, to: to as string }, 'range');
  const tabId = start.value.tab_id;
  // One more than the bound tells a range over it, and one more again is the action after the range.
  const page = store.read('actions', {
    afterCursor: start.seq - 1,
    limit: MAX_RANGE_ACTIONS + 2,
    filter: (entry) => entry.tab_id === tabId,
  });
  const inTab = page.entries;
  let last = inTab.length - 1;
  if (end !== undefined) last = inTab.findLastIndex((action) => action.seq <= end.seq);
  else {
    const replayed = inTab.findIndex((action, i) => i > 0 && byReplay(action.value));
    if (replayed > 0) last = replayed - 1;
    else if (page.hasMore) last = inTab.length; // past the bound, whatever comes next
  }
  if (last + 1 > MAX_RANGE_ACTIONS) {
    const cut = inTab[MAX_RANGE_ACTIONS - 1] as Sequenced<ActionEntry>;
    throw tooManyActions({ keep: 'first', from, to: entryId('actions', cut.seq) });
  }
  const actions = inTab.slice(0, last + 1).map(ranged);
  const next = inTab[last + 1];
  return { ...(tabId === undefined ? {} : { tabId }), actions, ...(next === undefined ? {} : { next: ranged(next) }) };
}

function ranged(action: Sequenced<ActionEntry>): RangeAction {
  return { id: entryId('actions', action.seq), entry: action.value };
}

function actionSeq(id: string, name: 'from' | 'to'): number {
  try {
    const parsed = parseEntryId(id);
    if (parsed.buffer === 'actions') return parsed.seq;
  } catch {
    // said below
  }
  throw new DomainError(
    'invalid_params',
    `${name} must be an action id such as a12 (observe {what:"actions"} lists them), got ${JSON.stringify(id.slice(0, 40))}`,
  );
}
