import { CAPS } from '../../../src/domain/wire/caps.js';
import { capRedacted } from '../../../src/domain/privacy/bounded.js';
import { RedactionTally, Redactor } from '../../../src/domain/privacy/Redactor.js';
import type { PageBus } from './PageBus.js';
import { capString, SERIAL } from './serialize.js';

const redactor = new Redactor();
const TEXTUAL = /^(text\/|application\/(json|[a-z.+-]*\+json|javascript|xml|[a-z.+-]*\+xml|x-www-form-urlencoded|graphql))/i;

/** Secrets never leave the page: the same redaction the daemon applies, done here first. */
export const scrub = {
  url: (url: string): string => redactor.url(url, new RedactionTally()),
  headers: (headers: Record<string, string>): Record<string, string> => redactor.headers(headers, new RedactionTally()),
  /** Redacted and capped, reading at most the cap plus a slack of a body of any size. */
  body: (body: string, max: number = CAPS.body): { text: string; cut: boolean } =>
    capRedacted(body, max, (window) => redactor.body(window, new RedactionTally())),
};

export function absoluteUrl(input: unknown): string {
  try {
    const raw =
      typeof input === 'string' ? input : input instanceof URL ? input.href : ((input as { url?: string })?.url ?? String(input));
    return new URL(raw, location.href).href;
  } catch {
    return String(input);
  }
}

export function headersObject(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    if (headers instanceof Headers) headers.forEach((value, name) => (out[name] = value));
    else if (Array.isArray(headers))
      for (const [name, value] of headers as Array<[string, string]>) out[String(name)] = String(value);
    else if (headers !== null && typeof headers === 'object')
      for (const [name, value] of Object.entries(headers as Record<string, unknown>)) out[name] = String(value);
  } catch {
    // unreadable headers are left out
  }
  return out;
}

/** A request body as text, when it is text; a short description otherwise. */
export function describeBody(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (typeof FormData !== 'undefined' && body instanceof FormData) return '[FormData]';
  if (typeof Blob !== 'undefined' && body instanceof Blob) return `[Blob ${body.size} bytes]`;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return `[binary ${(body as ArrayBuffer).byteLength} bytes]`;
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return '[stream]';
  return undefined;
}

export function isTextual(contentType: string | null | undefined): boolean {
  return contentType !== null && contentType !== undefined && TEXTUAL.test(contentType) && !/event-stream/i.test(contentType);
}

/** Reads at most `max` characters of a body stream, then lets go of it. */
export async function readCapped(stream: ReadableStream<Uint8Array>, max: number): Promise<{ text: string; cut: boolean }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > max) {
        await reader.cancel();
        return { text: text.slice(0, max), cut: true };
      }
    }
    return { text: text + decoder.decode(), cut: false };
  } catch {
    return { text, cut: true };
  }
}

/** What Chrome's console calls each kind of blocked request in its mixed-content message. */
export type MixedKind = 'script' | 'stylesheet' | 'resource' | 'XMLHttpRequest endpoint';

/**
 * docs/extension.md: an https page's request for an http url of a host that is not potentially trustworthy
 * (localhost, `*.localhost`, 127.0.0.0/8 and [::1] are) is blocked by Chrome before it leaves, and
 * the page learns only that it failed. Chrome's console line for it, word for word, or undefined
 * when the request was not mixed content. (Images and media are upgraded to https instead, not
 * blocked: no line here.)
 */
export function mixedContent(kind: MixedKind, url: string, page: string): string | undefined {
  let target: URL;
  try {
    if (!page.startsWith('https:')) return undefined;
    target = new URL(url, page);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:') return undefined;
  const host = target.hostname;
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) {
    return undefined;
  }
  return `Mixed Content: The page at '${page}' was loaded over HTTPS, but requested an insecure ${kind} '${url}'. This request has been blocked; the content must be served over HTTPS.`;
}

/** Logs Chrome's mixed-content line for a failed request, when it was one. */
export function reportMixedContent(bus: PageBus, kind: MixedKind, url: string, ts: number): void {
  const message = mixedContent(kind, url, location.href);
  if (message === undefined) return;
  bus.add(
    'logs',
    { level: 'error', message: capString(message, SERIAL.string), source: 'console', url: location.href, ts },
    true,
  );
}
