import type { WorkerFamily } from '../../../../src/domain/browserActions/BrowserAction.js';
import type { ActionsOf } from '../../../../src/domain/browserActions/table.js';
import type { PageOutcome, Query } from '../../shared/commands.js';
import type { DialogOrder } from '../../shared/protocol.js';
import type { PickWire } from '../../shared/pick.js';
import type { OpenDialogs } from '../OpenDialogs.js';
import type { World } from '../pageCall.js';
import type { Pointing } from '../Pointing.js';
import type { TabScope } from '../TabScope.js';

/** What commands need from the tab's capture (worker.ts sends these through the relay). */
export interface PageHooks {
  /** Tells the page's dialog hooks (page/hookDialogs.ts); false when the tab's relay did not answer. */
  order(tabId: number, order: DialogOrder): Promise<boolean>;
  /** Read after act (docs/mcp-tools.md): what the page captured until now reaches the daemon. */
  drain(tabId: number): Promise<void>;
  /** An audit's violations, logged for the tab (they become accessibility_violation stream events). */
  audited(tabId: number, url: string, violations: readonly Violation[]): void;
  /** A command starts acting in a tab, or has ended (its recorded actions are the agent's: docs/mcp-tools.md). */
  acting?(tabId: number, correlationId: string, type: string, phase: 'start' | 'end'): void;
  /** The person picked for the agent's `pick`: the pick goes to the daemon before the result. */
  picked?(pick: PickWire): void;
}

export interface Violation {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly count: number;
  readonly nodes: ReadonlyArray<{ selector: string; ref?: string }>;
}

/** A command's result as the worker posts it. */
export type Done = { success: true; data: unknown };

/**
 * What a worker handler acts with: its command, and the worker's ways into tabs and pages
 * (BrowserCommands.ts makes one per command run).
 */
export interface CommandTools {
  readonly query: Query;
  readonly params: Readonly<Record<string, unknown>>;
  /** When the command's execution limit ends (ms since the epoch). */
  readonly deadline: number;
  readonly signal: AbortSignal;
  /** The correlation id under which the page remembers the command's act (once.ts); none for a replay's steps. */
  readonly once: string | undefined;
  readonly scope: TabScope;
  readonly page: PageHooks;
  readonly dialogs: OpenDialogs;
  readonly pointing: Pointing | undefined;
  /** The command's tab (docs/mcp-tools.md, which tab), told it acts there; a blank tab only with `allowBlank`. */
  target(allowBlank: boolean): Promise<chrome.tabs.Tab>;
  /** The command's tracked tab, once it is no longer loading (bounded, so a slow image never blocks). */
  pageTab(): Promise<chrome.tabs.Tab>;
  /** Runs work in `tab`; what the page captured meanwhile reaches the daemon before the result. */
  actIn<T>(tab: chrome.tabs.Tab, work: () => Promise<T>): Promise<T>;
  /** Runs an action that can change the page, then waits for it to settle and reports `effects` (withEffects.ts). */
  withEffects(tabId: number, work: (since: number) => Promise<Done>, loads?: boolean): Promise<unknown>;
  /** Calls the helper in `slot` of the tab's `world` within the command's deadline (pageCall.ts). */
  callInPage(
    tab: chrome.tabs.Tab,
    world: World,
    slot: string,
    file: string,
    args: unknown[],
    frameId?: number,
    once?: string,
  ): Promise<PageOutcome>;
  /** The tab the command acts in from now (its result tells the daemon), and whether a dialog there blocks it. */
  enter(tabId: number): Promise<void>;
  /** The command's tab so far. */
  actedIn(): number | undefined;
  /** The command's tab is gone: not where the next command should go. */
  leftTab(): void;
  /** Runs a replay's step as the command of `type`, in the replay's tab. */
  runStep(type: string, params: Record<string, unknown>): Promise<unknown>;
}

/** One worker action's handler, registered under its name in its family's file (workerHandlers.ts). */
export type WorkerHandler = (tools: CommandTools) => Promise<unknown>;

/** A worker family's handlers: one for each of its actions in the table, and no other. */
export type FamilyHandlers<F extends WorkerFamily> = { readonly [K in ActionsOf<F>]: WorkerHandler };
