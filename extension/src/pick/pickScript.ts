import {
  type FrameMessage,
  PICK_PORT,
  PICK_SLOT,
  type PickBox,
  type PickScriptMessage,
  type PickStart,
  type PickWorkerMessage,
} from '../shared/pick.js';
import { requestComponentChain } from '../component/request.js';
import { describePick, labelOf, topComponent } from './describePick.js';
import { boxInTop, elementAt, type Hit, regionHolder } from './elementAt.js';
import { Overlay } from './Overlay.js';

/** Longest the overlay may take to hide itself for the screenshot, and the worker to take it (ms). */
const HIDE_MS = 500;
const CAPTURE_MS = 3_000;

type Stage = 'pointing' | 'capturing' | 'noting' | 'sent';

/**
 * One pointing in this tab, in the top frame's isolated world: the overlay, what is
 * under the pointer (through open shadow roots and same-origin frames), and on a click or a drag
 * the pick itself; then the note. Everything goes to the worker over a port; when the page goes
 * away, the port closes and the worker knows.
 */
class Pointing {
  private readonly port: chrome.runtime.Port;
  private readonly overlay: Overlay;
  private stage: Stage = 'pointing';
  private last: { x: number; y: number } | undefined;
  private hidden: (() => void) | undefined;
  private captured: (() => void) | undefined;
  /** The element under the pointer last time, and its label (asked of the page once per element). */
  private hovered: { element: Element; label: string } | undefined;
  private ended = false;
  private readonly onScroll = () => {
    if (this.stage === 'pointing' && this.last !== undefined) this.hover(this.last.x, this.last.y);
  };

  constructor(private readonly start: PickStart) {
    this.port = chrome.runtime.connect({ name: PICK_PORT });
    this.port.onMessage.addListener((message: PickWorkerMessage) => this.fromWorker(message));
    this.port.onDisconnect.addListener(() => this.end());
    this.overlay = new Overlay(
      (message) => this.fromFrame(message),
      (why) => this.cancel(why),
    );
    this.post({ type: 'hello', session: start.session });
    addEventListener('scroll', this.onScroll, { capture: true, passive: true });
    this.overlay.open(start.session).then(
      () => this.overlay.send({ type: 'prompt', via: start.via, ...(start.prompt === undefined ? {} : { text: start.prompt }) }),
      (error: unknown) => this.cancel(String((error as Error)?.message ?? error)),
    );
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    removeEventListener('scroll', this.onScroll, { capture: true });
    this.overlay.remove();
    try {
      this.port.disconnect();
    } catch {
      // already gone
    }
  }

  private cancel(reason: string): void {
    this.post({ type: 'cancel', reason });
    this.end();
  }

  private post(message: PickScriptMessage): void {
    try {
      this.port.postMessage(message);
    } catch {
      this.end(); // the worker is gone
    }
  }

  private fromWorker(message: PickWorkerMessage): void {
    if (message?.type === 'captured') this.captured?.();
    else if (message?.type === 'end') this.end();
  }

  private fromFrame(message: FrameMessage): void {
    switch (message?.type) {
      case 'move':
        if (this.stage === 'pointing') this.hover(message.x, message.y);
        return;
      case 'pick': {
        if (this.stage !== 'pointing') return;
        const hit = elementAt(document, message.x, message.y, this.overlay.host);
        if (hit !== undefined) void this.picked(hit);
        return;
      }
      case 'region': {
        if (this.stage !== 'pointing') return;
        const hit = regionHolder(document, message.box, this.overlay.host);
        if (hit !== undefined) void this.picked(hit, message.box);
        return;
      }
      case 'note':
        if (this.stage !== 'noting') return;
        this.stage = 'sent';
        this.post({ type: 'send', note: String(message.text ?? '') });
        return;
      case 'cancel':
        this.cancel('the person pressed Escape');
        return;
      case 'hidden':
        this.hidden?.();
        return;
    }
  }

  /** What is under the pointer, boxed and named in the overlay (its component too, when the page says). */
  private hover(x: number, y: number): void {
    this.last = { x, y };
    const hit = elementAt(document, x, y, this.overlay.host);
    if (hit === undefined) return this.overlay.send({ type: 'hover' });
    if (this.hovered?.element !== hit.element) this.hovered = { element: hit.element, label: this.label(hit) };
    this.overlay.send({ type: 'hover', box: boxInTop(hit), label: this.hovered.label });
  }

  private label(hit: Hit): string {
    if (hit.closedFrame === true) return 'iframe of another origin (picked as a whole)';
    const top = topComponent(requestComponentChain(hit.element));
    return top === undefined ? labelOf(hit.element) : `${labelOf(hit.element)} · <${top}>`;
  }

  /**
   * The person clicked (or dragged): the pick is described now, as the page is; the overlay hides
   * while the worker takes the element's screenshot; then the note field shows.
   */
  private async picked(hit: Hit, region?: PickBox): Promise<void> {
    this.stage = 'capturing';
    const draft = describePick(hit, region);
    const label = hit.closedFrame === true ? 'iframe of another origin' : labelOf(hit.element);
    await this.until(
      (done) => (this.hidden = done),
      HIDE_MS,
      () => this.overlay.send({ type: 'hide' }),
    );
    await this.until(
      (done) => (this.captured = done),
      CAPTURE_MS,
      () => this.post({ type: 'picked', draft, capture: true }),
    );
    if (this.ended) return;
    this.stage = 'noting';
    this.overlay.send({ type: 'ask', box: region ?? draft.box, label });
    this.overlay.focus();
  }

  /** Runs `act` and waits for `arm`'s callback, at most `ms`. */
  private until(arm: (done: () => void) => void, ms: number, act: () => void): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      arm(() => {
        clearTimeout(timer);
        resolve();
      });
      act();
    });
  }
}

let current: Pointing | undefined;

/** Starts pointing in this tab (the worker calls it through executeScript); a pointing already here ends. */
function startPointing(start: PickStart): void {
  current?.end();
  current = new Pointing(start);
}

const global = globalThis as unknown as Record<symbol, unknown>;
if (typeof global[Symbol.for(PICK_SLOT)] !== 'function') {
  Object.defineProperty(global, Symbol.for(PICK_SLOT), { value: startPointing, enumerable: false });
}
