import type { RequestType } from '../../../src/domain/wire/entries.js';
import type { NetworkWire } from '../shared/protocol.js';
import { reportMixedContent, scrub } from './networkCommon.js';
import type { PageBus } from './PageBus.js';

const BY_EXTENSION: ReadonlyArray<[RegExp, RequestType]> = [
  [/\.css$/i, 'stylesheet'],
  [/\.(?:m?js|jsx|tsx?|vue|svelte)$/i, 'script'],
  [/\.(?:woff2?|ttf|otf|eot)$/i, 'font'],
  [/\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp)$/i, 'image'],
  [/\.(?:mp4|webm|ogg|mp3|wav|m4a|m3u8|vtt)$/i, 'media'],
];

/** A resource's type, as Chrome's network panel groups it, from its initiator and its path. */
export function resourceType(initiatorType: string, url: string): RequestType {
  switch (initiatorType) {
    case 'navigation':
    case 'iframe':
    case 'frame':
      return 'document';
    case 'script':
      return 'script';
    case 'img':
    case 'image':
    case 'input':
      return 'image';
    case 'video':
    case 'audio':
    case 'track':
      return 'media';
    default: {
      let path = url;
      try {
        path = new URL(url).pathname;
      } catch {
        // not a url: matched as it is
      }
      return BY_EXTENSION.find(([pattern]) => pattern.test(path))?.[1] ?? 'other';
    }
  }
}

type Timing = PerformanceResourceTiming & { responseStatus?: number };

/**
 * Every request of the page that fetch and XHR hooks do not see (docs/extension.md): the document, scripts
 * and module imports, stylesheets, images, fonts, media, from Resource Timing — with the real
 * HTTP status (`responseStatus`), duration and size. A resource whose status the browser hides
 * (cross-origin without CORS) is listed only when it fails to load (then from the element's
 * error event, status 0). `failed(element, url)` is that error event's path.
 */
export class Resources {
  private readonly reported = new WeakSet<PerformanceEntry>();

  constructor(private readonly bus: PageBus) {}

  observe(): void {
    for (const type of ['navigation', 'resource']) {
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) this.timing(entry as Timing);
        }).observe({ type, buffered: true });
      } catch {
        // an entry type this browser does not support
      }
    }
  }

  /** An element (img, script, link…) failed to load `url`: its timing gives the status, if any. */
  failed(tag: string, url: string): void {
    const last = (performance.getEntriesByName(url, 'resource') as Timing[]).at(-1);
    if (last !== undefined && (last.responseStatus ?? 0) > 0) {
      this.timing(last, `failed to load <${tag}>`); // nothing more if its timing was reported already
      return;
    }
    const entry: NetworkWire = {
      url: scrub.url(url),
      method: 'GET',
      status: 0,
      duration_ms: last === undefined ? 0 : round(last.duration),
      ts: Date.now(),
      type: resourceType(tag, url),
      error: `failed to load <${tag}>`,
      initiator: tag,
    };
    if (last !== undefined) this.reported.add(last);
    this.bus.add('network', entry, true);
    if (tag === 'script' || tag === 'link')
      reportMixedContent(this.bus, tag === 'script' ? 'script' : 'stylesheet', entry.url, entry.ts);
  }

  private timing(entry: Timing, error?: string): void {
    if (this.reported.has(entry)) return;
    const initiator = entry.entryType === 'navigation' ? 'navigation' : entry.initiatorType;
    if (initiator === 'fetch' || initiator === 'xmlhttprequest' || !/^https?:/i.test(entry.name)) return;
    const status = entry.responseStatus ?? 0;
    if (status === 0 && error === undefined) return; // hidden (cross-origin) or failed: the error event says which
    this.reported.add(entry);
    const size = entry.transferSize > 0 ? entry.transferSize : entry.encodedBodySize;
    const wire: NetworkWire = {
      url: scrub.url(entry.name),
      method: 'GET',
      status,
      duration_ms: round(entry.duration),
      ts: Math.round(performance.timeOrigin + entry.startTime),
      type: resourceType(initiator, entry.name),
      ...(size > 0 ? { size } : {}),
      ...(error === undefined ? {} : { error }),
      initiator,
    };
    this.bus.add('network', wire, status >= 400 || error !== undefined);
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
