import { type ActionEntry, KIND } from '../../domain/wire/entries.js';
import { REDACTED_VALUE } from '../../domain/wire/recording.js';
import { DomainError } from '../../domain/DomainError.js';
import type { RangeAction } from '../shared/actionRange.js';
import { LOADABLE_URL } from '../../domain/browserActions/args.js';
import { ACTIONS, replayerOf } from '../../domain/browserActions/table.js';
import { CAUSED_STEP, type ReplayStep } from '../../domain/wire/replay.js';
import { frameSelector } from '../../domain/reproduction/frameSelector.js';

export { frameSelector };

/**
 * A load or reload this soon after the action before it is that action's doing (ms): the click
 * on a link loads the page, a handler's `location.reload()` follows its click. Replaying it on
 * its own would load twice. Playwright's recorder and `observe reproduction` treat such
 * navigations the same way. A move back or forward is not timed: it is the action's doing only
 * when the page's own navigate event said its script made it (`by_script`).
 */
export const CAUSED_LOAD_MS = 2_000;
/** A submit this soon after a click or a key is that action's doing (ms), as in `observe reproduction`. */
export const CAUSED_SUBMIT_MS = 1_000;

/**
 * The steps that replay `actions` (one tab's, oldest first, at least one) with the user-level
 * actions of docs/mcp-tools.md: a load of the first action's url first (that action itself when it is a
 * navigation), then one step per action. Not run again but `caused` (the replay checks that the
 * page got there): a `push`, `replace` or `hash` navigation (the page's own doing), a load or
 * reload within `CAUSED_LOAD_MS` of the action before it, a history move the page's script
 * made (`by_script`: the person's Back is run however soon it came), a submit within
 * `CAUSED_SUBMIT_MS` of a click or key. A `pop`/`back_forward` goes back or forward when its url
 * is the one before or after in the replay's own history, else loads it. `values` gives the
 * text of fills and selects by action id (a value recorded as REDACTED_VALUE needs one).
 * @throws DomainError `replay_needs_value` for a fill or select whose value was not recorded and
 *   is not in `values`; `invalid_params` for an action that cannot be replayed (no target).
 */
export function replaySteps(actions: readonly RangeAction[], values: Readonly<Record<string, string>> = {}): ReplayStep[] {
  const first = actions[0];
  if (first === undefined) throw new DomainError('invalid_params', 'the range holds no action to replay');
  // What a replay may load is what `interact navigate` may: the recorded urls come from pages.
  for (const action of actions) {
    if (!LOADABLE_URL.test(action.entry.url)) throw unreplayable(action, `its page's url is not an http(s), file or about: url`);
  }
  const history = new History(first.entry.url);
  const steps: ReplayStep[] =
    first.entry.type === KIND.navigate ? [] : [{ id: 'load', type: ACTIONS.navigate.name, params: { url: first.entry.url } }];
  let ran = first.entry.type === KIND.navigate ? first.id : 'load';
  actions.forEach((action, i) => {
    const { entry } = action;
    const before = actions[i - 1]?.entry;
    const since = before === undefined ? Infinity : entry.ts - before.ts;
    let step: ReplayStep;
    if (i === 0 && entry.type === KIND.navigate) {
      step = { id: action.id, type: ACTIONS.navigate.name, params: { url: entry.url } };
    } else if (entry.type === KIND.navigate) {
      const move = history.move(entry);
      const pageOwn = move === undefined || causedByAction(entry, since);
      step = pageOwn
        ? { id: action.id, type: CAUSED_STEP, params: { url: entry.url }, caused_by: ran, navigates: true }
        : { id: action.id, ...move };
    } else if (entry.type === KIND.submit && since >= 0 && since <= CAUSED_SUBMIT_MS && submits(before as ActionEntry)) {
      step = { id: action.id, type: CAUSED_STEP, params: {}, caused_by: ran };
    } else {
      step = elementStep(action, values);
    }
    steps.push(step);
    if (step.type !== CAUSED_STEP) ran = step.id;
  });
  return steps;
}

/**
 * Whether a navigation the replay would run was the action before's doing: a load or reload
 * soon after it; a move back or forward only when the page's own event said its script made it.
 */
function causedByAction(entry: ActionEntry, since: number): boolean {
  if (entry.navigation === 'pop' || entry.navigation === 'back_forward') return entry.by_script === true;
  return since >= 0 && since <= CAUSED_LOAD_MS;
}

/** Whether `action` submits a form when a person does it on a submit button or in a field. */
function submits(action: ActionEntry): boolean {
  return action.type === KIND.click || action.type === KIND.dblclick || action.type === KIND.press;
}

/** The step of an action on an element (everything but a navigation). */
function elementStep(action: RangeAction, values: Readonly<Record<string, string>>): ReplayStep {
  const { id, entry } = action;
  const scroll = entry.type === KIND.scroll;
  const target = targetOf(action, !scroll && !(entry.type === KIND.press));
  const step = (type: ReplayStep['type'], params: Record<string, unknown> = {}): ReplayStep => ({
    id,
    type,
    params: { ...target, ...params },
    ...(entry.locator === undefined ? {} : { locator: entry.locator }),
  });
  switch (entry.type) {
    case KIND.fill:
      // Typed into editable content: inserted at the caret, where the person's keys left it.
      return step(ACTIONS.type.name, { text: valueOf(action, values, entry.value), clear: entry.typed !== true });
    case KIND.press:
      if (entry.key === undefined) throw unreplayable(action, 'it has no key');
      return step(ACTIONS.press_key.name, { key: entry.key });
    case KIND.select:
      if (entry.values !== undefined && values[id] === undefined) {
        if (entry.values.includes(REDACTED_VALUE)) throw needsValue(action);
        return step(ACTIONS.select_values.name, { values: entry.values });
      }
      return step(ACTIONS.select.name, { value: valueOf(action, values, entry.value) });
    case KIND.upload:
      return step(ACTIONS.upload.name, { files: (entry.files ?? []).map((file) => ({ ...file })) });
    case KIND.drag:
      if (entry.moves !== undefined && entry.moves.length > 0)
        return step(ACTIONS.pointer_drag.name, { moves: entry.moves.map(([x, y]) => [x, y]) });
      if (entry.to_selector === undefined) throw unreplayable(action, 'its drop target has no selector');
      return step(ACTIONS.drag.name, {
        to_selector: entry.to_selector,
        ...(entry.to_nth === undefined ? {} : { to_nth: entry.to_nth }),
      });
    case KIND.scroll:
      return step(ACTIONS.scroll_to.name, {
        ...(entry.x === undefined ? {} : { x: entry.x }),
        ...(entry.y === undefined ? {} : { y: entry.y }),
      });
    default: {
      // Recorded actions one action replays as they are (a click, a check, a submit).
      const replayer = replayerOf(entry.type);
      if (replayer === undefined || replayer.family === 'navigation') {
        throw unreplayable(action, `browsertap cannot replay a ${entry.type}`);
      }
      return step(replayer.name as ReplayStep['type']);
    }
  }
}

/** The step's target: `selector`, `nth`, and `frame` for a child frame's action. */
function targetOf(action: RangeAction, required: boolean): Record<string, unknown> {
  const { entry } = action;
  if (entry.selector === undefined) {
    if (required && entry.renamed === true)
      throw unreplayable(action, 'the page renamed its element as the person pressed it, so it was recorded without a name');
    if (required) throw unreplayable(action, 'it was recorded without a selector');
    return {};
  }
  const frame = entry.frame_url === undefined ? undefined : frameSelector(entry.frame_url);
  return {
    selector: entry.selector,
    ...(entry.nth === undefined ? {} : { nth: entry.nth }),
    ...(frame === undefined ? {} : { frame }),
  };
}

function valueOf(action: RangeAction, values: Readonly<Record<string, string>>, recorded: string | undefined): string {
  const given = values[action.id];
  if (given !== undefined) return given;
  if (recorded === undefined || recorded === REDACTED_VALUE) throw needsValue(action);
  return recorded;
}

function describe(action: RangeAction): string {
  const target = action.entry.locator ?? action.entry.selector;
  return `${action.id} (${action.entry.type}${target === undefined ? '' : ` ${target}`})`;
}

function needsValue(action: RangeAction): DomainError {
  const field = action.entry.value_name === undefined ? '' : ` in "${action.entry.value_name}"`;
  return new DomainError(
    'replay_needs_value',
    `Step ${describe(action)} entered a value${field} that was not recorded (a password or secret is never kept); pass it as values: {"${action.id}": "…"}`,
  );
}

function unreplayable(action: RangeAction, why: string): DomainError {
  return new DomainError(
    'invalid_params',
    `Step ${describe(action)} cannot be replayed: ${why}; replay the actions before it (to) or after it (from)`,
  );
}

/**
 * The replay's own history of urls, to tell a back from a forward: a recorded `pop` or
 * `back_forward` says only where the page went.
 */
class History {
  private readonly urls: string[];
  private index = 0;

  constructor(first: string) {
    this.urls = [first];
  }

  /**
   * What a navigation to `entry.url` runs, given where the replay stands, and moves there:
   * undefined for the page's own moves (`push`, `replace`, `hash`, a `pop` to a url the replay
   * has not been at), which the action before them does again.
   */
  move(entry: ActionEntry): Pick<ReplayStep, 'type' | 'params'> | undefined {
    const url = entry.url;
    switch (entry.navigation ?? 'load') {
      case 'reload':
        return { type: ACTIONS.refresh.name, params: {} };
      case 'pop':
      case 'back_forward':
        if (this.urls[this.index - 1] === url) {
          this.index--;
          return { type: ACTIONS.back.name, params: {} };
        }
        if (this.urls[this.index + 1] === url) {
          this.index++;
          return { type: ACTIONS.forward.name, params: {} };
        }
        this.visit(url);
        return entry.navigation === 'pop' ? undefined : { type: ACTIONS.navigate.name, params: { url } };
      case 'replace':
        this.urls[this.index] = url;
        return undefined;
      case 'push':
      case 'hash':
        this.visit(url);
        return undefined;
      default:
        this.visit(url);
        return { type: ACTIONS.navigate.name, params: { url } };
    }
  }

  private visit(url: string): void {
    this.urls.splice(this.index + 1, Infinity, url);
    this.index++;
  }
}
