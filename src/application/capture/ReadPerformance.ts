import { inject, injectable } from 'inversify';
import type { VitalEntry, VitalName } from '../../domain/wire/entries.js';
import type { PagePerformance } from '../../domain/wire/performance.js';
import { pageReport, type PageReport } from '../../domain/capture/performanceReport.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { PerformanceStorePort } from '../ports/PerformanceStorePort.js';
import { TYPES } from '../tokens.js';

/** docs/mcp-tools.md: the whole answer in at most this many UTF-8 bytes of JSON. */
export const PERFORMANCE_BUDGET = 3_000;
/** Pages in one answer, at most (without `url`: each tab's current page). */
export const MAX_PAGES = 3;

export interface PerformancePayload {
  readonly pages: readonly PageReport[];
  /** Pages left out to stay within the budget (ask with `tab_id` or `url`). */
  readonly more?: number;
  /** Lists were shortened to stay within the budget. */
  readonly truncated?: true;
  /** Why there is nothing to show, when there is not. */
  readonly note?: string;
}

interface Page {
  readonly url: string;
  readonly tabId?: number;
  ts: number;
  readonly vitals: Partial<Record<VitalName, VitalEntry>>;
  record?: PagePerformance;
}

/**
 * `observe performance` (docs/mcp-tools.md): "why is this page slow?" per page, from the latest vitals
 * (with their attribution) and the page's own record of long frames and requests. Without `url`,
 * each tab's current page (the one heard from last), most recent first; with `url`, every page
 * whose url contains it. Always within PERFORMANCE_BUDGET: lists are shortened first (`truncated`),
 * then pages left out (`more`). A page with nothing past a threshold has `hints: []`.
 */
@injectable()
export class ReadPerformance {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.PerformanceStorePort) private readonly records: PerformanceStorePort,
  ) {}

  execute(input: { readonly tabId?: number; readonly url?: string }): PerformancePayload {
    const wanted = (tabId: number | undefined, url: string) =>
      (input.tabId === undefined || tabId === input.tabId) && (input.url === undefined || url.includes(input.url));
    const pages = new Map<string, Page>();
    const pageOf = (tabId: number | undefined, url: string, ts: number): Page => {
      const key = `${tabId ?? ''} ${url}`;
      let page = pages.get(key);
      if (page === undefined) {
        page = { url, ...(tabId === undefined ? {} : { tabId }), ts, vitals: {} };
        pages.set(key, page);
      }
      page.ts = Math.max(page.ts, ts);
      return page;
    };
    const vitals = this.store.read('vitals', {
      limit: Number.MAX_SAFE_INTEGER,
      filter: (e) => e.frame_url === undefined && wanted(e.tab_id, e.url),
    });
    for (const { value } of vitals.entries) pageOf(value.tab_id, value.url, value.ts).vitals[value.name] = value;
    for (const record of this.records.list()) {
      if (record.frame_url !== undefined || !wanted(record.tab_id, record.url)) continue;
      pageOf(record.tab_id, record.url, record.ts).record ??= record; // the list is newest first
    }
    let chosen = [...pages.values()].sort((a, b) => b.ts - a.ts);
    if (input.url === undefined) {
      const tabs = new Set<number | undefined>();
      chosen = chosen.filter((page) => !tabs.has(page.tabId) && tabs.add(page.tabId));
    }
    if (chosen.length === 0) {
      return { pages: [], note: 'no performance data for this page yet: is it tracked, and has it loaded since?' };
    }
    const reports = chosen.slice(0, MAX_PAGES).map((page) => pageReport(page.url, page.tabId, page.vitals, page.record));
    return fit(reports, chosen.length - reports.length);
  }
}

/** How much a report is shortened: 0 whole, 3 the least that still says something. */
const LEVELS = [
  { scripts: 3, frames: 5, requests: 10, hints: 6 },
  { scripts: 1, frames: 5, requests: 5, hints: 6 },
  { scripts: 1, frames: 3, requests: 3, hints: 6 },
  { scripts: 1, frames: 1, requests: 1, hints: 3 },
] as const;

function shorten(report: PageReport, level: (typeof LEVELS)[number]): PageReport {
  const inp = report.vitals.INP;
  const scripts = inp?.scripts as unknown[] | undefined;
  return {
    ...report,
    vitals: {
      ...report.vitals,
      ...(inp === undefined || scripts === undefined ? {} : { INP: { ...inp, scripts: scripts.slice(0, level.scripts) } }),
    },
    ...(report.long_frames === undefined
      ? {}
      : {
          long_frames: {
            ...report.long_frames,
            longest: report.long_frames.longest
              .slice(0, level.frames)
              .map((frame) => ({ ...frame, scripts: frame.scripts.slice(0, level.scripts) })),
          },
        }),
    ...(report.requests === undefined
      ? {}
      : {
          requests: {
            ...report.requests,
            slowest: report.requests.slowest.slice(0, level.requests),
            render_blocking: report.requests.render_blocking.slice(0, level.requests),
          },
        }),
    hints: report.hints.slice(0, level.hints),
  };
}

/** The most that fits PERFORMANCE_BUDGET: as many pages as possible, each as whole as possible. */
function fit(reports: readonly PageReport[], left: number): PerformancePayload {
  for (let count = reports.length; count >= 1; count--) {
    const whole = JSON.stringify(reports.slice(0, count));
    for (const [index, level] of LEVELS.entries()) {
      const more = left + reports.length - count;
      const pages = reports.slice(0, count).map((report) => (index === 0 ? report : shorten(report, level)));
      const payload: PerformancePayload = {
        pages,
        ...(more > 0 ? { more } : {}),
        ...(index > 0 && JSON.stringify(pages) !== whole ? { truncated: true as const } : {}),
      };
      if (utf8Length(JSON.stringify(payload)) <= PERFORMANCE_BUDGET) return payload;
    }
  }
  // Every text in a report is clipped, so one page at the last level always fits; kept as a guard.
  return { pages: [shorten(reports[0] as PageReport, LEVELS[3])], more: left + reports.length - 1, truncated: true };
}
