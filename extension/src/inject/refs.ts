/** Refs a document hands out at most; past it the oldest are forgotten (they become stale). */
const MAX_REFS = 20_000;

/** The shape of a ref as a snapshot prints it: `e` and a number. */
export const REF_PATTERN = /^e[1-9][0-9]{0,8}$/;

/**
 * The refs of one document (docs/mcp-tools.md): a snapshot names each element it shows `e<n>`, the same
 * element keeps its ref across snapshots, and an action can name it until the document goes away
 * (a navigation starts a new registry: its old refs are stale). Held weakly: a ref never keeps a
 * removed element alive.
 */
export class RefRegistry {
  private readonly byElement = new WeakMap<Element, string>();
  private readonly byRef = new Map<string, WeakRef<Element>>();
  private next = 1;

  refFor(element: Element): string {
    let ref = this.byElement.get(element);
    if (ref === undefined) {
      ref = `e${this.next++}`;
      this.byElement.set(element, ref);
      this.byRef.set(ref, new WeakRef(element));
      if (this.byRef.size > MAX_REFS) this.byRef.delete(this.byRef.keys().next().value as string);
    }
    return ref;
  }

  /** The element of `ref` while it is still in its document; undefined when it is stale. */
  resolve(ref: string): Element | undefined {
    const element = this.byRef.get(ref)?.deref();
    return element?.isConnected === true ? element : undefined;
  }
}
