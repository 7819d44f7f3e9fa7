import type { RecordingSettings } from '../shared/actions.js';
import type { Query, ResultBody } from '../shared/commands.js';

import { DaemonRefused } from './DaemonRefused.js';

export { DaemonRefused };

export interface Identity {
  readonly instanceId: string;
  readonly bootId: string;
  /** The extension's manifest version, so the daemon (status page, doctor) can compare it with its own. */
  readonly version?: string;
}

export interface IngestAnswer {
  readonly received: number;
  readonly rejected: number;
  readonly filtered?: number;
}

/** Where each capture kind is posted (docs/extension-protocol.md). */
export const INGEST_PATHS = {
  logs: '/logs',
  network: '/network-bodies',
  websocket: '/websocket-events',
  vitals: '/vitals',
  actions: '/actions',
  picks: '/picks',
  performance: '/performance',
} as const;

/**
 * The extension's side of docs/extension-protocol.md, over `fetch` from the service worker (its requests carry the
 * extension's origin, which the daemon accepts). A network failure rejects with the fetch error
 * (worth retrying); an HTTP error with `DaemonRefused` (not).
 */
export class DaemonClient {
  readonly base: string;
  /** What the daemon's last poll answer said about recording (docs/mcp-tools.md), when it said. */
  recording: RecordingSettings | undefined;

  constructor(readonly port: number) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async poll(identity: Identity, waitMs: number, signal: AbortSignal): Promise<Query[]> {
    // A POST: it carries the extension's Origin, which the daemon requires (a worker's GET has none).
    const body = {
      instance_id: identity.instanceId,
      boot_id: identity.bootId,
      wait_ms: waitMs,
      // This worker claims each command before it starts it, and can resume one (CommandRunner).
      claims: true,
      ...(identity.version === undefined ? {} : { extension_version: identity.version }),
    };
    const answer = (await this.request('POST', '/pending-queries', body, signal)) as { queries?: Query[]; recording?: unknown };
    const recording = answer.recording as Partial<RecordingSettings> | undefined;
    if (typeof recording?.actions === 'boolean' && typeof recording.values === 'boolean')
      this.recording = { actions: recording.actions, values: recording.values };
    return Array.isArray(answer.queries) ? answer.queries : [];
  }

  async postResult(body: ResultBody, signal = AbortSignal.timeout(10_000)): Promise<{ accepted: boolean; reason?: string }> {
    return (await this.request('POST', '/query-result', body, signal)) as {
      accepted: boolean;
      reason?: string;
    };
  }

  async postEntries(path: string, entries: readonly unknown[]): Promise<IngestAnswer> {
    return (await this.request('POST', path, { entries }, AbortSignal.timeout(10_000))) as IngestAnswer;
  }

  async postPage(event: unknown): Promise<IngestAnswer> {
    return (await this.request('POST', '/page', event, AbortSignal.timeout(10_000))) as IngestAnswer;
  }

  private async request(method: string, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      signal,
      cache: 'no-store',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 300);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the text
      }
      throw new DaemonRefused(response.status, `${method} ${path} → ${response.status}: ${message}`);
    }
    return text === '' ? {} : (JSON.parse(text) as unknown);
  }
}
