import type { Sequenced } from '../../domain/buffer/RingBuffer.js';
import {
  collapseRuns,
  compactAction,
  compactLog,
  compactNetwork,
  compactWebSocket,
  sameness,
  type CompactAction,
  type CompactLog,
  type CompactNetwork,
  type CompactWebSocket,
} from '../../domain/capture/compact.js';
import { pickRow, type PickRow } from '../../domain/capture/compactPick.js';
import { COLUMNS, rowBytes, toTable, type ColumnOrder, type Table } from '../../domain/capture/compactTable.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { LIST_SOURCES, type ListWhat } from './entryFilters.js';

/** One entry of an answer (a run of entries, when compact) with what fitting and cursors need. */
export interface Item {
  readonly value: unknown;
  /** UTF-8 bytes it takes in the answer (at most). */
  readonly size: number;
  /** Sequence number of the last stored entry it stands for. */
  readonly lastSeq: number;
  readonly redacted: number;
}

/** A compact list (docs/mcp-tools.md): the table, and what its rows share said once. */
export interface CompactList extends Table {
  /** The time (epoch ms) the rows' `ts` and `last_ts` count from: the first row's. */
  readonly ts_base?: number;
  /** The tab every row is from, when they share one (the `tab_id` column is then left out). */
  readonly tab_id?: number;
  /** Network: the origin every url shares (each url then starts with `/`). */
  readonly origin?: string;
}

type Compactor = (entry: never, id: string) => CompactLog | CompactNetwork | CompactWebSocket | CompactAction | PickRow;

/** The compact shape of each list that has one, and its columns (docs/mcp-tools.md). */
const COMPACTS: Partial<Record<ListWhat, { readonly compactor: Compactor; readonly columns: ColumnOrder }>> = {
  errors: { compactor: compactLog, columns: COLUMNS.logs },
  logs: { compactor: compactLog, columns: COLUMNS.logs },
  network: { compactor: compactNetwork, columns: COLUMNS.network },
  websocket_events: { compactor: compactWebSocket, columns: COLUMNS.websocket },
  actions: { compactor: compactAction, columns: COLUMNS.actions },
  picks: { compactor: pickRow, columns: COLUMNS.picks },
};

export function hasCompactShape(what: ListWhat): boolean {
  return COMPACTS[what] !== undefined;
}

/** A stored entry's compact form, what makes two of them the same, and its row's size. */
interface Compacted {
  readonly value: CompactLog | CompactNetwork | CompactWebSocket | CompactAction | PickRow;
  readonly key: string;
  readonly size: number;
}

/**
 * Each stored entry's compact form, made at its first read: stored entries never change, and a
 * list read (the most frequent call) otherwise made them again, and serialised each row to size
 * it, at every call. Weakly held: an evicted entry takes its compact form with it.
 */
const compacted = new WeakMap<object, Compacted>();

function compactedOf(what: ListWhat, entry: Sequenced<unknown>): Compacted {
  const stored = entry.value as object;
  let found = compacted.get(stored);
  if (found === undefined) {
    const { compactor, columns } = COMPACTS[what] as NonNullable<(typeof COMPACTS)[ListWhat]>;
    const value = compactor(stored as never, entryId(LIST_SOURCES[what], entry.seq));
    const key = what === 'actions' || what === 'picks' ? '' : sameness(value as CompactLog | CompactNetwork | CompactWebSocket);
    found = { value, key, size: rowBytes(value as unknown as Record<string, unknown>, columns) };
    compacted.set(stored, found);
  }
  return found;
}

/** Stored entries as compact items, runs of identical ones folded (`count`, `last_ts`), each sized as its row. */
export function compactItems(what: ListWhat, entries: ReadonlyArray<Sequenced<unknown>>): Item[] {
  const { columns } = COMPACTS[what] as NonNullable<(typeof COMPACTS)[ListWhat]>;
  const small = entries.map((entry) => compactedOf(what, entry));
  const item = (value: unknown, first: number, last: number): Item => {
    let redacted = 0;
    for (let i = first; i <= last; i++) redacted += (entries[i]?.value as { redacted?: number }).redacted ?? 0;
    return {
      value,
      size: first === last ? (small[first] as Compacted).size : rowBytes(value as Record<string, unknown>, columns),
      lastSeq: (entries[last] as Sequenced<unknown>).seq,
      redacted,
    };
  };
  // Each action is a step of its own (a reproduction names it by id), each pick the person's own word: never folded.
  if (what === 'actions' || what === 'picks') return small.map((compact, i) => item(compact.value, i, i));
  return collapseRuns(
    small.map((compact) => compact.value as CompactLog | CompactNetwork | CompactWebSocket),
    (_value, i) => (small[i] as Compacted).key,
    item,
  );
}

/**
 * The kept compact items as a table: `ts` and `last_ts` in ms after the first row's time, the
 * tab and (network) the origin they all share said once instead of in every row.
 */
export function compactList(what: ListWhat, values: readonly unknown[]): CompactList {
  const { columns: order } = COMPACTS[what] as NonNullable<(typeof COMPACTS)[ListWhat]>;
  const tab = sharedTab(values);
  const tsBase = (values[0] as { ts?: number } | undefined)?.ts;
  const origin = what === 'network' || what === 'actions' || what === 'picks' ? sharedOrigin(values) : undefined;
  const shared = {
    ...(tsBase === undefined ? {} : { ts_base: tsBase }),
    ...(tab === undefined ? {} : { tab_id: tab }),
    ...(origin === undefined ? {} : { origin }),
  };
  if (what === 'actions' || what === 'picks') {
    const rows = values.map((value) => relative(value, tsBase ?? 0, tab, origin));
    return { ...toTable(urlWhereItChanges(rows), order), ...shared };
  }
  // The rows straight from the compact entries (the same table as toTable of `relative` rows).
  const entries = values as ReadonlyArray<Record<string, unknown>>;
  const columns = order.filter(
    (column) => (column !== 'tab_id' || tab === undefined) && entries.some((entry) => entry[column] !== undefined),
  );
  const base = tsBase ?? 0;
  const cell = (entry: Record<string, unknown>, column: string): unknown => {
    const value = entry[column];
    if (value === undefined) return null;
    if (column === 'ts' || column === 'last_ts') return (value as number) - base;
    if (column === 'url' && origin !== undefined) return (value as string).slice(origin.length) || '/';
    return value;
  };
  // A row ends at its last value (no trailing nulls: a value missing or null), made as long as it ends up, with no
  // closure per row. A slice of the columns, then overwritten: a packed array (`new Array(n)`
  // is holey, and JSON.stringify takes a slower path over holey arrays: ≈ 15 % on a list).
  const rows = entries.map((entry) => {
    let length = columns.length;
    while (length > 0 && (entry[columns[length - 1] as string] ?? null) === null) length--;
    const row: unknown[] = columns.slice(0, length);
    for (let i = 0; i < length; i++) row[i] = cell(entry, columns[i] as string);
    return row;
  });
  return { columns, rows, ...shared };
}

/** The tab every compact entry is from, when they share one (one entry too: a column would cost more). */
function sharedTab(values: readonly unknown[]): number | undefined {
  if (values.length === 0) return undefined;
  const first = (values[0] as { tab_id?: number }).tab_id;
  if (first === undefined) return undefined;
  return values.every((value) => (value as { tab_id?: number }).tab_id === first) ? first : undefined;
}

/** The `scheme://host[:port]` every compact request's url starts with, when they share one. */
function sharedOrigin(values: readonly unknown[]): string | undefined {
  if (values.length < 2) return undefined;
  const first = (values[0] as { url: string }).url;
  const match = /^https?:\/\/[^/?#]{1,255}/.exec(first.slice(0, 300));
  if (match === null) return undefined;
  const origin = match[0];
  const within = (url: string) => url.startsWith(origin) && '/?#'.includes(url.charAt(origin.length) || '/');
  return values.every((value) => within((value as { url: string }).url)) ? origin : undefined;
}

/** Actions and picks say their page's url on the first row of each tab and where it changes, not on every row. */
function urlWhereItChanges(rows: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  const last = new Map<unknown, unknown>();
  return rows.map((row) => {
    const tab = row.tab_id;
    const same = last.has(tab) && last.get(tab) === row.url;
    last.set(tab, row.url);
    if (!same) return row;
    const { url: _url, ...rest } = row;
    return rest;
  });
}

/** A compact entry's values as listed: times after `tsBase`, without the shared tab, a url without the shared origin. */
function relative(value: unknown, tsBase: number, sharedTab: number | undefined, origin?: string): Record<string, unknown> {
  const { ts, last_ts, tab_id, ...rest } = value as { ts: number; last_ts?: number; tab_id?: number; url?: string };
  if (origin !== undefined && rest.url !== undefined) rest.url = rest.url.slice(origin.length) || '/';
  return {
    ...rest,
    ts: ts - tsBase,
    ...(last_ts === undefined ? {} : { last_ts: last_ts - tsBase }),
    ...(tab_id === undefined || sharedTab !== undefined ? {} : { tab_id }),
  };
}
