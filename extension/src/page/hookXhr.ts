import { CAPS } from '../../../src/domain/wire/caps.js';
import type { NetworkWire } from '../shared/protocol.js';
import { absoluteUrl, describeBody, isTextual, reportMixedContent, scrub } from './networkCommon.js';
import type { Inflight } from './inflight.js';
import type { PageBus } from './PageBus.js';

interface XhrRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
  started: number;
  ts: number;
  body?: string;
  failure?: string;
}

const records = new WeakMap<XMLHttpRequest, XhrRecord>();

/** Records every XMLHttpRequest like a fetch; error, timeout and abort are status 0 with the reason. */
export function hookXhr(bus: PageBus, now: () => number, inflight: Inflight): void {
  const proto = XMLHttpRequest.prototype;
  proto.open = new Proxy(proto.open, {
    apply(target, xhr: XMLHttpRequest, args: unknown[]) {
      try {
        records.set(xhr, {
          method: String(args[0] ?? 'GET').toUpperCase(),
          url: absoluteUrl(args[1]),
          headers: {},
          started: 0,
          ts: 0,
        });
      } catch {
        // never in the way of the page
      }
      return Reflect.apply(target, xhr, args);
    },
  });
  proto.setRequestHeader = new Proxy(proto.setRequestHeader, {
    apply(target, xhr: XMLHttpRequest, args: [string, string]) {
      const record = records.get(xhr);
      if (record !== undefined) record.headers[String(args[0])] = String(args[1]);
      return Reflect.apply(target, xhr, args);
    },
  });
  proto.send = new Proxy(proto.send, {
    apply(target, xhr: XMLHttpRequest, args: unknown[]) {
      const record = records.get(xhr);
      if (record !== undefined) {
        record.started = performance.now();
        record.ts = now();
        const body = describeBody(args[0]);
        if (body !== undefined) record.body = body;
        for (const reason of ['error', 'timeout', 'abort'] as const)
          xhr.addEventListener(reason, () => (record.failure = reason));
        const open = inflight.begin(record.ts);
        xhr.addEventListener('loadend', () => {
          inflight.end(open);
          bus.add('network', finish(xhr, record), xhr.status === 0 || xhr.status >= 400);
          if (xhr.status === 0 && record.failure === 'error')
            reportMixedContent(bus, 'XMLHttpRequest endpoint', scrub.url(absoluteUrl(record.url)), record.ts);
        });
      }
      return Reflect.apply(target, xhr, args);
    },
  });
}

function finish(xhr: XMLHttpRequest, record: XhrRecord): NetworkWire {
  const entry: NetworkWire = {
    url: scrub.url(xhr.responseURL || record.url),
    method: record.method,
    status: xhr.status,
    ...(xhr.statusText ? { status_text: xhr.statusText } : {}),
    duration_ms: Math.round((performance.now() - record.started) * 10) / 10,
    ts: record.ts,
    type: 'xhr',
    initiator: 'xhr',
    ...(Object.keys(record.headers).length > 0 ? { request_headers: scrub.headers(record.headers) } : {}),
  };
  if (record.body !== undefined) {
    const body = scrub.body(record.body);
    entry.request_body = body.text;
    if (body.cut) entry.truncated = true;
  }
  if (xhr.status === 0) return { ...entry, error: `XMLHttpRequest ${record.failure ?? 'error'}` };
  entry.response_headers = scrub.headers(parseHeaders(xhr.getAllResponseHeaders()));
  const text = responseText(xhr);
  if (text !== undefined && isTextual(xhr.getResponseHeader('content-type'))) {
    const body = scrub.body(text.length > CAPS.body * 2 ? text.slice(0, CAPS.body * 2) : text);
    entry.response_body = body.text;
    if (body.cut) entry.truncated = true;
  }
  return entry;
}

function responseText(xhr: XMLHttpRequest): string | undefined {
  try {
    if (xhr.responseType === '' || xhr.responseType === 'text') return xhr.responseText;
    if (xhr.responseType === 'json') return JSON.stringify(xhr.response);
  } catch {
    // not readable
  }
  return undefined;
}

function parseHeaders(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) out[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return out;
}
