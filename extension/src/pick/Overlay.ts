import { type FrameMessage, PICK_FRAME_PAGE, type ScriptToFrame } from '../shared/pick.js';

/** What the frame posts first, with the private port: the token from its own url proves it is ours. */
export const PORT_HANDSHAKE = 'browsertap:pick-port';

/** How long an ended overlay's frame stays in the page, drawing nothing, before it is removed (ms). */
const REMOVE_AFTER_MS = 300;

/** Longest the overlay page may take to load before the pointing is given up (ms). */
const LOAD_MS = 5_000;

/**
 * The pointing overlay: a host element in the top layer (a manual popover, above the
 * page's own dialogs) with a **closed** shadow root holding one iframe of the extension's own page
 * over the whole viewport. Pointer and key events over it go to that page's document, never to
 * the page's listeners, whatever they are or when they were added; what the person types stays in
 * it. The page and the overlay talk over a MessageChannel whose port only the frame that holds the
 * token (in its url, which the page cannot read) accepts. A second load of the frame (the page
 * navigated it) breaks the overlay.
 */
export class Overlay {
  readonly host: HTMLElement;
  private readonly frame: HTMLIFrameElement;
  private readonly channel = new MessageChannel();
  private loads = 0;
  private removed = false;

  constructor(
    private readonly onMessage: (message: FrameMessage) => void,
    private readonly onBroken: (why: string) => void,
  ) {
    this.host = document.createElement('div');
    this.host.setAttribute(
      'style',
      'all: initial !important; position: fixed !important; inset: 0 !important; width: 100vw !important; height: 100vh !important; margin: 0 !important; padding: 0 !important; border: 0 !important; background: transparent !important; z-index: 2147483647 !important; pointer-events: none !important; display: block !important; overflow: visible !important;',
    );
    const root = this.host.attachShadow({ mode: 'closed' });
    this.frame = document.createElement('iframe');
    this.frame.setAttribute(
      'style',
      'position: fixed; inset: 0; width: 100vw; height: 100vh; border: 0; margin: 0; padding: 0; background: transparent; pointer-events: auto; color-scheme: normal; display: block;',
    );
    this.frame.setAttribute('allowtransparency', 'true');
    this.frame.setAttribute('title', 'browsertap: point at an element');
    root.append(this.frame);
    this.channel.port1.onmessage = (event) => this.onMessage(event.data as FrameMessage);
  }

  /** Shows the overlay and resolves once its page holds the port (rejects when it does not load in time). */
  open(token: string): Promise<void> {
    const url = chrome.runtime.getURL(PICK_FRAME_PAGE);
    const origin = new URL(url).origin;
    const loaded = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the overlay page did not load')), LOAD_MS);
      this.frame.addEventListener('load', () => {
        if (++this.loads > 1) return this.onBroken('the overlay was navigated away');
        clearTimeout(timer);
        this.frame.contentWindow?.postMessage({ type: PORT_HANDSHAKE, token }, origin, [this.channel.port2]);
        resolve();
      });
    });
    this.frame.src = `${url}#${token}`;
    document.documentElement.append(this.host);
    try {
      // The top layer: above the page's modal dialogs and popovers that are open now.
      this.host.setAttribute('popover', 'manual');
      this.host.showPopover();
    } catch {
      // no popover API: the z-index above stands
    }
    return loaded.then(() => this.frame.focus());
  }

  send(message: ScriptToFrame): void {
    if (!this.removed) this.channel.port1.postMessage(message);
  }

  /** Gives the overlay the keyboard (after the note is sent, a click elsewhere in the page could take it). */
  focus(): void {
    this.frame.focus();
  }

  /**
   * Ends the overlay: its page stops drawing and the pointer passes through at once; the frame
   * leaves the page REMOVE_AFTER_MS later, so the key that ended it (Enter and Escape act on
   * keydown) is released in a frame that still exists and keeps the keyboard — neither reaching
   * the page nor going to a frame that is gone. A driver that waits for the release to be
   * handled, as the DevTools protocol's key press does, waited forever once in 66 picks when the
   * frame was removed in between.
   */
  remove(): void {
    if (this.removed) return;
    this.send({ type: 'end' });
    this.removed = true;
    this.channel.port1.close();
    this.frame.style.setProperty('pointer-events', 'none');
    setTimeout(() => this.host.remove(), REMOVE_AFTER_MS);
  }
}
