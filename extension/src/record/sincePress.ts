/** Changes kept from a press to its naming, at most: past it none is discounted (naming sees the page as it is). */
export const MAX_PRESS_CHANGES = 2_000;

/** The attributes a test's locators read (names, labels, roles, test ids, values). */
const NAMING_ATTRIBUTES = [
  'aria-label',
  'aria-labelledby',
  'title',
  'alt',
  'placeholder',
  'role',
  'value',
  'for',
  'data-testid',
  'data-test',
  'data-cy',
];

/** Whether an element changed (or came) after the press (never asked of the element named). */
export type ChangedSince = (element: Element) => boolean;

/**
 * What the page changed after a person's press, for naming the pressed element as the page was
 * when they pressed it. At machine speed the release and the click come before any task of ours
 * can run (Chromium runs input before timers and messages: measured, 0.2–1.3 ms from press to
 * click, the next task 8 ms later), so the press is named after its click's handlers changed the
 * page: a select that now shows the picked option's text makes the option's `getByText` match
 * twice, though before the press it matched once, where a test will look for it. Elements the
 * page added (not those it only moved), or whose text or naming attributes it changed since the
 * release, are not counted
 * against the pressed one (locators.ts): the page it is named against is then the one a person's
 * press is named against, after the press's own handlers and before the click's. Only a press
 * released before it was named (machine speed) is watched, from its release (a key that presses a
 * control, from its keydown); it costs one `observe` call there (about 4 µs); the records are read
 * when the press is named, in the next task, and the
 * observer is let go once every press noted in that task is named. Changes inside shadow roots
 * are not heard (an observer of the document does not see them): there the page is taken as it is.
 */
export class ChangesSincePress {
  private observer: MutationObserver | undefined;
  private records: MutationRecord[] = [];
  /** Records taken before `records[0]` (a mark is an index in the whole run of records). */
  private base = 0;
  private overflow = false;
  private readonly marks = new Map<Element, number>();

  constructor(private readonly root: Node) {}

  /** Inside the release of a press of `element` not yet named (and of the field a pressed label stands for). */
  pressed(element: Element): void {
    if (this.observer === undefined) {
      this.observer = new MutationObserver((list) => this.keep(list));
      this.observer.observe(this.root, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
        attributeFilter: NAMING_ATTRIBUTES,
      });
    }
    this.marks.set(element, this.base + this.records.length);
  }

  /** For naming `element`: what changed since its press, or `undefined` when it was not pressed (or too much changed). */
  since(element: Element): ChangedSince | undefined {
    const mark = this.marks.get(element);
    if (mark === undefined || this.observer === undefined) return undefined;
    this.keep(this.observer.takeRecords());
    if (this.overflow) return undefined;
    const changes = this.records.slice(mark - this.base);
    if (changes.length === 0) return undefined;
    const moved = movedIn(changes);
    return (other) => changes.some((record) => touched(record, other, moved));
  }

  /** Every press noted so far is named: stop hearing the page until the next one. */
  settled(): void {
    if (this.observer === undefined) return;
    this.observer.disconnect();
    this.observer = undefined;
    this.base += this.records.length;
    this.records = [];
    this.overflow = false;
    this.marks.clear();
  }

  private keep(list: MutationRecord[]): void {
    if (this.overflow) return;
    if (this.records.length + list.length > MAX_PRESS_CHANGES) {
      this.overflow = true;
      this.records = [];
      return;
    }
    for (const record of list) this.records.push(record);
  }
}

/**
 * The nodes the records took out and put back (a library that moves a select's chosen option to
 * the top, Tom Select): they were on the page at the press, so they are not new — what changed
 * inside them still is (their text, their children).
 */
function movedIn(records: readonly MutationRecord[]): ReadonlySet<Node> {
  const removed = new Set<Node>();
  for (const record of records) for (const node of record.removedNodes) removed.add(node);
  const moved = new Set<Node>();
  if (removed.size === 0) return moved;
  for (const record of records) for (const node of record.addedNodes) if (removed.has(node)) moved.add(node);
  return moved;
}

/** The record changed `element`: added it or what holds it, or changed its text, its children or its naming attributes. */
function touched(record: MutationRecord, element: Element, moved: ReadonlySet<Node>): boolean {
  if (record.type === 'attributes') return record.target === element;
  if (element.contains(record.target)) return true;
  for (const added of record.addedNodes) if (!moved.has(added) && added.contains(element)) return true;
  return false;
}
