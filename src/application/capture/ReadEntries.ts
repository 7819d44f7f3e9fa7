import { inject, injectable } from 'inversify';
import type { Page, Sequenced } from '../../domain/buffer/RingBuffer.js';
import type { BufferName, VitalEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { DomainError } from '../../domain/DomainError.js';
import { utf8Length } from '../../domain/text/utf8.js';
import type { CaptureStorePort } from '../ports/CaptureStorePort.js';
import type { ClockPort } from '../ports/ClockPort.js';
import type { DaemonInfo } from '../shared/DaemonInfo.js';
import { fitEntry } from '../shared/fitEntry.js';
import type { Waiters } from '../shared/Waiters.js';
import { TYPES } from '../tokens.js';
import { compactItems, compactList, hasCompactShape, type Item } from './compactList.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { filterFor, LIST_SOURCES, type EntryQuery, type ListWhat } from './entryFilters.js';
import type { ListPayload } from './ListPayload.js';

export interface ReadEntriesInput extends EntryQuery {
  readonly what: ListWhat;
  /** 1–1000, default 100. */
  readonly limit?: number;
  readonly afterCursor?: string | number;
  /** With `afterCursor`: hold the read up to this long (ms, ≤ 25 000) until a newer matching entry arrives. */
  readonly waitMs?: number;
  readonly signal?: AbortSignal;
  /** `compact` (the default): small entries, runs of identical ones folded; `full`: every field (docs/mcp-tools.md). */
  readonly detail?: Detail;
}

export type Detail = 'compact' | 'full';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1_000;
export const MAX_READ_WAIT_MS = 25_000;
/**
 * Bytes of the result kept for what surrounds the entries: the list envelope and a first
 * alert (docs/mcp-tools.md budgets the whole text block; alerts take what the entries leave).
 */
export const ENVELOPE_BYTES = 4_000;

/** UTF-8 size of each stored entry as JSON (entries never change once stored), so reads do not re-serialise them. */
const jsonSizes = new WeakMap<object, number>();

function jsonSize(entry: unknown): number {
  if (typeof entry !== 'object' || entry === null) return utf8Length(JSON.stringify(entry) ?? 'null');
  let size = jsonSizes.get(entry);
  if (size === undefined) {
    size = utf8Length(JSON.stringify(entry));
    jsonSizes.set(entry, size);
  }
  return size;
}

/** Waiters key for "entries were appended to this buffer". */
export const bufferKey = (buffer: string): string => `buffer:${buffer}`;

/**
 * `observe` list reads (docs/mcp-tools.md): newest entries, or entries after a cursor, filtered, within
 * the answer-size budget, optionally held until a newer matching entry arrives.
 * @throws DomainError `invalid_params` for a bad limit, wait or cursor.
 */
@injectable()
export class ReadEntries {
  constructor(
    @inject(TYPES.CaptureStorePort) private readonly store: CaptureStorePort,
    @inject(TYPES.Waiters) private readonly waiters: Waiters,
    @inject(TYPES.ClockPort) private readonly clock: ClockPort,
    @inject(TYPES.DaemonInfo) private readonly daemon: DaemonInfo,
    @inject(TYPES.ResultBudget) private readonly budget: number,
  ) {}

  async execute(input: ReadEntriesInput): Promise<ListPayload> {
    const limit = input.limit ?? DEFAULT_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new DomainError('invalid_params', `limit must be an integer from 1 to ${MAX_LIMIT}, got ${String(limit)}`);
    }
    const waitMs = input.waitMs ?? 0;
    if (!Number.isInteger(waitMs) || waitMs < 0 || waitMs > MAX_READ_WAIT_MS) {
      throw new DomainError('invalid_params', `wait_ms must be an integer from 0 to ${MAX_READ_WAIT_MS}, got ${String(waitMs)}`);
    }
    if (waitMs > 0 && input.afterCursor === undefined) {
      throw new DomainError('invalid_params', 'wait_ms needs after_cursor: it waits for entries newer than the cursor');
    }
    const afterCursor = input.afterCursor === undefined ? undefined : decodeCursor(this.daemon.runId, input.afterCursor);
    const buffer = LIST_SOURCES[input.what];
    const filter = filterFor(input.what, input) as (entry: unknown) => boolean;
    const read = () =>
      this.store.read(buffer, { limit, filter, ...(afterCursor === undefined ? {} : { afterCursor }) }) as Page<unknown>;

    let page = read();
    const until = this.clock.now() + waitMs;
    while (page.entries.length === 0 && waitMs > 0) {
      const remaining = until - this.clock.now();
      if (remaining <= 0) break;
      const outcome = await this.waiters.wait(bufferKey(buffer), remaining, input.signal);
      if (outcome === 'aborted' || outcome === 'closed') break;
      page = read();
    }
    return this.present(input.what, page, afterCursor !== undefined, input.detail ?? 'compact');
  }

  private present(what: ListWhat, page: Page<unknown>, afterCursor: boolean, detail: Detail): ListPayload {
    const buffer = LIST_SOURCES[what];
    const compact = detail === 'compact' && hasCompactShape(what);
    const items = compact ? compactItems(what, page.entries) : fullItems(buffer, page.entries);
    // Vitals also carry a per-page summary that can repeat each entry's url: half the room each.
    const room = (this.budget - ENVELOPE_BYTES) / (what === 'vitals' ? 2 : 1);
    const { kept, trimmed } = fit(items, afterCursor, room);
    const lastKept = afterCursor ? kept.at(-1) : undefined;
    const cursorSeq = trimmed && lastKept !== undefined ? lastKept.lastSeq : page.cursor;
    const values = kept.map((item) => item.value);
    const redacted = kept.reduce((sum, item) => sum + item.redacted, 0);
    const { columns, rows, ...shared } = compact ? compactList(what, values) : { columns: undefined, rows: undefined };
    return {
      ...(compact ? { columns, rows } : { entries: values }),
      count: values.length,
      has_more: page.hasMore || trimmed,
      cursor: encodeCursor(this.daemon.runId, cursorSeq),
      ...shared,
      ...(page.cursorRestarted ? { cursor_restarted: true as const } : {}),
      ...(trimmed ? { truncated: true as const } : {}),
      ...(redacted > 0 ? { redacted } : {}),
      ...(what === 'vitals' ? { pages: summarise(values as VitalEntry[]) } : {}),
    };
  }
}

/** Full entries, each with its id first. */
function fullItems(buffer: BufferName, entries: ReadonlyArray<Sequenced<unknown>>): Item[] {
  return entries.map((e) => {
    const id = entryId(buffer, e.seq);
    return {
      value: { id, ...(e.value as object) },
      size: jsonSize(e.value) + id.length + ID_KEY_BYTES,
      lastSeq: e.seq,
      redacted: (e.value as { redacted?: number }).redacted ?? 0,
    };
  });
}

/** `"id":"",` around an id. */
const ID_KEY_BYTES = 8;

/** Keeps items within `room` bytes: the newest ones for a plain read, the oldest after a cursor. */
function fit(items: readonly Item[], afterCursor: boolean, room: number): { kept: Item[]; trimmed: boolean } {
  const kept: Item[] = [];
  let used = 0;
  // Oldest first after a cursor, else newest first (by index: no reversed copy of the items).
  for (let i = 0; i < items.length; i++) {
    const item = items[afterCursor ? i : items.length - 1 - i] as Item;
    if (kept.length === 0 && item.size > room) {
      // One entry larger than a whole result: it comes cut, so the read moves on past it.
      kept.push({ ...item, value: fitEntry(item.value, item.size, room) });
      break;
    }
    used += item.size + 1;
    if (used > room) break;
    kept.push(item);
  }
  const trimmed = kept.length < items.length;
  return { kept: afterCursor ? kept : kept.reverse(), trimmed };
}

function summarise(entries: readonly VitalEntry[]): NonNullable<ListPayload['pages']> {
  const pages = new Map<
    string,
    { url: string; tab_id?: number; vitals: Record<string, { value: number; rating?: string; target?: string; ts: number }> }
  >();
  for (const e of entries) {
    const page = pages.get(e.url) ?? { url: e.url, ...(e.tab_id === undefined ? {} : { tab_id: e.tab_id }), vitals: {} };
    page.vitals[e.name] = {
      value: e.value,
      ...(e.rating === undefined ? {} : { rating: e.rating }),
      ...(e.target === undefined ? {} : { target: e.target }),
      ts: e.ts,
    };
    pages.set(e.url, page);
  }
  return [...pages.values()];
}
