import { CAPS } from '../../../src/domain/wire/caps.js';
import type { NetworkWire } from '../shared/protocol.js';
import { absoluteUrl, describeBody, headersObject, isTextual, readCapped, reportMixedContent, scrub } from './networkCommon.js';
import type { Inflight } from './inflight.js';
import type { PageBus } from './PageBus.js';
import { callSite } from './serialize.js';

/**
 * Records every `fetch`: method, url, status, duration to the response, headers, and text bodies
 * up to 16 KB (read from a clone, after the page already has its response); a rejected fetch is
 * status 0 with the error. Everything is redacted before it leaves the page.
 */
export function hookFetch(bus: PageBus, now: () => number, inflight: Inflight, ownMarker = OWN_FRAMES): void {
  const original = window.fetch;
  const then = Promise.prototype.then;
  if (typeof original !== 'function') return;
  window.fetch = new Proxy(original, {
    apply(target, thisArg, args: Parameters<typeof fetch>) {
      // Where the page called fetch: a native rejection says nothing of it (formatted only if one comes).
      const site = new Error();
      const started = performance.now();
      const ts = now();
      const [input, init] = args;
      let base: Pick<NetworkWire, 'url' | 'method' | 'ts'> & Partial<NetworkWire> = { url: '', method: 'GET', ts };
      try {
        const request = input instanceof Request ? input : undefined;
        const headers = headersObject(init?.headers ?? request?.headers);
        const body = describeBody(init?.body);
        const scrubbed = body === undefined ? undefined : scrub.body(body);
        base = {
          url: scrub.url(absoluteUrl(input)),
          method: String(init?.method ?? request?.method ?? 'GET').toUpperCase(),
          ts,
          ...(Object.keys(headers).length > 0 ? { request_headers: scrub.headers(headers) } : {}),
          ...(scrubbed === undefined ? {} : { request_body: scrubbed.text, ...(scrubbed.cut ? { truncated: true } : {}) }),
          type: 'fetch',
          initiator: 'fetch',
        };
      } catch {
        // describe what we can; the request itself is never touched
      }
      const promise = Reflect.apply(target, thisArg, args) as Promise<Response>;
      const open = inflight.begin(ts);
      const add = (entry: NetworkWire, urgent: boolean) => {
        inflight.end(open);
        bus.add('network', entry, urgent);
      };
      promise.then(
        (response) => {
          const entry: NetworkWire = {
            ...base,
            status: response.status,
            ...(response.statusText ? { status_text: response.statusText } : {}),
            duration_ms: Math.round((performance.now() - started) * 10) / 10,
            response_headers: scrub.headers(headersObject(response.headers)),
          };
          const failed = response.status >= 400;
          if (!isTextual(response.headers.get('content-type')) || response.body === null) {
            add(entry, failed);
            return;
          }
          let clone: Response;
          try {
            clone = response.clone();
          } catch {
            add(entry, failed);
            return;
          }
          void readCapped(clone.body as ReadableStream<Uint8Array>, CAPS.body).then(({ text, cut }) => {
            const body = scrub.body(text);
            add(
              { ...entry, response_body: body.text, ...(cut || body.cut || entry.truncated ? { truncated: true } : {}) },
              failed,
            );
          });
        },
        (error: unknown) => {
          const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          add({ ...base, status: 0, duration_ms: Math.round((performance.now() - started) * 10) / 10, error: message }, true);
          reportMixedContent(bus, 'resource', base.url, ts);
        },
      );
      return then.call(promise, undefined, (error: unknown) => retell(error, site, ownMarker));
    },
  });
}

/**
 * A promise the browser itself rejects — `response.json()` on an HTML 404, a `fetch` that fails —
 * carries an error Chrome creates natively, and Chrome treats such rejections as muted: its
 * console shows "Uncaught (in promise) SyntaxError: …" but no `unhandledrejection` event is
 * dispatched, so neither the page's listeners nor ours hear of it (measured in Chromium, issue
 * 10). Handed back through one `then` of ours, the rejection becomes a copy of the same error —
 * same class, name, message and stack, created in JavaScript — on a promise the page owns; left
 * unhandled, it is an ordinary unhandled rejection that the page, Chrome's console and the
 * capture all see. What changes for the page: the error is an equal copy, not the same object,
 * one microtask later.
 */
export function retell(error: unknown, site?: Error, ownMarker = OWN_FRAMES): never {
  if (typeof DOMException === 'function' && error instanceof DOMException) {
    const copy = new DOMException(error.message, error.name);
    const stack = located((error as { stack?: string }).stack, `${error.name}: ${error.message}`, site, ownMarker);
    Object.defineProperty(copy, 'stack', { value: stack, configurable: true, writable: true });
    throw copy;
  }
  if (error instanceof Error) {
    const Kind = (NATIVE_ERRORS.find((kind) => error.constructor === kind) ?? Error) as ErrorConstructor;
    const copy = new Kind(error.message);
    if (Kind === Error && error.name !== 'Error') copy.name = error.name;
    const stack = located(error.stack, `${copy.name}: ${copy.message}`, site, ownMarker);
    Object.defineProperty(copy, 'stack', { value: stack, configurable: true, writable: true });
    throw copy;
  }
  throw error;
}

/** The hooks' own frames (their sourceURL), left out of a call site. */
const OWN_FRAMES = 'browsertap-capture';

/**
 * A native error's stack has no frame (`TypeError: Failed to fetch`): two failures of different
 * calls read the same and cannot be told apart. It gets the page's frames where the call was made.
 */
function located(stack: string | undefined, head: string, site: Error | undefined, ownMarker: string): string | undefined {
  if (site === undefined || (stack !== undefined && stack.includes('\n    at '))) return stack;
  let frames: string | undefined;
  try {
    frames = callSite(site.stack, ownMarker);
  } catch {
    return stack; // a page's Error.prepareStackTrace that throws
  }
  return frames === undefined ? stack : `${stack ?? head}\n${frames.replace(/^/gm, '    ')}`;
}

const NATIVE_ERRORS: readonly Function[] = [SyntaxError, TypeError, RangeError, Error];

/** The body readers of Response (json, text, blob, arrayBuffer, formData) through `retell`. */
export function hookBodyReaders(ownMarker = OWN_FRAMES): void {
  const then = Promise.prototype.then;
  for (const name of ['json', 'text', 'blob', 'arrayBuffer', 'formData'] as const) {
    const original = Response.prototype[name];
    if (typeof original !== 'function') continue;
    Response.prototype[name] = new Proxy(original, {
      apply(target, thisArg, args: unknown[]) {
        const site = new Error();
        const read = Reflect.apply(target, thisArg, args) as Promise<unknown>;
        return then.call(read, undefined, (error: unknown) => retell(error, site, ownMarker));
      },
    }) as never;
  }
}
