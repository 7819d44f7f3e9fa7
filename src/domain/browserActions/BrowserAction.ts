import type { ActionType, NavigationKind } from '../wire/entries.js';
import type { ArgSpec } from './args.js';

/**
 * Who performs an action. A page family's handler runs in the tab's isolated world
 * (extension/src/inject/actions/<family>.ts, the `dom-actions.js` bundle); a worker family's in
 * the extension's service worker (extension/src/worker/actions/<family>.ts), through Chrome's
 * APIs. `reading` is both: the page reads, the worker adds what only it can (frames, axe-core).
 */
export const PAGE_FAMILIES = ['pointer', 'keyboard', 'form', 'scrolling', 'reading'] as const;
export const WORKER_FAMILIES = ['navigation', 'script', 'screenshots', 'dialogs', 'picks', 'replays'] as const;
export type PageFamily = (typeof PAGE_FAMILIES)[number];
export type WorkerFamily = (typeof WORKER_FAMILIES)[number];
export type Family = PageFamily | WorkerFamily;

/** A combination of arguments a descriptor cannot say, with the sentence said when it does not hold. */
export type ArgRule =
  /** At least one of `args` is given. */
  | { readonly kind: 'any_of'; readonly args: readonly string[]; readonly message: string }
  /** Exactly one of `args` is given. */
  | { readonly kind: 'one_of'; readonly args: readonly string[]; readonly message: string }
  /** `flag` true and any of `others` given is refused. */
  | { readonly kind: 'not_with'; readonly flag: string; readonly others: readonly string[]; readonly message: string };

/**
 * One browser action, declared once (docs/architecture.md, "Adding an action"): everything that
 * queues, validates, runs, records, replays or documents it reads this entry.
 */
export interface BrowserActionSpec {
  readonly family: Family;
  /** Its arguments, in the order errors list them (`accepted: …`). */
  readonly args: Readonly<Record<string, ArgSpec>>;
  /** `interact` offers it. A replay-only action (false) runs only as a step of a replay. */
  readonly agent: boolean;
  /** It acts on one element: it needs `ref` or `selector` (never both). */
  readonly onElement?: boolean;
  readonly rules?: readonly ArgRule[];
  /**
   * What follows its work (docs/mcp-tools.md, Settle and effects): `settle` waits for the page to
   * settle and reports `effects`; `load` is a page load, whose own requests are no news.
   */
  readonly effects?: 'settle' | 'load';
  /** Its work can move the page to another url: what the page then records is the command's. */
  readonly changesPage?: boolean;
  /** It is itself a navigation of this kind (recorded by the worker when the page says nothing). */
  readonly navigation?: NavigationKind;
  /**
   * Its act is one page call the document remembers, in this world, so that a restarted worker
   * reports that run instead of running it again (extension/src/worker/once.ts).
   */
  readonly remembered?: 'MAIN' | 'ISOLATED';
  /** What the page records an agent's run of it as (docs/mcp-tools.md, actions `by: "agent"`). */
  readonly records?: ActionType;
  /** The recorded action a replay runs it for (the daemon's replay steps name it). */
  readonly replays?: ActionType;
  /**
   * Its way with a dialog the page opened while browsertap was not acting (measured in Chromium):
   * `ends` closes an alert, confirm or prompt (a navigation does), `ends_any` also a leave-site
   * prompt (closing the tab), `answers` is the dialog action itself, which looks for itself.
   */
  readonly dialogs?: 'ends' | 'ends_any' | 'answers';
  /** It waits for a person: its execution limit is the pick's (minutes), not a command's. */
  readonly person?: boolean;
  /** Running it twice changes nothing: the extension may start it while its claim is in flight. */
  readonly beforeClaim?: boolean;
}

/** A table entry with its name. */
export interface BrowserAction extends BrowserActionSpec {
  readonly name: string;
}
