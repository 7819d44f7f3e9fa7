/**
 * Tabs whose page last came out as a PNG too large to send (a photo, a map, a detailed chart):
 * such a screenshot is sent as JPEG, and Chrome's PNG encoding of it, then decoding and encoding
 * it again as JPEG, costs 100+ ms where a JPEG capture costs about 15. While a tab's screenshots
 * of that page follow each other less than `forMs` apart, they are captured as JPEG at once (what
 * they would be sent as), for at most `keepMs` after its PNG was last seen too large: then, after
 * a longer pause, or on another page, PNG is tried again. At most `max` tabs are remembered, the
 * one noted longest ago forgotten first. `now` is given, never read.
 */
export class DetailedPages {
  private readonly noted = new Map<number, { readonly url: string; readonly at: number; readonly since: number }>();

  constructor(
    private readonly forMs: number,
    private readonly keepMs: number,
    private readonly max: number,
  ) {}

  /** The tab's page (`url`) came out as a PNG over the limit at `now` (ms). */
  note(tabId: number, url: string | undefined, now: number): void {
    if (url === undefined) return;
    this.noted.delete(tabId); // the newest last
    this.noted.set(tabId, { url, at: now, since: now });
    if (this.noted.size > this.max) this.noted.delete(this.noted.keys().next().value as number);
  }

  /**
   * Whether the tab still shows the page noted, its last screenshot less than `forMs` before
   * `now` and its PNG seen too large less than `keepMs` before; if so, this screenshot (taken as
   * JPEG) counts as its last.
   */
  isDetailed(tabId: number, url: string | undefined, now: number): boolean {
    const noted = this.noted.get(tabId);
    if (noted === undefined) return false;
    if (noted.url === url && now - noted.at < this.forMs && now - noted.since < this.keepMs) {
      this.noted.set(tabId, { ...noted, at: now });
      return true;
    }
    this.noted.delete(tabId);
    return false;
  }

  /** The tab's page came out as a PNG small enough to send. */
  forget(tabId: number): void {
    this.noted.delete(tabId);
  }
}
