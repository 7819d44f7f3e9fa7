import type { ActionEntry, LogSource } from '../wire/entries.js';

/** What a generated test asserts (docs/mcp-tools.md). */
export const REPRO_EXPECT = ['errors', 'no_errors'] as const;
export type ReproExpect = (typeof REPRO_EXPECT)[number];

export const REPRO_FORMATS = ['playwright', 'steps'] as const;
export type ReproFormat = (typeof REPRO_FORMATS)[number];

/** A request an action caused, as a test waits for it or expects it to fail. */
export interface ReproRequest {
  readonly id: string;
  readonly method: string;
  readonly url: string;
  /** 0 when no answer came (a network error). */
  readonly status: number;
}

/** An error (console error, uncaught exception, unhandled rejection) the range caused. */
export interface ReproError {
  readonly id: string;
  readonly message: string;
  readonly source: LogSource;
  /** A console call's arguments, as recorded: a generated test looks for them as Playwright shows them (errorNeedle.ts). */
  readonly args?: readonly unknown[];
}

/** One recorded action and the answered requests it caused (docs/mcp-tools.md's "caused" rule). */
export interface ReproStep {
  readonly id: string;
  readonly action: ActionEntry;
  readonly responses: readonly ReproRequest[];
}

/** The range a reproduction is made of, with what went wrong in it. */
export interface Reproduction {
  readonly steps: readonly ReproStep[];
  readonly errors: readonly ReproError[];
  readonly failed: readonly ReproRequest[];
  readonly expect: ReproExpect;
  readonly tabId?: number;
}

/** Responses awaited per action, at most (the first ones, one per method and path). */
export const MAX_AWAITED = 5;
/** Errors and failed requests asserted, at most each (the first ones, distinct). */
export const MAX_ASSERTED = 10;

/** `url` parsed, or undefined. */
export function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Whether a browser's answer to `url` reaches the network layer a test waits on: http(s) only.
 * A `data:` or `blob:` url (an icon a component fetches from a data url, an object url) is
 * answered inside the renderer, and Playwright reports no response for it to wait for.
 */
export function answeredOverNetwork(url: string): boolean {
  return /^https?:/i.test(url);
}

/** `METHOD /path` of a request (other origins: the full url without its query), as generated tests name it. */
export function requestKey(request: { readonly method: string; readonly url: string }, appOrigin: string | undefined): string {
  const url = parseUrl(request.url);
  const where =
    url === undefined ? request.url.slice(0, 300) : url.origin === appOrigin ? url.pathname : `${url.origin}${url.pathname}`;
  return `${request.method.toUpperCase().slice(0, 16)} ${where}`;
}
