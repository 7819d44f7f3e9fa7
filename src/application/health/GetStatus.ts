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
  /** A failed command's stable code, and its sentence (cut). */
  readonly error?: string;
  readonly message?: string;
}

/** How many of each thing there is: all that the status data shows without proof (docs/security.md). */
export interface StatusCounts {
  /** Tracked tabs. */
  readonly tabs: number;
  /** Entries in the recent-errors list (the newest 10 at most). */
  readonly recent_errors: number;
  /** Commands in flight and failed commands held, across every client. */
  readonly commands_in_flight: number;
  readonly commands_failed: number;
}

interface StatusBase {
  readonly health: HealthPayload;
  readonly counts: StatusCounts;
  readonly subscribed_clients: number;
}

/** What the status data holds without proof of being the local user: numbers and connection state. */
export interface CountsOnlyStatus extends StatusBase {
  readonly access: 'counts';
}

/** The status data in full, for the local user. */
export interface FullStatus extends StatusBase {
  readonly access: 'full';
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
}

export type StatusPayload = CountsOnlyStatus | FullStatus;

export interface GetStatusInput {
  /** The caller proved it is the local user: titles, urls, messages and ids are included. */
  readonly full: boolean;
}

/**
 * What the status page at `/` shows the human (docs/install.md): connection and versions (the health),
 * tracked tabs, the latest errors, commands in flight and failed across every client, and how
 * many clients are subscribed to the stream. Bounded (10 of each, texts cut at 300 characters);
 * holds nothing the agent's own reads would not show after redaction, and never a command's
 * parameters or results (they may carry what an agent typed). Without `full`, only the counts
 * and the health (which `GET /health` gives anyone) are returned (docs/security.md).
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

  execute(input: GetStatusInput): StatusPayload {
    const health = this.health.execute();
    const pages = this.pages.all();
    const errors = this.store.read('logs', { limit: SHOWN, filter: (entry) => entry.level === 'error' }).entries;
    const base: StatusBase = {
      health,
      counts: {
        tabs: pages.length,
        recent_errors: errors.length,
        commands_in_flight: health.commands.in_flight,
        commands_failed: health.commands.failed,
      },
      subscribed_clients: this.dispatcher.subscribers,
    };
    if (!input.full) return { access: 'counts', ...base };
    const { inFlight, failed } = this.tracker.overview(SHOWN);
    return {
      access: 'full',
      ...base,
      tabs: pages.slice(-SHOWN).map((page) => ({
        tab_id: page.tab_id,
        url: cut(page.url),
        title: cut(page.title),
        updated_at: new Date(page.updated_at).toISOString(),
      })),
      recent_errors: errors.map(({ value }) => ({
        ts: new Date(value.ts).toISOString(),
        level: value.level,
        message: cut(value.message),
        url: cut(value.url),
      })),
      commands: { in_flight: inFlight.map(describe), failed: failed.map(describe) },
    };
  }
}

function describe(command: CommandView): StatusCommand {
  return {
    action: command.action,
    state: command.state,
    tab_id: command.tabId ?? null,
    queued_at: new Date(command.timeline.queuedAt).toISOString(),
    ...(command.failure === undefined ? {} : { error: command.failure.code, message: cut(command.failure.message) }),
  };
}

const cut = (text: string) => (text.length > TEXT_CHARS ? `${text.slice(0, TEXT_CHARS)}…` : text);
