/**
 * Fields that were password inputs at some moment while the page was recorded. They stay secret
 * for as long as they exist: a show-password button turns the field into `type=text`, often
 * while the person is still in it (an eye button that keeps the focus with `preventDefault` on
 * mousedown), and what they typed is the same password. A WeakSet: the page's own fields, never
 * kept past their life.
 */
const wasPassword = new WeakSet<Element>();
/** Documents and shadow roots watched, and the observer that watches them (one per frame). */
let watched = new WeakSet<Node>();
let observer: MutationObserver | undefined;

/** Whether the element is, or was at any moment seen, a password input. */
export function wasPasswordField(element: Element): boolean {
  return wasPassword.has(element) || isPassword(element);
}

/**
 * A person's input reached the field: remember it if it is a password input now, and watch its
 * shadow root (the document's observer does not see into it) for a later switch of type.
 */
export function notePasswordField(element: Element): void {
  if (isPassword(element)) wasPassword.add(element);
  const root = element.getRootNode();
  if (observer !== undefined && root !== element.ownerDocument && !watched.has(root)) watch(root);
}

/**
 * Watches `document` while recording: an input whose `type` leaves `password` (the show-password
 * button) is remembered at once, before the page can do anything else with it. Only changes of the
 * `type` attribute are delivered, so the page pays nothing for its other mutations. Returns the stop.
 */
export function watchPasswordFields(document: Document): () => void {
  observer?.disconnect();
  watched = new WeakSet();
  observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.target.nodeName === 'INPUT' && (record.oldValue ?? '').trim().toLowerCase() === 'password') {
        wasPassword.add(record.target as Element);
      }
    }
  });
  watch(document);
  return () => {
    observer?.disconnect();
    observer = undefined;
  };
}

function watch(root: Node): void {
  watched.add(root);
  observer?.observe(root, { subtree: true, attributes: true, attributeFilter: ['type'], attributeOldValue: true });
}

function isPassword(element: Element): boolean {
  return element.nodeName === 'INPUT' && (element as HTMLInputElement).type === 'password';
}
