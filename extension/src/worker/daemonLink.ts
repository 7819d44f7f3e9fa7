import type { ResultBody } from '../shared/commands.js';
import { DaemonClient, DaemonRefused, type Identity } from './DaemonClient.js';
import { daemonPort, instanceId } from './settings.js';

/** Where the worker keeps the tabs' page urls across its restarts (chrome.storage.session). */
export const PAGES_KEY = 'pageUrls';

/** A pause that an abort ends early; it lets go of its listener either way (the signal lives long). */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const aborted = () => (clearTimeout(timer), reject(new Error('aborted')));
    const timer = setTimeout(() => (signal?.removeEventListener('abort', aborted), resolve()), ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });

/** The worker's own timers and clock, as the ports of its parts take them. */
export const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as number),
  now: Date.now,
};

/** How long one post of a result may take before it is tried again (ms). */
export const RESULT_TIMEOUT_MS = 10_000;

/** One claim or result said to the daemon within `timeoutMs`; resolves with its answer. */
export type ResultSending = (body: ResultBody, timeoutMs: number) => Promise<{ accepted: boolean; reason?: string }>;

/**
 * This worker start's way to the daemon: who it is (instance, boot, version), the client for the
 * daemon's port (a new one when the port changes), and the page urls it kept from its last start.
 */
export class DaemonLink {
  readonly bootId = `boot-${crypto.randomUUID()}`;
  private client: DaemonClient | undefined;
  private me: Identity | undefined;
  private readonly setup: Promise<void>;

  constructor(pages: Map<number, string>) {
    this.setup = (async () => {
      const [id, port, stored] = await Promise.all([instanceId(), daemonPort(), chrome.storage.session.get(PAGES_KEY)]);
      this.me = { instanceId: id, bootId: this.bootId, version: chrome.runtime.getManifest().version };
      this.client = new DaemonClient(port);
      for (const [tab, url] of Object.entries((stored[PAGES_KEY] as Record<string, string> | undefined) ?? {}))
        pages.set(Number(tab), url);
    })();
  }

  /** Who this worker is, once its start has read it. */
  identity(): Identity | undefined {
    return this.me;
  }

  async daemon(): Promise<DaemonClient> {
    await this.setup;
    return this.client as DaemonClient;
  }

  /** The daemon moved to `port` (the popup's setting). */
  moveTo(port: number): void {
    this.client = new DaemonClient(port);
  }

  /** Says a claim or a result over HTTP, unless `sendBy` gave another way (the channel's ResultSender). */
  private sender: ResultSending = async (body, timeoutMs) =>
    (await this.daemon()).postResult(body, AbortSignal.timeout(timeoutMs));

  /** Claims and results go by `sender` from now on. */
  sendBy(sender: ResultSending): void {
    this.sender = sender;
  }

  /** Says one claim or result, once, within `timeoutMs`; the daemon's answer. */
  send(body: ResultBody, timeoutMs: number): Promise<{ accepted: boolean; reason?: string }> {
    return this.sender(body, timeoutMs);
  }

  /** A result survives a daemon restart of a few seconds; a refusal is final. */
  async postResult(body: ResultBody): Promise<void> {
    for (let attempt = 0; attempt < 6; attempt++) {
      try {
        await this.send(body, RESULT_TIMEOUT_MS);
        return;
      } catch (error) {
        if (error instanceof DaemonRefused) return;
        await sleep(Math.min(2_000, 250 * 2 ** attempt));
      }
    }
  }
}
