import { expect } from 'chai';
import { dragStart, dropTarget } from '../../../extension/src/record/dropTarget.js';
import { withPage } from './support/jsdom.js';

/** Gives the element a box (jsdom lays nothing out). */
function place(element: Element, left: number, top: number, width: number, height: number): void {
  (element as HTMLElement).getBoundingClientRect = () => ({ left, top, width, height }) as DOMRect;
}

describe('extension recording: what a pointer drag was let go on', () => {
  let page: ReturnType<typeof withPage> | undefined;
  afterEach(() => page?.close());

  /** A sortable list of rows 40 px apart, and a trash zone beside it; `under` is what the document says is at a point. */
  function list(under: (x: number, y: number) => Element[] = () => []) {
    page = withPage(
      '<ul id="rows"><li>Apple</li><li>Banana</li><li>Cherry</li><li>Date</li></ul><div id="trash">Trash</div><span id="overlay">Apple</span>',
    );
    const doc = page.document;
    const rows = [...doc.querySelectorAll('li')];
    rows.forEach((row, i) => place(row, 0, i * 40, 200, 36));
    place(doc.getElementById('rows') as Element, 0, 0, 200, 160);
    place(doc.getElementById('trash') as Element, 300, 0, 100, 100);
    (doc as unknown as { elementsFromPoint: (x: number, y: number) => Element[] }).elementsFromPoint = under;
    return { doc, rows };
  }

  it('is the row the person aimed at where it was when the drag began, though the list slid it aside since', () => {
    const { doc, rows } = list();
    const [apple, cherry] = [rows[0] as Element, rows[2] as Element];
    const start = dragStart(apple);
    // The list makes room: the rows slide up under the dragged one, which follows the pointer.
    rows.slice(1).forEach((row, i) => place(row, 0, i * 40, 200, 36));
    place(apple, 0, 96, 200, 36);
    (doc as unknown as { elementsFromPoint: () => Element[] }).elementsFromPoint = () => [
      apple,
      doc.getElementById('rows') as Element,
    ];
    expect(dropTarget(apple, start, 100, 98, 0, 96)).to.equal(cherry);
  });

  it('is a drop zone under the release outside the list, with the dragged row and an overlay that follows the pointer set aside', () => {
    const { doc, rows } = list();
    const apple = rows[0] as Element;
    const start = dragStart(apple);
    const overlay = doc.getElementById('overlay') as Element;
    place(overlay, 340, 30, 200, 36); // where Apple was, moved by the pointer (+340, +30)
    const trash = doc.getElementById('trash') as Element;
    (doc as unknown as { elementsFromPoint: () => Element[] }).elementsFromPoint = () => [overlay, apple, trash, doc.body];
    expect(dropTarget(apple, start, 440, 48, 340, 30)).to.equal(trash);
  });

  it('is nothing when the pointer was let go in the dragged element’s own list or container (a slider’s thumb on its track)', () => {
    const { doc, rows } = list();
    const apple = rows[0] as Element;
    const start = dragStart(apple);
    (doc as unknown as { elementsFromPoint: () => Element[] }).elementsFromPoint = () => [
      apple,
      doc.getElementById('rows') as Element,
      doc.body,
      doc.documentElement,
    ];
    expect(dropTarget(apple, start, 100, 300, 0, 300)).to.equal(undefined);
  });

  it('looks at a bounded number of rows however long the list (a press in a list of 5 000)', () => {
    page = withPage(`<ul>${'<li>row</li>'.repeat(5_000)}</ul>`);
    let read = 0;
    for (const row of page.document.querySelectorAll('li'))
      (row as HTMLElement).getBoundingClientRect = () => (read++, { left: 0, top: 0, width: 1, height: 1 }) as DOMRect;
    dragStart(page.document.querySelectorAll('li')[2_500] as Element);
    expect(read).to.be.at.most(201);
  });
});
