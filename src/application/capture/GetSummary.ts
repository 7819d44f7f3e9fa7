import { inject, injectable } from 'inversify';
import { clip, firstLine, topFrame } from '../../domain/capture/compact.js';
import type { LogEntry, NetworkEntry, VitalEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { isError, isFailedRequest } from '../../domain/capture/levels.js';
import type { PageRegistry } from '../../domain/capture/PageRegistry.js';
import { DomainError } from '../../domain/DomainError.js';
import { DEFAULT_SLOW_MS } from '../../domain/streaming/Subscription.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { DaemonInfo } from '../shared/DaemonInfo.js';
import { ExtensionPresence } from '../shared/ExtensionPresence.js';
import { TYPES } from '../tokens.js';

/** Largest summary, in bytes of JSON (docs/mcp-tools.md). */
export const SUMMARY_BUDGET = 2_000;

interface Counts {
  errors: number;
  warnings: number;
  failed_requests: number;
  slow_requests: number;
}

interface TopError {
  readonly id: string;
  readonly message: string;
  readonly count: number;
  readonly at?: string;
  readonly tab_id?: number;
}

interface TopRequest {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly count: number;
}

/** How much of each part the summary shows, tried from the first until the answer fits. */
const SHAPES = [
  { pages: 5, errors: 5, requests: 3, text: 120 },
  { pages: 3, errors: 5, requests: 2, text: 80 },
  { pages: 1, errors: 3, requests: 1, text: 50 },
] as const;

/**
 * `observe {what:"summary"}` (docs/mcp-tools.md): "what is wrong with my page?" in one answer of at most
 * 2 000 bytes — per tracked page its url, title and counts of errors, warnings, failed and
 * slow requests since `after_cursor`; the most frequent distinct errors and failed requests
 * with ids for `observe entry`; poor vitals; the extension's connection; and a cursor for next
 * time. Work is bounded by the buffers' capacities.
 * @throws DomainError `invalid_params` for a cursor that is not a summary cursor.
 */
@injectable()
export class GetSummary {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.PageRegistry) private readonly pages: PageRegistry,
    @inject(ExtensionPresence) private readonly presence: ExtensionPresence,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.DaemonInfo) private readonly daemon: DaemonInfo,
  ) {}

  execute(input: { readonly afterCursor?: string; readonly tabId?: number }): object {
    const since = input.afterCursor === undefined ? undefined : this.decode(input.afterCursor);
    const inTab = (e: { tab_id?: number }) => input.tabId === undefined || e.tab_id === input.tabId;
    const logs = this.store.read('logs', { limit: Number.MAX_SAFE_INTEGER, afterCursor: since?.logs ?? 0, filter: inTab });
    const network = this.store.read('network', {
      limit: Number.MAX_SAFE_INTEGER,
      afterCursor: since?.network ?? 0,
      filter: inTab,
    });
    const vitals = this.store.read('vitals', { limit: Number.MAX_SAFE_INTEGER, filter: inTab });

    const perTab = new Map<number | undefined, Counts>();
    // A page's counts are its current document's: a tab's earlier pages count in `totals` only.
    const startOf = new Map(this.pages.all().map((p) => [p.tab_id, p.started_at ?? 0]));
    const countsOf = (tab: number | undefined, ts: number): Counts => {
      // Counted nowhere but in `totals`.
      if (tab !== undefined && ts < (startOf.get(tab) ?? 0))
        return { errors: 0, warnings: 0, failed_requests: 0, slow_requests: 0 };
      let counts = perTab.get(tab);
      if (counts === undefined) {
        counts = { errors: 0, warnings: 0, failed_requests: 0, slow_requests: 0 };
        perTab.set(tab, counts);
      }
      return counts;
    };
    const totals: Counts = { errors: 0, warnings: 0, failed_requests: 0, slow_requests: 0 };
    const errors = new Map<string, { first: { seq: number; entry: LogEntry; at?: string }; count: number; ts: number }>();
    for (const { seq, value: entry } of logs.entries) {
      if (isError(entry)) {
        countsOf(entry.tab_id, entry.ts).errors++;
        totals.errors++;
        const at = topFrame(entry.stack, entry.url);
        const key = `${entry.tab_id ?? ''}\u0000${entry.message}\u0000${at ?? ''}`;
        const known = errors.get(key);
        if (known === undefined)
          errors.set(key, { first: { seq, entry, ...(at === undefined ? {} : { at }) }, count: 1, ts: entry.ts });
        else {
          known.count++;
          known.ts = entry.ts;
        }
      } else if (entry.level === 'warn') {
        countsOf(entry.tab_id, entry.ts).warnings++;
        totals.warnings++;
      }
    }
    const failed = new Map<string, { seq: number; entry: NetworkEntry; count: number; ts: number }>();
    for (const { seq, value: entry } of network.entries) {
      if (isFailedRequest(entry)) {
        countsOf(entry.tab_id, entry.ts).failed_requests++;
        totals.failed_requests++;
        const key = `${entry.method} ${entry.url} ${entry.status}`;
        const known = failed.get(key);
        if (known === undefined) failed.set(key, { seq, entry, count: 1, ts: entry.ts });
        else {
          known.count++;
          known.ts = entry.ts;
        }
      } else if (entry.duration_ms >= DEFAULT_SLOW_MS) {
        countsOf(entry.tab_id, entry.ts).slow_requests++;
        totals.slow_requests++;
      }
    }
    const byFrequency = <T extends { count: number; ts: number }>(a: T, b: T) => b.count - a.count || b.ts - a.ts;
    const topErrors = [...errors.values()].sort(byFrequency);
    const topRequests = [...failed.values()].sort(byFrequency);
    const poor = latestPoorVitals(vitals.entries.map((e) => e.value));
    const tracked = this.pages.all().filter((p) => input.tabId === undefined || p.tab_id === input.tabId);
    const now = this.clock.now();
    const extension = this.presence.status(now);
    const cursor = `${this.daemon.runId}.${logs.cursor}.${network.cursor}`;
    const restarted = since !== undefined && (since.restarted || logs.cursorRestarted || network.cursorRestarted);

    let answer: object = {};
    for (const shape of SHAPES) {
      answer = {
        extension: extension.connected
          ? 'connected'
          : `not connected${extension.last_seen === null ? '' : ` (last seen ${extension.last_seen})`}`,
        totals,
        pages: tracked.slice(0, shape.pages).map((p) => ({
          tab_id: p.tab_id,
          url: clip(p.url, shape.text),
          title: clip(p.title, shape.text),
          ...(perTab.get(p.tab_id) ?? { errors: 0, warnings: 0, failed_requests: 0, slow_requests: 0 }),
        })),
        ...(tracked.length > shape.pages ? { more_pages: tracked.length - shape.pages } : {}),
        top_errors: topErrors.slice(0, shape.errors).map((e): TopError => ({
          id: entryId('logs', e.first.seq),
          message: clip(firstLine(e.first.entry.message), shape.text),
          count: e.count,
          ...(e.first.at === undefined ? {} : { at: clip(e.first.at, shape.text) }),
          ...(e.first.entry.tab_id === undefined ? {} : { tab_id: e.first.entry.tab_id }),
        })),
        ...(topErrors.length > shape.errors ? { more_errors: topErrors.length - shape.errors } : {}),
        failed_requests: topRequests.slice(0, shape.requests).map((r): TopRequest => ({
          id: entryId('network', r.seq),
          method: r.entry.method,
          url: clip(r.entry.url, shape.text),
          status: r.entry.status,
          count: r.count,
        })),
        poor_vitals: poor.slice(0, shape.pages),
        ...(restarted ? { cursor_restarted: true } : {}),
        cursor,
      };
      if (utf8Length(JSON.stringify(answer)) <= SUMMARY_BUDGET) break;
    }
    return answer;
  }

  private decode(cursor: string): { logs: number; network: number; restarted: boolean } {
    const match = /^([A-Za-z0-9]{1,16})\.(\d{1,15})\.(\d{1,15})$/.exec(cursor);
    if (match === null) {
      throw new DomainError(
        'invalid_params',
        `after_cursor '${cursor.slice(0, 40)}' is not a cursor returned by observe summary`,
      );
    }
    if (match[1] !== this.daemon.runId) return { logs: 0, network: 0, restarted: true };
    return { logs: Number(match[2]), network: Number(match[3]), restarted: false };
  }
}

/** The latest poor value of each metric per page (a later good value clears it). */
function latestPoorVitals(entries: readonly VitalEntry[]): Array<{ name: string; value: number; tab_id?: number; url: string }> {
  const latest = new Map<string, VitalEntry>();
  for (const e of entries) latest.set(`${e.tab_id ?? ''} ${e.url} ${e.name}`, e);
  return [...latest.values()]
    .filter((e) => e.rating === 'poor')
    .map((e) => ({
      name: e.name,
      value: e.value,
      ...(e.tab_id === undefined ? {} : { tab_id: e.tab_id }),
      url: clip(e.url, 120),
    }));
}
