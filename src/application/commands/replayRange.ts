import type { Sequenced } from '../../domain/buffer/RingBuffer.js';
import type { ActionEntry } from '../../domain/wire/entries.js';
import { entryId, parseEntryId } from '../../domain/capture/entryIds.js';
import { REPLAY } from '../../domain/wire/replay.js';
import { DomainError } from '../../domain/DomainError.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { RangeAction } from './replaySteps.js';

/** One tab's recorded actions from `from` to `to`, and the tab's action after them (which ends the last one's window). */
export interface ActionRange {
  readonly tabId?: number;
  readonly actions: readonly RangeAction[];
  readonly next?: RangeAction;
}

/**
 * The actions of `from`'s tab from `from` to `to` (both action ids, docs/mcp-tools.md), oldest first;
 * without `to`, to the tab's latest action — leaving out what a replay did there since
 * (`byReplay`: its own steps are recorded as the agent's), so replaying the same range twice
 * replays the same actions. At most `REPLAY.maxSteps` actions.
 * @throws DomainError `invalid_params` for an id that is not an action's, `to` before `from`,
 *   `to` in another tab or a range over the bound; `entry_evicted` / `unknown_entry` for an
 *   action the buffer no longer holds or never held.
 */
export function resolveRange(
  store: CaptureStorePort,
  from: string,
  to: string | undefined,
  byReplay: (entry: ActionEntry) => boolean = () => false,
): ActionRange {
  const start = held(store, from, 'from');
  const end = to === undefined ? undefined : held(store, to, 'to');
  if (end !== undefined && end.seq < start.seq) {
    throw new DomainError(
      'invalid_params',
      `from (${from}) comes after to (${to}): a range runs from the older action to the newer`,
    );
  }
  const tabId = start.value.tab_id;
  if (end !== undefined && end.value.tab_id !== tabId) {
    throw new DomainError(
      'invalid_params',
      `${from} and ${to} happened in different tabs (${String(tabId)} and ${String(end.value.tab_id)}): a range is one tab's actions`,
    );
  }
  // One more than the bound tells a range over it, and one more again is the action after the range.
  const page = store.read('actions', {
    afterCursor: start.seq - 1,
    limit: REPLAY.maxSteps + 2,
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
  if (last + 1 > REPLAY.maxSteps) {
    const cut = inTab[REPLAY.maxSteps - 1] as Sequenced<ActionEntry>;
    throw new DomainError(
      'invalid_params',
      `the range from ${from} holds more than ${REPLAY.maxSteps} actions; replay at most ${REPLAY.maxSteps} at a time (to: "${entryId('actions', cut.seq)}")`,
    );
  }
  const actions = inTab.slice(0, last + 1).map(ranged);
  const next = inTab[last + 1];
  return { ...(tabId === undefined ? {} : { tabId }), actions, ...(next === undefined ? {} : { next: ranged(next) }) };
}

function ranged(action: Sequenced<ActionEntry>): RangeAction {
  return { id: entryId('actions', action.seq), entry: action.value };
}

/** The action `id` names, if the buffer holds it. */
function held(store: CaptureStorePort, id: string, name: 'from' | 'to'): Sequenced<ActionEntry> {
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
