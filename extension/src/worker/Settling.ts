import type { SettleLook } from '../shared/commands.js';

/** Quiet an action needs before it counts as settled: no DOM change and nothing open for this long (ms, docs/mcp-tools.md). */
export const QUIET_MS = 100;
/** How soon a page with something open is looked at again (ms). */
export const LOOK_AGAIN_MS = 20;

/** What the tab's network layer says of the action's fetch/XHR (worker/TabRequests.ts). */
export interface NetworkLook {
  /** Open now. */
  readonly open: number;
  /** Seen open by any look so far. */
  readonly seen: number;
}

/** After a look: settled, or look again in `waitMs` (`network`: wait for the network layer's requests first). */
export type SettleStep =
  { readonly settled: true } | { readonly settled: false; readonly waitMs: number; readonly network: boolean };

/** What a settle waited for (docs/mcp-tools.md `effects.waited_for`); a count of 0 is left out. */
export interface WaitedFor {
  readonly timers?: number;
  readonly requests?: number;
}

/**
 * Decides, look by look, when an action has settled (docs/mcp-tools.md): its page's DOM has not changed and
 * nothing has been open — the page's fetch/XHR and the action's short timers, and the requests the
 * network layer sees (which the page cannot hide) — for QUIET_MS. The page's word can only
 * lengthen a settle, never shorten it below what the network layer says. Times are the worker's
 * clock (ms); the caller waits between looks.
 */
export class Settling {
  private open = false;
  /** When nothing open was first seen after something was (-Infinity: nothing was ever open). */
  private closedAt = -Infinity;
  private timers = 0;
  private requests = 0;

  next(at: number, page: SettleLook, network: NetworkLook): SettleStep {
    this.timers = Math.max(this.timers, page.waited_timers);
    this.requests = Math.max(this.requests, page.requests, network.seen);
    if (page.requests > 0 || page.timers > 0 || network.open > 0) {
      this.open = true;
      return { settled: false, waitMs: LOOK_AGAIN_MS, network: network.open > 0 };
    }
    if (this.open) {
      this.open = false;
      this.closedAt = at;
    }
    const quiet = Math.min(page.quiet_ms, at - this.closedAt);
    return quiet >= QUIET_MS ? { settled: true } : { settled: false, waitMs: QUIET_MS - quiet, network: false };
  }

  /** The timers and requests the settle found open and waited for; undefined when none. */
  waitedFor(): WaitedFor | undefined {
    if (this.timers === 0 && this.requests === 0) return undefined;
    return { ...(this.timers > 0 ? { timers: this.timers } : {}), ...(this.requests > 0 ? { requests: this.requests } : {}) };
  }
}
