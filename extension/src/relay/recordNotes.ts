/** Events noted for the recorder within one task, at most (a person makes a few). */
export const MAX_NOTED = 1_000;

/** When a noted event happened, and the page's url then (for what is recorded with one). */
export interface Noted {
  readonly ts: number;
  readonly url: string | undefined;
}

export interface NotesPorts {
  now(): number;
  /** The page's url now (read as notes are heard, never inside an event). */
  url(): string;
  /** Runs `fn` in a task of its own, after this one. */
  defer(fn: () => void): void;
  /** A note was dropped past MAX_NOTED (counted like dropped actions). */
  dropped(): void;
  /** The task of the noted events is over (what its events were evidence for ends): called as the notes are heard. */
  taskEnded(): void;
  /** Every note taken so far is heard. */
  heardAll?(): void;
}

/**
 * The listeners do as little as they can inside the page's events (a page waits for them
 * before its own handlers run): they read what only the event has and note it, with its time;
 * the recorder hears the notes in order in the next task (`hear`), and before anything else
 * uses it (an agent's action, a drain, the page going away). `withUrl`: what is recorded with
 * the page's url at the event (a click, a key). The url is not read inside the event (it costs
 * the page's thread a call into the DOM for each one): every change of the url in this document
 * is told (`urlLeft`, with the url it left), so a note's url is the url the first change after it
 * left, or, with no change since, the url when it is heard.
 */
export class Notes {
  private readonly noted: Array<{
    readonly ts: number;
    url: string | undefined;
    readonly withUrl: boolean;
    readonly hear: () => void;
  }> = [];
  private hearing = false;
  /** While a note is heard: its time and url (the recorder's `now` and `url` read them). */
  heard: Noted | undefined;

  constructor(private readonly ports: NotesPorts) {}

  note(hearIt: () => void, withUrl = false): void {
    // A page that makes events in a loop within one task (focus and blur do) cannot grow this
    // without end: past the bound the events are dropped and counted like dropped actions.
    if (this.noted.length >= MAX_NOTED) {
      this.ports.dropped();
      return;
    }
    this.noted.push({ ts: this.ports.now(), url: undefined, withUrl, hear: hearIt });
    this.soon();
  }

  /**
   * The document's url changed from `from` (a router's pushState, a hash, back/forward in it):
   * the notes taken before the change, still to be heard, happened on `from`.
   */
  urlLeft(from: string): void {
    for (let i = this.noted.length - 1; i >= 0; i--) {
      const item = this.noted[i] as (typeof this.noted)[number];
      if (item.withUrl) {
        if (item.url !== undefined) break; // an earlier change told this one and those before it
        item.url = from;
      }
    }
  }

  /** Hears the notes in a task of its own, after this one (and so ends what this task's events are evidence for). */
  soon(): void {
    if (this.hearing) return;
    this.hearing = true;
    this.ports.defer(() => this.hear());
  }

  /** Hears every note now, in order. */
  hear(): void {
    this.hearing = false;
    this.ports.taskEnded();
    let now: string | undefined;
    try {
      for (const item of this.noted.splice(0)) {
        this.heard = { ts: item.ts, url: item.withUrl ? (item.url ?? (now ??= this.ports.url())) : undefined };
        try {
          item.hear();
        } finally {
          this.heard = undefined;
        }
      }
    } finally {
      this.ports.heardAll?.();
    }
  }

  /** Forgets what was noted (recording was turned off). */
  clear(): void {
    this.noted.length = 0;
  }
}
