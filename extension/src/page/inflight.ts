/** Requests remembered at most (a page that starts thousands and never finishes them stays bounded). */
const MAX_TRACKED = 1_000;

/**
 * The page's fetch and XHR requests that have not been recorded yet (settle, docs/mcp-tools.md): an action
 * has settled only when the requests it started are finished and in the capture.
 */
export class Inflight {
  private readonly started = new Map<number, number>();
  private next = 0;

  begin(at: number): number {
    const id = ++this.next;
    this.started.set(id, at);
    if (this.started.size > MAX_TRACKED) this.started.delete(this.started.keys().next().value as number);
    return id;
  }

  end(id: number): void {
    this.started.delete(id);
  }

  /** How many requests started at or after `at` are still open. */
  since(at: number): number {
    let open = 0;
    for (const started of this.started.values()) if (started >= at) open++;
    return open;
  }
}
