/** Facts about this daemon run, fixed at start. */
export interface DaemonInfo {
  readonly version: string;
  /** Epoch ms. */
  readonly startedAt: number;
  /** A short random id of this run; cursors carry it so a cursor from an earlier run is recognised. */
  readonly runId: string;
}
