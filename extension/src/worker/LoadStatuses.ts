/** Failed loads remembered per tab and url (origin + path), the oldest out first. */
export const MAX_FAILED = 500;
/** How long the network layer's word on a load is kept. */
export const KEEP_MS = 60_000;
/** How long a page's "failed to load" entry waits for the network layer's word (usually there already). */
export const STATUS_WAIT_MS = 300;

export interface LoadOutcome {
  /** The HTTP status (0 when no response came). */
  readonly status: number;
  /** Chrome's network error (`net::ERR_NAME_NOT_RESOLVED`) when no response came. */
  readonly error?: string;
}

export interface LoadStatusPorts {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * docs/extension.md: a sub-resource of another origin (a CDN's image or script) that fails shows its real
 * status in Chrome's console, while the page can only learn "it failed" (Resource Timing hides
 * the status of cross-origin loads, the element's `error` event says nothing). The worker hears
 * the browser's network layer (`webRequest`, observational: nothing is blocked or changed) for
 * failed loads of tracked tabs and gives a page's status-0 entry its real status or network error.
 */
export class LoadStatuses {
  private readonly failed = new Map<string, LoadOutcome & { at: number }>();
  private readonly waiters = new Map<string, Array<(outcome: LoadOutcome | undefined) => void>>();

  constructor(private readonly ports: LoadStatusPorts) {}

  /**
   * The network layer's word on a failed load (status ≥ 400 from its headers, or a network error).
   * An error after an error status keeps both (a CDN's HTML 404 for a script: 404, then Chrome's
   * `net::ERR_BLOCKED_BY_ORB`).
   */
  record(tabId: number, url: string, outcome: LoadOutcome): void {
    const key = keyOf(tabId, url);
    if (key === undefined) return;
    const earlier = this.failed.get(key);
    const now = this.ports.now();
    const merged: LoadOutcome =
      earlier !== undefined && outcome.status === 0 && earlier.status > 0 && now - earlier.at <= KEEP_MS
        ? { ...outcome, status: earlier.status }
        : outcome;
    this.failed.delete(key);
    this.failed.set(key, { ...merged, at: now });
    if (this.failed.size > MAX_FAILED) this.failed.delete(this.failed.keys().next().value as string);
    const waiting = this.waiters.get(key);
    this.waiters.delete(key);
    for (const wake of waiting ?? []) wake(merged);
  }

  /** What the network layer said about `url` in `tabId`, waiting up to STATUS_WAIT_MS for it. */
  async outcome(tabId: number, url: string): Promise<LoadOutcome | undefined> {
    const key = keyOf(tabId, url);
    if (key === undefined) return undefined;
    const known = this.failed.get(key);
    if (known !== undefined && this.ports.now() - known.at <= KEEP_MS) {
      return known.error === undefined ? { status: known.status } : { status: known.status, error: known.error };
    }
    return new Promise((resolve) => {
      const list = this.waiters.get(key) ?? [];
      if (list.length >= MAX_FAILED) return resolve(undefined); // bounded, like everything else
      let timer: unknown;
      const wake = (outcome: LoadOutcome | undefined) => {
        this.ports.clearTimeout(timer);
        resolve(outcome);
      };
      list.push(wake);
      this.waiters.set(key, list);
      timer = this.ports.setTimeout(() => {
        const left = (this.waiters.get(key) ?? []).filter((other) => other !== wake);
        if (left.length === 0) this.waiters.delete(key);
        else this.waiters.set(key, left);
        resolve(undefined);
      }, STATUS_WAIT_MS);
    });
  }
}

/** The page's entries carry redacted urls (query values scrubbed): origin + path match both. */
function keyOf(tabId: number, url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${tabId} ${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * Gives each status-0 "failed to load <tag>" network entry of a page batch what the network layer
 * said: its HTTP status, or its network error. Entries stay in place; nothing is dropped.
 */
export async function fillStatuses(batch: unknown, tabId: number, statuses: LoadStatuses): Promise<void> {
  const network = (batch as { network?: unknown } | undefined)?.network;
  if (!Array.isArray(network)) return;
  await Promise.all(
    network.slice(0, 500).map(async (entry: Record<string, unknown> | null) => {
      if (entry === null || typeof entry !== 'object' || entry.status !== 0 || typeof entry.url !== 'string') return;
      if (typeof entry.error !== 'string' || !entry.error.startsWith('failed to load <')) return;
      const outcome = await statuses.outcome(tabId, entry.url);
      if (outcome === undefined) return;
      if (outcome.status > 0) entry.status = outcome.status;
      if (outcome.error !== undefined) entry.error = `${outcome.error} (${entry.error})`;
    }),
  );
}
