import { inject, injectable } from 'inversify';
import type { Page, Sequenced } from '../../domain/buffer/RingBuffer.js';
import type { ActionEntry, LogEntry, NetworkEntry, PickEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { isError, isFailedRequest } from '../../domain/capture/levels.js';
import type { CorrelationTracker } from '../../domain/command/CorrelationTracker.js';
import { DomainError } from '../../domain/DomainError.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { DaemonInfo } from '../shared/DaemonInfo.js';
import { TYPES } from '../tokens.js';
import { CAUSE_WINDOW_MS, causesOfStored, isDialogLog } from './actionCauses.js';
import { findEntry } from './findEntry.js';
import { DEFAULT_LIMIT, ENVELOPE_BYTES, MAX_LIMIT } from './ReadEntries.js';
import {
  actionItem,
  byTime,
  logItem,
  pickItem,
  requestItem,
  rowOf,
  sharedOrigin,
  TIMELINE_COLUMNS,
  type TimelineItem,
} from './timelineRows.js';

export interface ReadTimelineInput {
  /** Any entry id: the story up to it (its tab's 10 actions before it) and the 2 s after it. */
  readonly around?: string;
  /** A timeline cursor: only what was captured after it. */
  readonly afterCursor?: string;
  readonly tabId?: number;
  /** Rows at most (1–1000); given, the answer may grow past `TIMELINE_BUDGET` up to the result budget. */
  readonly limit?: number;
}

/** Largest timeline when no `limit` is given, in bytes of JSON (docs/mcp-tools.md). */
export const TIMELINE_BUDGET = 4_000;
/** Actions before `around`'s entry that the story starts from (docs/mcp-tools.md). */
export const ACTIONS_BEFORE = 10;
/** Text lengths tried, longest first, until every row fits; past the last, the farthest rows go. */
const TEXT_CHARS = [200, 120, 80] as const;

type Cursor = { actions: number; logs: number; network: number; picks: number };
const BUFFERS = ['actions', 'logs', 'network', 'picks'] as const;

/**
 * `observe {what:"timeline"}` (docs/mcp-tools.md): one chronological, compact story of a tab's
 * navigations and actions, what the person pointed at, the errors, dialogs and failed requests, and the requests each
 * action started, each action with the ids it `caused` (actionCauses.ts: the `effects` rule).
 * `around` answers "what did the person do before this?"; `after_cursor` reads on. Work is
 * bounded by the buffers' capacities.
 * @throws DomainError `invalid_params` for a malformed id, cursor or limit, or `around` with
 * `after_cursor`; `unknown_entry` / `entry_evicted` for an `around` id not held.
 */
@injectable()
export class ReadTimeline {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.CorrelationTracker) private readonly commands: CorrelationTracker,
    @inject(TYPES.DaemonInfo) private readonly daemon: DaemonInfo,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  execute(input: ReadTimelineInput): object {
    const limit = input.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new DomainError('invalid_params', `limit must be an integer from 1 to ${MAX_LIMIT}, got ${String(limit)}`);
    }
    if (input.around !== undefined && input.afterCursor !== undefined) {
      throw new DomainError(
        'invalid_params',
        'around and after_cursor do not go together: around reads the story up to an entry',
      );
    }
    const target = input.around === undefined ? undefined : findEntry(this.store, input.around);
    const since = input.afterCursor === undefined ? undefined : this.decode(input.afterCursor);
    const tab = target === undefined ? input.tabId : (target.entry as { tab_id?: number }).tab_id;
    if (target !== undefined && input.tabId !== undefined && input.tabId !== tab) {
      throw new DomainError('invalid_params', `entry ${input.around} is not from tab ${input.tabId}`);
    }
    const inTab = (e: { tab_id?: number }) => (target === undefined && tab === undefined) || e.tab_id === tab;
    const all = <B extends (typeof BUFFERS)[number]>(buffer: B) =>
      this.store.read(buffer, { limit: Number.MAX_SAFE_INTEGER, afterCursor: 0, filter: inTab as never });
    const actions = all('actions') as Page<ActionEntry>;
    const logs = all('logs') as Page<LogEntry>;
    const network = all('network') as Page<NetworkEntry>;
    const picks = all('picks') as Page<PickEntry>;

    const causes = causesOfStored(actions.entries, logs.entries, network.entries, (id) => this.commands.finishedAt(id));
    const caused = new Set([...causes.values()].flat());
    let items = [
      ...storyItems(actions.entries, logs.entries, network.entries, causes, caused),
      ...picks.entries.map(pickItem),
    ].sort(byTime);
    let restarted = since?.restarted === true;
    if (since !== undefined) {
      for (const buffer of BUFFERS)
        restarted ||= this.store.read(buffer, { limit: 1, afterCursor: since.cursor[buffer] }).cursorRestarted;
      items = items.filter((item) => item.seq > since.cursor[item.buffer]);
    }
    if (target !== undefined) items = around(items, target, input.around as string, logs, network);
    const room = input.limit === undefined ? TIMELINE_BUDGET : this.budget - ENVELOPE_BYTES;
    const fitted = fit(items, {
      limit,
      room,
      drop: since === undefined ? 'oldest' : 'newest',
      ...(input.around === undefined ? {} : { keep: input.around }),
    });
    const kept = fitted.rows;
    const trimmed = kept.length < items.length;
    const cursor = this.cursorAfter(fitted.items, trimmed && since !== undefined, since?.cursor, {
      actions: actions.cursor,
      logs: logs.cursor,
      network: network.cursor,
      picks: picks.cursor,
    });
    return {
      columns: TIMELINE_COLUMNS.slice(0, Math.max(0, ...kept.map((row) => row.length))),
      rows: kept,
      count: kept.length,
      has_more: trimmed,
      cursor,
      ...(fitted.tsBase === undefined ? {} : { ts_base: fitted.tsBase }),
      ...(fitted.tab === undefined ? {} : { tab_id: fitted.tab }),
      ...(fitted.origin === undefined ? {} : { origin: fitted.origin }),
      ...(input.around === undefined ? {} : { around: input.around }),
      ...(restarted ? { cursor_restarted: true } : {}),
      ...(fitted.chars < TEXT_CHARS[0] ? { shortened: fitted.chars } : {}),
    };
  }

  /** After a trimmed read on: just past the last row kept in each buffer; else past everything read. */
  private cursorAfter(items: readonly TimelineItem[], trimmed: boolean, from: Cursor | undefined, newest: Cursor): string {
    const at = { ...newest };
    if (trimmed) {
      for (const buffer of BUFFERS) {
        const last = items.filter((item) => item.buffer === buffer).at(-1);
        at[buffer] = last?.seq ?? from?.[buffer] ?? 0;
      }
    }
    return `${this.daemon.runId}.${at.actions}.${at.logs}.${at.network}.${at.picks}`;
  }

  /** A cursor of this daemon run: actions, logs, network and picks positions (one without picks, from before them: 0). */
  private decode(cursor: string): { cursor: Cursor; restarted: boolean } {
    const match = /^([A-Za-z0-9]{1,16})\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})(?:\.(\d{1,15}))?$/.exec(cursor);
    if (match === null) {
      throw new DomainError(
        'invalid_params',
        `after_cursor '${cursor.slice(0, 40)}' is not a cursor returned by observe timeline`,
      );
    }
    if (match[1] !== this.daemon.runId) return { cursor: { actions: 0, logs: 0, network: 0, picks: 0 }, restarted: true };
    return {
      cursor: { actions: Number(match[2]), logs: Number(match[3]), network: Number(match[4]), picks: Number(match[5] ?? 0) },
      restarted: false,
    };
  }
}

/** Every row of the story: actions, errors, dialogs, failed requests and the requests actions caused. */
function storyItems(
  actions: ReadonlyArray<Sequenced<ActionEntry>>,
  logs: ReadonlyArray<Sequenced<LogEntry>>,
  network: ReadonlyArray<Sequenced<NetworkEntry>>,
  causes: ReadonlyMap<string, string[]>,
  caused: ReadonlySet<string>,
): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (const action of actions) items.push(actionItem(action, causes.get(entryId('actions', action.seq)) ?? []));
  for (const log of logs) if (isError(log.value) || isDialogLog(log.value)) items.push(logItem(log));
  for (const request of network)
    if (isFailedRequest(request.value) || caused.has(entryId('network', request.seq))) items.push(requestItem(request));
  return items.sort(byTime);
}

/**
 * The story up to `target`: from its tab's `ACTIONS_BEFORE` actions before it to 2 s after it,
 * the target always among the rows (even a plain log or a request that went well).
 */
function around(
  items: readonly TimelineItem[],
  target: ReturnType<typeof findEntry>,
  id: string,
  logs: Page<LogEntry>,
  network: Page<NetworkEntry>,
): TimelineItem[] {
  const ts = (target.entry as { ts: number }).ts;
  const own =
    items.find((item) => item.id === id) ??
    (target.buffer === 'logs'
      ? logs.entries.filter((e) => e.seq === target.seq).map(logItem)[0]
      : target.buffer === 'network'
        ? network.entries.filter((e) => e.seq === target.seq).map(requestItem)[0]
        : otherItem(target, id));
  const ordered = [...items.filter((item) => item.id !== id), own as TimelineItem].sort(byTime);
  const at = ordered.indexOf(own as TimelineItem);
  const actionsBefore = ordered.flatMap((item, i) => (i < at && item.kind === 'action' ? [i] : []));
  const start = actionsBefore.slice(-ACTIONS_BEFORE)[0] ?? at;
  return ordered.filter((item, i) => i >= start && (i <= at || item.ts <= ts + CAUSE_WINDOW_MS));
}

/** A websocket event, vital or body named by `around`: a row saying only what it is. */
function otherItem(target: ReturnType<typeof findEntry>, id: string): TimelineItem {
  const entry = target.entry as { ts: number; tab_id?: number; url?: string; event?: string; name?: string };
  const text = [target.buffer, entry.event ?? entry.name, entry.url].filter((part) => part !== undefined).join(' ');
  return {
    id,
    ts: entry.ts,
    buffer: 'logs',
    seq: target.seq,
    kind: 'log',
    what: (chars) => text.slice(0, chars),
    urls: [],
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
  };
}

interface Fitted {
  readonly rows: unknown[][];
  readonly items: TimelineItem[];
  readonly chars: number;
  readonly tsBase?: number;
  readonly tab?: number;
  readonly origin?: string;
}

interface FitRules {
  readonly limit: number;
  readonly room: number;
  /** Which end rows leave from: the oldest for a plain read or `around`, the newest after a cursor. */
  readonly drop: 'oldest' | 'newest';
  /** `around`'s target: never left out. */
  readonly keep?: string;
}

/**
 * At most `limit` rows within `room` bytes: texts shortened first (`TEXT_CHARS`), then rows
 * left out from the far end. Linear in the rows, plus a few renders of the kept ones.
 */
function fit(items: readonly TimelineItem[], rules: FitRules): Fitted {
  let kept = leaveOut(items, items.length - rules.limit, rules);
  for (const chars of TEXT_CHARS) {
    const fitted = render(kept, chars);
    if (sizeOf(fitted) <= rules.room) return fitted;
  }
  const chars = TEXT_CHARS[TEXT_CHARS.length - 1] as number;
  const sizes = render(kept, chars).rows.map((row) => utf8Length(JSON.stringify(row)) + 1);
  let total = sizes.reduce((sum, size) => sum + size, ENVELOPE_OVERHEAD);
  const order = removalOrder(kept, rules);
  let removed = 0;
  while (total > rules.room && removed < order.length) total -= sizes[order[removed++] as number] as number;
  for (;;) {
    const gone = new Set(order.slice(0, removed));
    const fitted = render(
      kept.filter((_, i) => !gone.has(i)),
      chars,
    );
    if (sizeOf(fitted) <= rules.room || removed >= order.length) return fitted;
    removed++;
  }
}

/** `items` without `count` of them, taken from the far end (never `keep`). */
function leaveOut(items: readonly TimelineItem[], count: number, rules: FitRules): TimelineItem[] {
  if (count <= 0) return [...items];
  const gone = new Set(removalOrder(items, rules).slice(0, count));
  return items.filter((_, i) => !gone.has(i));
}

/** Indexes of `items` in the order they leave. */
function removalOrder(items: readonly TimelineItem[], rules: FitRules): number[] {
  const indexes = items.map((_, i) => i).filter((i) => items[i]?.id !== rules.keep);
  return rules.drop === 'newest' ? indexes.reverse() : indexes;
}

function sizeOf(fitted: Fitted): number {
  return fitted.rows.reduce((sum, row) => sum + utf8Length(JSON.stringify(row)) + 1, ENVELOPE_OVERHEAD);
}

/** Bytes of what surrounds the rows (columns, count, cursor, ts_base, tab, origin). */
const ENVELOPE_OVERHEAD = 300;

function render(items: readonly TimelineItem[], chars: number): Fitted {
  const tsBase = items[0]?.ts;
  const tab = items[0]?.tab_id;
  const sharedTab = items.length > 0 && tab !== undefined && items.every((item) => item.tab_id === tab);
  const origin = sharedOrigin(items.flatMap((item) => item.urls));
  const rows = items.map((item) =>
    rowOf(item, { chars, tsBase: tsBase ?? 0, sharedTab, ...(origin === undefined ? {} : { origin }) }),
  );
  return {
    rows,
    items: [...items],
    chars,
    ...(tsBase === undefined ? {} : { tsBase }),
    ...(sharedTab ? { tab } : {}),
    ...(origin === undefined ? {} : { origin }),
  };
}
