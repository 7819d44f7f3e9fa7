import { inject, injectable } from 'inversify';
import type { PageRegistry } from '../../domain/capture/PageRegistry.js';
import type { CommandView } from '../../domain/command/Command.js';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import { StreamDispatcher } from '../streaming/StreamDispatcher.js';
import { TYPES } from '../tokens.js';
import { GetHealth, type HealthPayload } from './GetHealth.js';

/** How many of each list the status page shows. */
const SHOWN = 10;
/** Longest text of any one item (characters). */
const TEXT_CHARS = 300;

export interface StatusCommand {
  readonly action: string;
  readonly state: string;
  readonly tab_id: number | null;
  readonly queued_at: string;
  readonly error?: { readonly code: string; readonly message: string };
}

export interface StatusPayload {
  readonly health: HealthPayload;
  readonly tabs: ReadonlyArray<{
    readonly tab_id: number;
    readonly url: string;
    readonly title: string;
    readonly updated_at: string;
  }>;
  readonly recent_errors: ReadonlyArray<{
    readonly ts: string;
    readonly level: string;
    readonly message: string;
    readonly url: string;
  }>;
  readonly commands: { readonly in_flight: readonly StatusCommand[]; readonly failed: readonly StatusCommand[] };
  readonly subscribed_clients: number;
}

/**
 * What the status page at `/` shows the human (SPEC 11): connection and versions (the health),
 * tracked tabs, the latest errors, commands in flight and failed across every client, and how
 * many clients are subscribed to the stream. Bounded (10 of each, texts cut at 300 characters);
 * holds nothing the agent's own reads would not show after redaction, and never a command's
 * parameters or results (they may carry what an agent typed).
 */
@injectable()
export class GetStatus {
  constructor(
    @inject(GetHealth) private readonly health: GetHealth,
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.CorrelationTracker) private readonly tracker: CorrelationTracker,
    @inject(StreamDispatcher) private readonly dispatcher: StreamDispatcher,
  ) {}

  execute(): StatusPayload {
    const errors = this.store.read('logs', { limit: SHOWN, filter: (entry) => entry.level === 'error' });
    const { inFlight, failed } = this.tracker.overview(SHOWN);
    return {
      health: this.health.execute(),
      tabs: this.pages
        .all()
        .slice(-SHOWN)
        .map((page) => ({
          tab_id: page.tab_id,
          url: cut(page.url),
          title: cut(page.title),
          updated_at: new Date(page.updated_at).toISOString(),
        })),
      recent_errors: errors.entries.map(({ value }) => ({
        ts: new Date(value.ts).toISOString(),
        level: value.level,
        message: cut(value.message),
        url: cut(value.url),
      })),
      commands: { in_flight: inFlight.map(describe), failed: failed.map(describe) },
      subscribed_clients: this.dispatcher.subscribers,
    };
  }
}

function describe(command: CommandView): StatusCommand {
  return {
    action: command.action,
    state: command.state,
    tab_id: command.tabId ?? null,
    queued_at: new Date(command.timeline.queuedAt).toISOString(),
    ...(command.failure === undefined ? {} : { error: { code: command.failure.code, message: cut(command.failure.message) } }),
  };
}

const cut = (text: string) => (text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}…` : text);
