import type { PageEvent } from '../wire/entries.js';

export interface TrackedPage {
  readonly tab_id: number;
  readonly url: string;
  readonly title: string;
  /** Epoch ms of the last load/navigate event. */
  readonly updated_at: number;
  /** When its document began (epoch ms, page clock); entries before it belong to earlier documents of the tab. */
  readonly started_at?: number;
}

/** The tracked tabs and their current page (docs/extension-protocol.md `POST /page`), most recently active last; bounded. */
export class PageRegistry {
  private readonly pages = new Map<number, TrackedPage>();

  constructor(readonly capacity = 100) {}

  /**
   * Applies a page event; `close` forgets the tab. An event without `started_at` for the page a
   * tab already shows (the extension announcing its tabs again on reconnecting) keeps the
   * document's start; a page's own events always carry one.
   */
  apply(event: PageEvent, now: number): void {
    const known = this.pages.get(event.tab_id);
    this.pages.delete(event.tab_id);
    if (event.event === 'close') return;
    const startedAt = event.started_at ?? (known?.url === event.url ? known.started_at : undefined);
    this.pages.set(event.tab_id, {
      tab_id: event.tab_id,
      url: event.url,
      title: event.title,
      updated_at: now,
      ...(startedAt === undefined ? {} : { started_at: startedAt }),
    });
    if (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value as number);
  }

  /** The most recently active page, if any. */
  current(): TrackedPage | undefined {
    let last: TrackedPage | undefined;
    for (const page of this.pages.values()) last = page;
    return last;
  }

  /** Every tracked page, most recently active first. */
  all(): TrackedPage[] {
    return [...this.pages.values()].reverse();
  }

  clear(): void {
    this.pages.clear();
  }
}
