import { CAPS } from '../../../src/domain/capture/caps.js';
import type { NetworkWire } from '../shared/protocol.js';
import { absoluteUrl, describeBody, headersObject, isTextual, readCapped, scrub } from './networkCommon.js';
import type { Inflight } from './inflight.js';
import type { PageBus } from './PageBus.js';

/**
 * Records every `fetch`: method, url, status, duration to the response, headers, and text bodies
 * up to 16 KB (read from a clone, after the page already has its response); a rejected fetch is
 * status 0 with the error. Everything is redacted before it leaves the page.
 */
export function hookFetch(bus: PageBus, now: () => number, inflight: Inflight): void {
  const original = window.fetch;
  if (typeof original !== 'function') return;
  window.fetch = new Proxy(original, {
    apply(target, thisArg, args: Parameters<typeof fetch>) {
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
        },
      );
      return promise;
    },
  });
}
