/** A recorded action as `observe actions` with `detail: "full"` lists it (the fields the gallery reads). */
export interface RecordedAction {
  readonly id: string;
  readonly ts: number;
  readonly by: string;
  readonly type: string;
  readonly url?: string;
  readonly navigation?: string;
  readonly locator?: string;
  readonly to_locator?: string;
  readonly frame_url?: string;
  readonly value?: string;
  readonly key?: string;
}

/** When an act happened (epoch ms), as Person noted it. */
export interface ActSpan {
  readonly index: number;
  readonly kind: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Actions that are consequences, not something the person did to an element: a load or history
 * move, and a form's submit (its target is the form, whichever field or button the person used).
 */
export const NOT_ACTS: ReadonlySet<string> = new Set(['navigate', 'submit']);

/**
 * Which act each recorded action stands for: the last act that had started by the action's time.
 * Every event an act causes comes after its start and before the next act's start; the page's
 * `Date.now()` and the harness's read the same system clock, so no slack is needed (and at a
 * machine's pace the next act starts 2 ms after the last one ended: none is affordable). Actions
 * that are no act (NOT_ACTS) and actions before the first act are left out of the map.
 */
export function actOf(actions: readonly RecordedAction[], acts: readonly ActSpan[]): Map<string, number> {
  const sorted = [...acts].sort((a, b) => a.start - b.start);
  const map = new Map<string, number>();
  for (const action of actions) {
    if (NOT_ACTS.has(action.type)) continue;
    let found: number | undefined;
    for (const act of sorted) if (act.start <= action.ts) found = act.index;
    if (found !== undefined) map.set(action.id, found);
  }
  return map;
}

/**
 * Acts that must leave an action of their own: a click, a drag, a scroll of the wheel. Typing and
 * keys may rightly end up in one `fill` with the final value (an Enter in an editor is part of the
 * text), and a Back is a navigation, judged by the test and the replay.
 */
const MUST_RECORD: ReadonlySet<string> = new Set(['click', 'drag', 'wheel']);

/** The pointer acts no recorded action stands for (a pick on mousedown that left no click). */
export function unrecordedActs(acts: readonly ActSpan[], mapped: ReadonlyMap<string, number>): number[] {
  const seen = new Set(mapped.values());
  return acts.filter((act) => MUST_RECORD.has(act.kind) && !seen.has(act.index)).map((act) => act.index);
}
