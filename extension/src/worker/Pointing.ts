import { CommandFailure } from '../shared/commands.js';
import { CHAIN_REASONS, type ComponentChain } from '../shared/components.js';
import type { PickBox, PickDraft, PickScriptMessage, PickStart, PickVia, PickWire, PickWorkerMessage } from '../shared/pick.js';

/** An element screenshot, as the daemon takes it with a pick. */
export interface PickImage {
  readonly mime_type: string;
  readonly base64: string;
  readonly width: number;
  readonly height: number;
}

/** The pick script's port, as the worker holds it (chrome.runtime.Port, or a fake in tests). */
export interface PickPort {
  readonly tabId: number | undefined;
  readonly frameId: number | undefined;
  postMessage(message: PickWorkerMessage): void;
  onMessage(listener: (message: PickScriptMessage) => void): void;
  onDisconnect(listener: () => void): void;
  disconnect(): void;
}

export interface PointingPorts {
  /** Injects the component reader (MAIN world, every frame) and the pick script (top frame) into the tab, and starts it. */
  inject(tabId: number, start: PickStart): Promise<void>;
  /** The picked box cut from the visible tab; undefined when it cannot be taken (the tab is not in view). */
  capture(tabId: number, box: PickBox, viewport: { width: number; height: number }): Promise<PickImage | undefined>;
  /**
   * The component chain from what the page's reader answered (unchecked), checked and its
   * positions put in source through the maps of the document it was read in (`frameUrl`, else
   * the top one): componentsInSource.
   */
  inSource(tabId: number, answer: unknown, pageUrl: string, frameUrl?: string): Promise<ComponentChain>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  randomId(): string;
}

export interface PointOptions {
  readonly via: PickVia;
  readonly prompt?: string;
  readonly correlationId?: string;
  /** How long the person has (ms); past it the pointing ends with `pick_timeout`. */
  readonly limitMs: number;
  /** Ends the pointing (the command's own limit, or its cancellation). */
  readonly signal?: AbortSignal;
}

export const POINTING = Object.freeze({
  /** How long the pick script has to say hello after it was injected (ms). */
  helloMs: 5_000,
  /** A person-started pointing ends by itself after this (ms): an overlay is never left behind for good. */
  personLimitMs: 10 * 60_000,
});

interface Session {
  readonly id: string;
  readonly tabId: number;
  readonly options: PointOptions;
  port?: PickPort;
  draft?: PickDraft;
  pickedAt?: number;
  image?: Promise<PickImage | undefined>;
  chain?: Promise<ComponentChain>;
  timers: unknown[];
  settle(outcome: PickWire | CommandFailure): void;
}

/**
 * The pointings going on, one per tab at most: started by the agent (`interact pick`)
 * or by the person (shortcut, popup, context menu). Each injects the overlay only now, waits for
 * the person — a click or a drag, then the note (Enter) — and resolves with the pick; Escape,
 * the page leaving, or the time running out end it with `pick_cancelled` or `pick_timeout`.
 * While a tab has one, every other command there is refused with `pick_in_progress` (never a
 * wedged tab): `active` says so.
 */
export class Pointing {
  private readonly sessions = new Map<number, Session>();

  constructor(private readonly ports: PointingPorts) {}

  /** The pointing in this tab, if any: who started it and for which command. */
  active(tabId: number): { readonly via: PickVia; readonly correlationId?: string } | undefined {
    const session = this.sessions.get(tabId);
    return session === undefined
      ? undefined
      : {
          via: session.options.via,
          ...(session.options.correlationId === undefined ? {} : { correlationId: session.options.correlationId }),
        };
  }

  /** The refusal a command gets in a tab where the person is pointing. */
  refusal(tabId: number): CommandFailure | undefined {
    const active = this.active(tabId);
    if (active === undefined) return undefined;
    const who =
      active.correlationId === undefined
        ? `the person started it (${active.via})`
        : `for the agent's pick ${active.correlationId}`;
    return new CommandFailure(
      'pick_in_progress',
      `The person is pointing at an element in tab ${tabId} (${who}); commands in that tab wait until they pick, press Escape, or the pick times out`,
    );
  }

  /**
   * Lets the person point in `tabId`; resolves with the pick (the note included), rejects with a
   * `CommandFailure`: `pick_in_progress` (the tab already has a pointing), `pick_cancelled`,
   * `pick_timeout`, `cannot_access_page`.
   */
  point(tabId: number, options: PointOptions): Promise<PickWire> {
    const refused = this.refusal(tabId);
    if (refused !== undefined) return Promise.reject(refused);
    return new Promise<PickWire>((resolve, reject) => {
      const session: Session = {
        id: this.ports.randomId(),
        tabId,
        options,
        timers: [],
        settle: (outcome) => {
          if (this.sessions.get(tabId) !== session) return;
          this.sessions.delete(tabId);
          for (const timer of session.timers) this.ports.clearTimeout(timer);
          this.tell(session, { type: 'end' });
          session.port?.disconnect();
          if (outcome instanceof CommandFailure) reject(outcome);
          else resolve(outcome);
        },
      };
      this.sessions.set(tabId, session);
      session.timers.push(
        this.ports.setTimeout(
          () =>
            session.settle(
              new CommandFailure(
                'pick_timeout',
                `The person did not pick within ${Math.round(options.limitMs / 1000)} s (timeout_ms); the overlay is gone and the tab answers again`,
                { timeout: true },
              ),
            ),
          options.limitMs,
        ),
        this.ports.setTimeout(() => {
          if (session.port === undefined)
            session.settle(new CommandFailure('cannot_access_page', `The pointing overlay did not start in tab ${tabId}`));
        }, POINTING.helloMs),
      );
      options.signal?.addEventListener(
        'abort',
        () =>
          session.settle(
            new CommandFailure('pick_timeout', 'The pick command ended before the person picked', { timeout: true }),
          ),
        { once: true },
      );
      const start: PickStart = {
        session: session.id,
        via: options.via,
        ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
      };
      this.ports
        .inject(tabId, start)
        .catch((error: unknown) =>
          session.settle(
            new CommandFailure(
              'cannot_access_page',
              `The extension cannot show the pointing overlay in tab ${tabId}: ${String((error as Error)?.message ?? error)}`,
            ),
          ),
        );
    });
  }

  /** Ends the tab's pointing as the person's Escape would (they pressed the shortcut again). */
  cancel(tabId: number, reason: string): void {
    this.sessions.get(tabId)?.settle(new CommandFailure('pick_cancelled', `The person cancelled the pick: ${reason}`));
  }

  /** A pick script's port (`chrome.runtime.onConnect`): bound to its tab's session once it says the session's id. */
  connected(port: PickPort): void {
    port.onMessage((message) => {
      const session = port.tabId === undefined ? undefined : this.sessions.get(port.tabId);
      if (session === undefined || port.frameId !== 0) return;
      if (message?.type === 'hello') {
        if (message.session !== session.id || session.port !== undefined) return;
        session.port = port;
        port.onDisconnect(() =>
          session.settle(
            new CommandFailure(
              'pick_cancelled',
              'The page navigated away or was closed while the person was pointing; nothing was picked',
            ),
          ),
        );
        return;
      }
      if (session.port !== port) return;
      this.fromScript(session, message);
    });
  }

  private fromScript(session: Session, message: PickScriptMessage): void {
    switch (message?.type) {
      case 'picked': {
        if (session.draft !== undefined || typeof message.draft !== 'object' || message.draft === null) return;
        session.draft = message.draft;
        session.pickedAt = this.ports.now();
        const box = message.draft.region ?? message.draft.box;
        session.image = message.capture
          ? this.ports.capture(session.tabId, box, message.draft.viewport).catch(() => undefined)
          : Promise.resolve(undefined);
        const { components, url, frame_url: frameUrl } = message.draft;
        session.chain = this.ports
          .inSource(session.tabId, components, String(frameUrl ?? url), frameUrl)
          .catch(() => ({ components: [], reason: CHAIN_REASONS.failed }));
        void session.image.then(() => this.tell(session, { type: 'captured' }));
        return;
      }
      case 'send':
        if (session.draft === undefined) return;
        void this.finish(session, String(message.note ?? ''));
        return;
      case 'cancel':
        session.settle(
          new CommandFailure(
            'pick_cancelled',
            `The person cancelled the pick: ${String(message.reason ?? 'Escape').slice(0, 200)}`,
          ),
        );
        return;
    }
  }

  private async finish(session: Session, note: string): Promise<void> {
    const [image, chain] = await Promise.all([session.image, session.chain]);
    const { components: _answer, ...draft } = session.draft as PickDraft;
    const { options } = session;
    session.settle({
      ...draft,
      ts: session.pickedAt ?? this.ports.now(),
      tab_id: session.tabId,
      via: options.via,
      ...(note === '' ? {} : { note }),
      ...(options.prompt === undefined ? {} : { prompt: options.prompt }),
      ...(options.correlationId === undefined ? {} : { correlation_id: options.correlationId }),
      ...chainOf(chain ?? { components: [], reason: CHAIN_REASONS.failed }),
      ...(image === undefined ? {} : { image }),
    });
  }

  private tell(session: Session, message: PickWorkerMessage): void {
    try {
      session.port?.postMessage(message);
    } catch {
      // the page is gone
    }
  }
}

/** The chain as a pick carries it: its components from the element up, else `null` and the reason. */
function chainOf(chain: ComponentChain): Pick<PickWire, 'component' | 'component_reason'> {
  const reason = chain.reason === undefined ? {} : { component_reason: chain.reason };
  return chain.components.length === 0
    ? { component: null, component_reason: chain.reason ?? CHAIN_REASONS.none }
    : { component: chain.components, ...reason };
}
