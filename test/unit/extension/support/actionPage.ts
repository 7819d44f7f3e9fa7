import { JSDOM } from 'jsdom';

/** What a test reads back from a page: the events each element heard, in order. */
export interface Heard {
  readonly events: string[];
}

/**
 * A page in jsdom for the extension's page actions, its window standing in for the browser's
 * globals while a test runs (the actions fire events with the page's own constructors and read
 * `document`, `getComputedStyle`, `innerWidth` as globals).
 *
 * jsdom lays nothing out, so this page has a layout of its own: an element's box is its
 * `data-box="x y width height"` (none: an empty box, which counts as not visible), the point
 * (x, y) is on the last element in document order whose box holds it, and scrolling moves
 * nothing. jsdom has no `DataTransfer` or `DragEvent` either: a list of files and an event that
 * carries it stand in for them.
 */
export function actionPage(html: string) {
  // jsdom computes no `opacity` unless a rule sets it (and "" reads as 0): a browser's default is 1.
  const dom = new JSDOM(`<!doctype html><html><head><style>* { opacity: 1 }</style></head><body>${html}</body></html>`, {
    url: 'http://localhost:5173/',
    pretendToBeVisual: true,
  });
  const window = dom.window as unknown as Window & typeof globalThis;
  layOut(window);
  shimTransfer(window);
  const global = globalThis as unknown as Record<string, unknown>;
  const names = [
    'window',
    'document',
    'location',
    'Node',
    'NodeFilter',
    'Element',
    'HTMLElement',
    'HTMLInputElement',
    'HTMLIFrameElement',
    'HTMLFrameElement',
    'ShadowRoot',
    'getComputedStyle',
    'CSS',
    'navigator',
    'MutationObserver',
    'Event',
    'CustomEvent',
    'UIEvent',
    'MouseEvent',
    'PointerEvent',
    'KeyboardEvent',
    'InputEvent',
    'FocusEvent',
    'File',
    'DataTransfer',
    'DragEvent',
    'DOMRect',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'innerWidth',
    'innerHeight',
    'scrollX',
    'scrollY',
    'scrollTo',
  ];
  const saved = new Map<string, PropertyDescriptor | undefined>();
  for (const name of names) {
    saved.set(name, Object.getOwnPropertyDescriptor(global, name));
    if (name === 'scrollX' || name === 'scrollY') {
      // Read where the page is scrolled now, as the browser's globals do.
      Object.defineProperty(global, name, { get: () => (window as unknown as Record<string, number>)[name], configurable: true });
      continue;
    }
    const own = (window as unknown as Record<string, unknown>)[name];
    const value = typeof own === 'function' && /^[a-z]/.test(name) ? own.bind(window) : own;
    Object.defineProperty(global, name, { value, configurable: true, writable: true });
  }
  const document = window.document;
  return {
    window,
    document,
    $: <T extends Element = HTMLElement>(selector: string) => document.querySelector(selector) as unknown as T,
    /** Records the `types` of events `element` hears (its own and bubbled ones) as `type@id`. */
    hear(element: EventTarget, types: readonly string[]): Heard {
      const events: string[] = [];
      for (const type of types) {
        element.addEventListener(type, (event) =>
          events.push(`${type}@${(event.target as Element).id || (event.target as Element).tagName}`),
        );
      }
      return { events };
    },
    close() {
      for (const [name, descriptor] of saved) {
        if (descriptor === undefined) delete global[name];
        else Object.defineProperty(global, name, descriptor);
      }
      window.close();
    },
  };
}

export type ActionPage = ReturnType<typeof actionPage>;

function boxOf(element: Element): DOMRect {
  const view = element.ownerDocument.defaultView as unknown as { DOMRect: typeof DOMRect };
  const [x = 0, y = 0, width = 0, height = 0] = (element.getAttribute('data-box') ?? '').split(/\s+/).filter(Boolean).map(Number);
  return new view.DOMRect(x, y, width, height);
}

function layOut(window: Window & typeof globalThis): void {
  const proto = window.Element.prototype as unknown as Record<string, unknown>;
  proto.getBoundingClientRect = function (this: Element) {
    return boxOf(this);
  };
  proto.getClientRects = function (this: Element) {
    const box = boxOf(this);
    return box.width > 0 && box.height > 0 ? [box] : [];
  };
  proto.scrollIntoView = () => undefined;
  proto.scrollTo = function (this: Element, options: ScrollToOptions) {
    if (typeof options?.left === 'number') this.scrollLeft = options.left;
    if (typeof options?.top === 'number') this.scrollTop = options.top;
  };
  const at = (root: Document | ShadowRoot, x: number, y: number) =>
    [...root.querySelectorAll('[data-box]')].filter((element) => {
      const box = boxOf(element);
      return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
    });
  (window.Document.prototype as unknown as Record<string, unknown>).elementFromPoint = function (
    this: Document,
    x: number,
    y: number,
  ) {
    return at(this, x, y).at(-1) ?? null;
  };
  const shadow = window.ShadowRoot.prototype as unknown as Record<string, unknown>;
  shadow.elementsFromPoint = function (this: ShadowRoot, x: number, y: number) {
    return at(this, x, y).reverse();
  };
  shadow.elementFromPoint = function (this: ShadowRoot, x: number, y: number) {
    return at(this, x, y).at(-1) ?? null;
  };
  window.scrollTo = ((x: number | ScrollToOptions, y?: number) => {
    const left = typeof x === 'object' ? x.left : x;
    const top = typeof x === 'object' ? x.top : y;
    Object.defineProperty(window, 'scrollX', { value: left ?? window.scrollX, configurable: true, writable: true });
    Object.defineProperty(window, 'scrollY', { value: top ?? window.scrollY, configurable: true, writable: true });
  }) as typeof window.scrollTo;
}

function shimTransfer(window: Window & typeof globalThis): void {
  class FakeDataTransfer {
    readonly list: File[] = [];
    readonly items = { add: (file: File) => void this.list.push(file) };
    get files(): FileList {
      const list = [...this.list] as unknown as FileList & File[];
      Object.defineProperty(list, 'item', { value: (i: number) => list[i] ?? null });
      return list;
    }
  }
  class FakeDragEvent extends window.MouseEvent {
    readonly dataTransfer: unknown;
    constructor(type: string, init: MouseEventInit & { dataTransfer?: unknown } = {}) {
      super(type, init);
      this.dataTransfer = init.dataTransfer ?? null;
    }
  }
  Object.assign(window, { DataTransfer: FakeDataTransfer, DragEvent: FakeDragEvent });
  // An input keeps the files it is given (jsdom takes only its own FileList).
  const input = window.HTMLInputElement.prototype;
  const own = new WeakMap<HTMLInputElement, FileList>();
  Object.defineProperty(input, 'files', {
    configurable: true,
    get(this: HTMLInputElement) {
      return own.get(this) ?? null;
    },
    set(this: HTMLInputElement, list: FileList) {
      own.set(this, list);
    },
  });
}
