/** Resource urls a frame's relay remembers, the oldest going first. */
export const MAX_LOADED = 5_000;
/** Longest resource url remembered (longer ones are still found in the browser's own buffer). */
export const MAX_URL_CHARS = 2_048;
/** Inline `<script>` elements looked at, at most, per question. */
export const MAX_SCRIPTS = 5_000;
/** Characters at the end of an inline script where its `sourceMappingURL` comment is looked for. */
const MAP_COMMENT_TAIL = 4_096;

/**
 * Resource-timing entries of a child frame's document (`initiatorType`): a frame's timeline lists
 * each of its frames' loads, but that document is the child's, not a script of this frame (its
 * inline scripts are the child's relay's to answer for), and reading it would load it again.
 */
const FRAME_DOCUMENTS: ReadonlySet<string> = new Set(['iframe', 'frame']);

/** What a frame shows of what it loaded. */
export interface FrameView {
  /** The `initiatorType` of each entry named `url` in the browser's resource-timing buffer (≤ 250 by default). */
  timed(url: string): readonly string[];
  /** The document's urls (inline scripts' frames name it): now, and as it was loaded. */
  documentUrls(): readonly string[];
  /** Whether an inline `<script>` of the document ends with a `sourceMappingURL` comment. */
  inlineMaps(): boolean;
}

/**
 * Which scripts a frame really loaded (docs/security.md: what the extension fetches for the page is what the
 * page loaded). A stack is the page's text: a frame can name any url, and the extension reads a
 * script and its map only when this frame loaded it: a resource-timing entry (every one since the
 * relay started, `note`, and the browser's buffer), or the document itself (inline scripts) when
 * one of them names a source map. A `<script src>` element is not proof: one a page wrote with
 * `innerHTML` never runs and is never fetched, yet names any url. Anything else is not read at all.
 */
export class LoadedScripts {
  private readonly seen = new Set<string>();

  constructor(private readonly view: FrameView) {}

  /** A resource-timing entry of this frame (a PerformanceObserver sees each, past the buffer's end). */
  note(url: string, initiatorType = 'script'): void {
    if (url.length > MAX_URL_CHARS || this.seen.has(url) || FRAME_DOCUMENTS.has(initiatorType)) return;
    this.seen.add(url);
    if (this.seen.size > MAX_LOADED) this.seen.delete(this.seen.values().next().value as string);
  }

  /** Whether this frame loaded the script at `url` (a stack frame's url, without its position). */
  has(url: string): boolean {
    if (this.seen.has(url) || this.view.timed(url).some((type) => !FRAME_DOCUMENTS.has(type))) return true;
    // The document itself is read again only when one of its inline scripts names a map: a page's
    // inline scripts rarely do, and reading it would fetch the page (or a frame) a second time.
    return this.view.documentUrls().some((page) => page === url || withoutHash(page) === url) && this.view.inlineMaps();
  }
}

function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

/** This frame, as the relay (an isolated world of it) sees it; it starts noting its resources. */
export function watchFrame(): LoadedScripts {
  const loaded = new LoadedScripts({
    timed: (url) =>
      performance.getEntriesByName(url, 'resource').map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    documentUrls: () => [location.href, ...performance.getEntriesByType('navigation').map((entry) => entry.name)],
    inlineMaps: () => {
      let looked = 0;
      for (const script of document.querySelectorAll<HTMLScriptElement>('script:not([src])')) {
        if (looked++ >= MAX_SCRIPTS) break;
        if (script.text.slice(-MAP_COMMENT_TAIL).includes('sourceMappingURL=')) return true;
      }
      return false;
    },
  });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) loaded.note(entry.name, (entry as PerformanceResourceTiming).initiatorType);
    }).observe({ type: 'resource', buffered: true });
  } catch {
    // no resource timing here: the buffer and the document are asked instead
  }
  return loaded;
}
