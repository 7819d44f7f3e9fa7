import type { VitalName } from '../../domain/capture/entries.js';

/** SPEC 2 list payload of `observe`. */
export interface ListPayload {
  readonly entries: readonly unknown[];
  readonly count: number;
  readonly has_more: boolean;
  readonly cursor: string;
  /** Compact lists: the time (epoch ms) their entries' `ts` and `last_ts` count from. */
  readonly ts_base?: number;
  /** Compact lists whose entries all come from one tab say it once, here, instead of in each entry. */
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
