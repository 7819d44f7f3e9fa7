/** The process's garbage-collected heap, as far as the application may ask anything of it. */
export interface HeapPort {
  /** Runs a full collection now; false when this runtime offers none (nothing was done). */
  collect(): boolean;
}
