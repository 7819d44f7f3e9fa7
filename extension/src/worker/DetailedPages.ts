/**
 * Tabs whose page last came out as a PNG too large to send (a photo, a map, a detailed chart):
 * such a screenshot is sent as JPEG, and Chrome's PNG encoding of it, then decoding and encoding
 * it again as JPEG, costs 100+ ms where a JPEG capture costs about 15. For `forMs` after a tab's
 * page came out too large, its next screenshots are captured as JPEG at once (what they would be
 * sent as); after that, or on another page, PNG is tried again. At most `max` tabs are
 * remembered, the one noted longest ago forgotten first. `now` is given, never read.
 */
export class DetailedPages {
  private readonly noted = new Map<number, { readonly url: string; readonly at: number }>();

  constructor(
    private readonly forMs: number,
    private readonly max: number,
  ) {}

  /** The tab's page (`url`) came out as a PNG over the limit at `now` (ms). */
  note(tabId: number, url: string | undefined, now: number): void {
    if (url === undefined) return;
    this.noted.delete(tabId); // the newest last
    this.noted.set(tabId, { url, at: now });
    if (this.noted.size > this.max) this.noted.delete(this.noted.keys().next().value as number);
  }

  /** Whether the tab still shows the page noted less than `forMs` before `now`. */
  isDetailed(tabId: number, url: string | undefined, now: number): boolean {
    const noted = this.noted.get(tabId);
    if (noted === undefined) return false;
    if (noted.url === url && now - noted.at < this.forMs) return true;
    this.noted.delete(tabId);
    return false;
  }

  /** The tab's page came out as a PNG small enough to send. */
  forget(tabId: number): void {
    this.noted.delete(tabId);
  }
}
