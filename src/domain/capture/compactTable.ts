import { utf8Length } from '../text/utf8.js';

/**
 * The columns of each compact list (docs/mcp-tools.md), in the order a row holds them: what every entry
 * has first, what few have last, so most rows end early. A `level` past a row's end (or null) is
 * plain `log`.
 */
export const COLUMNS = {
  logs: ['id', 'ts', 'message', 'level', 'at', 'count', 'last_ts', 'source', 'tab_id', 'frame_url'],
  network: ['id', 'ts', 'method', 'url', 'status', 'duration_ms', 'type', 'error', 'count', 'last_ts', 'tab_id', 'frame_url'],
  websocket: [
    'id',
    'ts',
    'event',
    'connection_id',
    'direction',
    'data',
    'size',
    'url',
    'code',
    'reason',
    'count',
    'last_ts',
    'tab_id',
    'frame_url',
  ],
  actions: ['id', 'ts', 'by', 'type', 'locator', 'value', 'key', 'url', 'correlation_id', 'tab_id', 'frame_url'],
  picks: ['id', 'ts', 'note', 'locator', 'component', 'via', 'url', 'correlation_id', 'tab_id', 'frame_url'],
} as const satisfies Record<string, readonly string[]>;

export type ColumnOrder = readonly string[];

/** A compact list as columns said once and one row of values per entry. */
export interface Table {
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<readonly unknown[]>;
}

type Values = Readonly<Record<string, unknown>>;

/**
 * `values` as a table: the columns of `order` that at least one entry has, and each entry's
 * values in that order, ending at its last present value (an absent one before it is `null`).
 */
export function toTable(values: readonly Values[], order: ColumnOrder): Table {
  const columns = order.filter((column) => values.some((value) => value[column] !== undefined));
  return { columns, rows: values.map((value) => rowOf(value, columns)) };
}

/** UTF-8 bytes of `value`'s row with every column of `order` (an upper bound of its row in any table). */
export function rowBytes(value: Values, order: ColumnOrder): number {
  return utf8Length(JSON.stringify(rowOf(value, order)));
}

function rowOf(value: Values, columns: ColumnOrder): unknown[] {
  const row = columns.map((column) => value[column] ?? null);
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}
