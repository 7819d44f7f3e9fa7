import type { VitalName } from '../../domain/wire/entries.js';

/**
 * docs/mcp-tools.md list payload of `observe`. Compact lists (docs/mcp-tools.md: errors, logs, network,
 * websocket_events) are a table — `columns` said once, one row of values per entry in that order,
 * a row ending at its last present value (`null` for one absent before it); the others and
 * `detail:"full"` give `entries`, objects with every field.
 */
export interface ListPayload {
  /** `detail:"full"`, `network_bodies`, `vitals`: whole entries. */
  readonly entries?: readonly unknown[];
  /** Compact lists: the names of a row's values, in order (only those some row has). */
  readonly columns?: readonly string[];
  /** Compact lists: one row per entry (a run of identical entries is one row, with `count` and `last_ts`). */
  readonly rows?: ReadonlyArray<readonly unknown[]>;
  /** Entries (rows) in this answer. */
  readonly count: number;
  readonly has_more: boolean;
  readonly cursor: string;
  /** Compact lists: the time (epoch ms) their rows' `ts` and `last_ts` count from (the first row's). */
  readonly ts_base?: number;
  /** Compact lists whose rows all come from one tab say it once, here, instead of in a `tab_id` column. */
  readonly tab_id?: number;
  /** Compact network lists whose urls all share one origin say it once, here; each url then starts with `/`. */
  readonly origin?: string;
  /** Present (true) when the given cursor pointed at evicted entries or at an earlier daemon run. */
  readonly cursor_restarted?: true;
  /** Present (true) when entries were left out to keep the answer under the size budget. */
  readonly truncated?: true;
  /** Values redacted in the returned entries, when any. */
  readonly redacted?: number;
  /** `vitals` only: the latest value of each metric per page url. */
  readonly pages?: ReadonlyArray<{
    url: string;
    tab_id?: number;
    vitals: Partial<Record<VitalName, { value: number; rating?: string; target?: string; ts: number }>>;
  }>;
}
