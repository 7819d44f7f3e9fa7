/** Cancels a scheduled task; calling it after the task ran, or twice, does nothing. */
export type Cancel = () => void;

/** Time, as the application sees it. Every timeout in browsertap goes through this port. */
export interface ClockPort {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Runs `task` once after `delayMs` milliseconds (0 or more). */
  schedule(delayMs: number, task: () => void): Cancel;
  /** A monotonic reading in milliseconds (fractional) for timing work; only differences mean anything. */
  monotonic(): number;
}
