import type { PickBox, PickVia, PickWire } from '../../../src/domain/wire/picks.js';

export type { PickBox, PickVia, PickWire };

/**
 * Pointing ("point at it"), as the pieces of the extension speak it. The worker injects the pick
 * script (ISOLATED world, top frame) and the component reader (MAIN world, every frame:
 * component/install.ts) only when pointing starts; the pick script shows the overlay — the
 * extension's own page in an iframe, in a closed shadow root — and talks to the worker over a port.
 */

/** The extension page the overlay is (web-accessible; the page cannot script it or read what is typed in it). */
export const PICK_FRAME_PAGE = 'pick-frame.html';
/** The global slot (a symbol) of the pick script's `start`, in the isolated world. */
export const PICK_SLOT = 'browsertap.pick';
/** The port the pick script opens to the worker for one pointing. */
export const PICK_PORT = 'browsertap:pick';

/** What the worker tells the pick script when it starts it. */
export interface PickStart {
  /** The session's id: the port carries it back so a stale script cannot speak for a new session. */
  readonly session: string;
  readonly via: PickVia;
  /** The agent's question, shown to the person. */
  readonly prompt?: string;
}

/**
 * What the pick script worked out when the person clicked (or dragged): all of a pick but the
 * note and what the worker adds — the component chain among them, made from `components`.
 */
export type PickDraft = Omit<
  PickWire,
  'ts' | 'tab_id' | 'via' | 'note' | 'prompt' | 'correlation_id' | 'image' | 'url' | 'component' | 'component_reason'
> & {
  readonly url: string;
  /**
   * What the page's component reader answered for the element (`requestComponentChain`,
   * component/request.ts), unchecked: the worker checks it and puts its positions in source
   * (`componentsInSource`).
   */
  readonly components: unknown;
};

/** Pick script → worker, over the port. */
export type PickScriptMessage =
  | { readonly type: 'hello'; readonly session: string }
  /** The person picked; the overlay is hidden for the screenshot of `box`, which the worker takes now. */
  | { readonly type: 'picked'; readonly draft: PickDraft; readonly capture: boolean }
  /** The person's note: Enter. */
  | { readonly type: 'send'; readonly note: string }
  /** Escape (or the page is leaving). */
  | { readonly type: 'cancel'; readonly reason: string };

/** Worker → pick script, over the port. */
export type PickWorkerMessage =
  /** The screenshot is taken: the note field may show. */
  | { readonly type: 'captured' }
  /** The pointing is over (sent, timed out, cancelled elsewhere): remove the overlay. */
  | { readonly type: 'end'; readonly reason?: string };

/** Overlay frame ↔ pick script, over the private MessageChannel the script hands the frame. */
export type FrameMessage =
  | { readonly type: 'move'; readonly x: number; readonly y: number }
  | { readonly type: 'pick'; readonly x: number; readonly y: number }
  | { readonly type: 'region'; readonly box: PickBox }
  | { readonly type: 'note'; readonly text: string }
  | { readonly type: 'cancel' }
  | { readonly type: 'hidden' };

export type ScriptToFrame =
  | { readonly type: 'prompt'; readonly text?: string; readonly via: PickVia }
  /** The element under the pointer: its box and what the label says. */
  | { readonly type: 'hover'; readonly box?: PickBox; readonly label?: string }
  /** Hide everything for the screenshot; answer `hidden` once that is painted. */
  | { readonly type: 'hide' }
  /** Picked: show the note field by `box`. */
  | { readonly type: 'ask'; readonly box: PickBox; readonly label: string }
  | { readonly type: 'end' };
