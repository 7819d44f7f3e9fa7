/**
 * A request the bridge may drop before its answer: the client cancelled it, or the bridge is
 * closing. A flag and one callback, where an `AbortController` on every call (its signal's
 * creation and its EventTarget listeners) was a tenth of the bridge's own time per call.
 */
export class Drop {
  private done = false;
  private onDrop: (() => void) | undefined;

  get dropped(): boolean {
    return this.done;
  }

  /** Drops the request: the callback waiting on it, if any, runs now. Once; later calls do nothing. */
  drop(): void {
    if (this.done) return;
    this.done = true;
    const onDrop = this.onDrop;
    this.onDrop = undefined;
    onDrop?.();
  }

  /** Runs `fn` when the request is dropped (at once if it was). Returns the way to forget `fn`. */
  whenDropped(fn: () => void): () => void {
    if (this.done) {
      fn();
      return () => undefined;
    }
    this.onDrop = fn;
    return () => {
      if (this.onDrop === fn) this.onDrop = undefined;
    };
  }
}
