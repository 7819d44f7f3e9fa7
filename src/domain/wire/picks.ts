/**
 * What a person pointed at: an element, or a region and the element that holds it, in a
 * tracked tab, with the note they typed. The wire shape of `POST /picks` and, with what the daemon
 * adds (the tab's recent errors and failed requests, the stored image's size), the stored entry.
 */

/** How the pointing started: the agent asked (`interact pick`), or the person did from the extension. */
export const PICK_VIA = ['agent', 'shortcut', 'popup', 'menu'] as const;
export type PickVia = (typeof PICK_VIA)[number];

/** A rectangle in CSS pixels of the top document's viewport. */
export interface PickBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One component of the chain that rendered the element, from the element up (the extension's component reader). */
export interface ComponentFrame {
  readonly name: string;
  /** `react`, `vue`, `svelte`, `angular`. */
  readonly framework?: string;
  /** Angular's element selector (`app-card`). */
  readonly selector?: string;
  /** The source file, relative like a stack frame's `at` (`src/components/Card.tsx`); never a guess. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  /** Clipped and redacted as captured text is. */
  readonly props?: Readonly<Record<string, unknown>>;
}

/** An error of the tab shortly before the pick, by its entry id. */
export interface PickError {
  readonly id: string;
  readonly message: string;
  readonly at?: string;
}

/** A failed request of the tab shortly before the pick, by its entry id. */
export interface PickFailedRequest {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly error?: string;
}

/** The element screenshot taken when the person picked (`entry` with `image:true` returns it). */
export interface PickImageInfo {
  readonly mime_type: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
}

/** What the extension sends (`POST /picks`). */
export interface PickWire {
  readonly ts: number;
  readonly tab_id?: number;
  /** The child frame the element is in (its url), absent in the top document. */
  readonly frame_url?: string;
  readonly via: PickVia;
  /** The top document's url. */
  readonly url: string;
  /** What the person typed (the one field of a pick the page cannot write). */
  readonly note?: string;
  /** The agent's question, shown to the person (`interact pick`). */
  readonly prompt?: string;
  readonly correlation_id?: string;
  /** A dragged region; the element is then the innermost one that holds it. */
  readonly region?: PickBox;
  /** A Playwright locator that matched exactly this element when picked (from the page, through its frames). */
  readonly locator?: string;
  /** A browsertap target for `interact`, with `nth` when it matches several, in `frame` (an iframe of the top document). */
  readonly selector?: string;
  readonly nth?: number;
  readonly frame?: string;
  readonly role?: string;
  readonly name?: string;
  readonly tag: string;
  /** The element's shown text, short. */
  readonly text?: string;
  readonly box: PickBox;
  readonly viewport: { readonly width: number; readonly height: number };
  /** Computed styles that decide layout and look, those that differ from their initial value. */
  readonly styles?: Readonly<Record<string, string>>;
  /** The components that rendered it, innermost first; `null` when none is known (`component_reason` says why). */
  readonly component: readonly ComponentFrame[] | null;
  readonly component_reason?: string;
  /** The element screenshot, base64 (kept apart from the entry, see PickImageInfo). */
  readonly image?: { readonly mime_type: string; readonly base64: string; readonly width: number; readonly height: number };
}

/** Caps of a pick's fields (characters, items), applied at ingest. */
export const PICK_CAPS = Object.freeze({
  note: 2_000,
  prompt: 500,
  text: 200,
  name: 200,
  tag: 64,
  styles: 40,
  styleValue: 200,
  components: 20,
  componentName: 120,
  /** A component's props as JSON, after redaction. */
  props: 1_000,
  /** Errors and failed requests of the tab attached to a pick, each. */
  recent: 5,
  /** How far back those go (ms before the pick). */
  recentMs: 10_000,
});
