import type { ActionType } from '../wire/entries.js';
import { type Arg, jsonType } from './args.js';
import { type BrowserAction, type BrowserActionSpec, type Family, PAGE_FAMILIES, type PageFamily } from './BrowserAction.js';
import { COMMAND_ARGS } from './commandArgs.js';
import { DIALOGS } from './dialogs.js';
import { FORM } from './form.js';
import { KEYBOARD } from './keyboard.js';
import { NAVIGATION } from './navigation.js';
import { PICKS } from './picks.js';
import { POINTER } from './pointer.js';
import { READING } from './reading.js';
import { REPLAYS } from './replays.js';
import { SCREENSHOTS } from './screenshots.js';
import { SCRIPT } from './script.js';
import { SCROLLING } from './scrolling.js';

/**
 * The browser actions (docs/architecture.md, "Adding an action"), a family at a time, in the
 * order `interact` lists them. Pure data: the MCP tool, the queue, replay, the extension's
 * worker and its page actions all read it.
 */
const SPECS = {
  ...SCRIPT,
  ...NAVIGATION,
  ...READING,
  ...POINTER,
  ...KEYBOARD,
  ...FORM,
  ...SCROLLING,
  ...SCREENSHOTS,
  ...DIALOGS,
  ...REPLAYS,
  ...PICKS,
};

export type ActionName = keyof typeof SPECS;
type Named<K extends ActionName> = (typeof SPECS)[K] & { readonly name: K };
/** The names of a family's actions (its handler file registers exactly these). */
export type ActionsOf<F extends Family> = { [K in ActionName]: (typeof SPECS)[K]['family'] extends F ? K : never }[ActionName];

/** Every action by name: `ACTIONS.press_key.name` is how code names one (never the string again). */
export const ACTIONS: { readonly [K in ActionName]: Named<K> } = Object.freeze(
  Object.fromEntries(
    Object.entries(SPECS).map(([name, spec]) => [name, Object.freeze({ name, ...(spec as BrowserActionSpec) })]),
  ),
) as never;

export const ACTION_LIST: readonly BrowserAction[] = Object.freeze(Object.values(ACTIONS));

/** The entry of `name`, if it is an action's (own keys only: `__proto__` is none). */
export function actionNamed(name: unknown): BrowserAction | undefined {
  return typeof name === 'string' && Object.hasOwn(ACTIONS, name) ? (ACTIONS as Record<string, BrowserAction>)[name] : undefined;
}

/** The one action a replay runs for a recorded action of `type`, when one alone replays it (a click: click). */
export function replayerOf(type: ActionType): BrowserAction | undefined {
  const replayers = ACTION_LIST.filter((action) => action.replays === type);
  return replayers.length === 1 ? replayers[0] : undefined;
}

/** The actions `interact` offers, in its order. */
export const AGENT_ACTIONS: readonly BrowserAction[] = Object.freeze(ACTION_LIST.filter((action) => action.agent));

/** Whether a page family's handler performs it, in the tab's isolated world. */
export function inPage(action: BrowserAction): action is BrowserAction & { readonly family: PageFamily } {
  return (PAGE_FAMILIES as readonly string[]).includes(action.family);
}

/** The arguments `interact` documents in `tools/list`: each once, with its JSON type and hint, the common ones last. */
export function documentedArgs(): ReadonlyArray<{
  readonly name: string;
  readonly type: ReturnType<typeof jsonType>;
  readonly hint?: string;
}> {
  const seen = new Map<string, Arg>();
  for (const action of AGENT_ACTIONS) {
    for (const [name, spec] of Object.entries(action.args)) {
      if (spec.replayOnly !== true && !Object.hasOwn(COMMAND_ARGS, name) && !seen.has(name)) seen.set(name, spec.arg);
    }
  }
  for (const [name, spec] of Object.entries(COMMAND_ARGS)) seen.set(name, spec.arg);
  return [...seen].map(([name, arg]) => {
    const hint = arg.hint ?? (arg.kind === 'enum' ? arg.values.join('|') : undefined);
    return { name, type: jsonType(arg), ...(hint === undefined ? {} : { hint }) };
  });
}
