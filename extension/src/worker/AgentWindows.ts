import { ACTION_LIST } from '../../../src/domain/browserActions/table.js';
import type { NavigationKind } from '../../../src/domain/wire/entries.js';

/** How long after its command ended an agent action from its page is still taken as the agent's (ms). */
export const AGENT_GRACE_MS = 5_000;
/** A navigation this soon after a page-changing command ended is still that command's doing (ms). */
const NAVIGATION_GRACE_MS = 1_000;
/** Commands remembered at most. */
const MAX_WINDOWS = 256;

/** Commands whose work can move the page to another url: what the page then records is theirs (the action table's `changesPage`). */
const CHANGES_PAGE: ReadonlySet<string> = new Set(
  ACTION_LIST.filter((action) => action.changesPage === true).map((action) => action.name),
);
/** Commands that are navigations themselves, and the kind each records (the action table's `navigation`). */
const NAVIGATIONS: Readonly<Record<string, NavigationKind>> = Object.fromEntries(
  ACTION_LIST.flatMap((action) => (action.navigation === undefined ? [] : [[action.name, action.navigation]])),
);

interface Window {
  readonly correlationId: string;
  tabId: number;
  type: string;
  readonly startedAt: number;
  endedAt?: number;
  /** The page recorded the navigation this command made. */
  claimed: boolean;
  /** The worker recorded it instead (the page said nothing by the end). */
  recordedHere: boolean;
}

/** A navigation the worker records for an agent's command whose page said nothing (not scriptable, not tracked yet). */
export interface AgentNavigation {
  readonly tabId: number;
  readonly correlationId: string;
  readonly navigation: NavigationKind;
  readonly startedAt: number;
}

/**
 * When browsertap's commands act in which tab (docs/mcp-tools.md), so that nothing the agent does is
 * recorded as the person's: an action the page says is the agent's must name a command that
 * acts (or just acted) in that very tab, and a navigation the page records while a
 * page-changing command runs there (its click followed a link, its navigate loaded the page) is
 * that command's. A navigate, refresh, back or forward whose page recorded nothing is recorded
 * from here when it ends.
 */
export class AgentWindows {
  private readonly windows = new Map<string, Window>();

  start(tabId: number, correlationId: string, type: string, now: number): void {
    const known = this.windows.get(correlationId);
    if (known !== undefined) {
      known.tabId = tabId;
      if (CHANGES_PAGE.has(type) || !CHANGES_PAGE.has(known.type)) known.type = type;
      delete known.endedAt;
      return;
    }
    this.windows.set(correlationId, { correlationId, tabId, type, startedAt: now, claimed: false, recordedHere: false });
    this.prune(now);
  }

  /** The command ended; a navigation it made that its page did not record is returned, for the worker to record. */
  end(correlationId: string, now: number): AgentNavigation | undefined {
    const window = this.windows.get(correlationId);
    if (window === undefined) return undefined;
    window.endedAt = now;
    const navigation = NAVIGATIONS[window.type];
    if (navigation === undefined || window.claimed) return undefined;
    window.recordedHere = true;
    return { tabId: window.tabId, correlationId, navigation, startedAt: window.startedAt };
  }

  /** Whether an action the tab's page calls the agent's names a command acting there now or lately. */
  owns(tabId: number, correlationId: unknown, now: number): boolean {
    if (typeof correlationId !== 'string') return false;
    const window = this.windows.get(correlationId);
    return (
      window !== undefined && window.tabId === tabId && (window.endedAt === undefined || now - window.endedAt <= AGENT_GRACE_MS)
    );
  }

  /**
   * A navigation the tab's page recorded: the command it belongs to, if a page-changing one acts
   * there (or ended less than a second ago); `duplicate` when the worker already recorded it.
   */
  claim(tabId: number, now: number): { correlationId: string; duplicate: boolean } | undefined {
    let newest: Window | undefined;
    for (const window of this.windows.values()) {
      if (window.tabId !== tabId || !CHANGES_PAGE.has(window.type)) continue;
      if (window.endedAt !== undefined && now - window.endedAt > NAVIGATION_GRACE_MS) continue;
      if (newest === undefined || window.startedAt >= newest.startedAt) newest = window;
    }
    if (newest === undefined) return undefined;
    newest.claimed = true;
    return { correlationId: newest.correlationId, duplicate: newest.recordedHere };
  }

  private prune(now: number): void {
    for (const [id, window] of this.windows) {
      if (this.windows.size <= MAX_WINDOWS && (window.endedAt === undefined || now - window.endedAt <= AGENT_GRACE_MS)) continue;
      this.windows.delete(id);
    }
  }
}
