import { scrub } from './networkCommon.js';

/** Urls whose redacted form is remembered (a page's scripts and slow requests repeat). */
const MAX_REMEMBERED = 256;
const remembered = new Map<string, string>();

/**
 * `url` redacted (`scrub.url`), remembered: the performance record names the same scripts and
 * requests every time it is sent, and redaction is the costly part of building it.
 */
export function scrubbedUrl(url: string, max: number): string {
  let clean = remembered.get(url);
  if (clean === undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    clean = scrub.url(url).slice(0, max);
    remembered.set(url, clean);
  }
  return clean;
}
