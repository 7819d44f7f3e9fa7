import type { VitalAttribution } from './attribution.js';
import type { PickError, PickFailedRequest, PickImageInfo, PickWire } from './picks.js';

/**
 * What the extension captures, in the wire shape of docs/extension-protocol.md (snake_case, `ts` in epoch ms), as
 * stored after validation, size caps and redaction. `redacted` counts values replaced;
 * `truncated` says something was cut to its cap.
 */

export const LOG_LEVELS = ['debug', 'log', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `audit`: an accessibility violation found by `interact audit` (the extension's, never a page's). */
export const LOG_SOURCES = ['console', 'exception', 'unhandledrejection', 'audit'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

interface Captured {
  readonly ts: number;
  readonly tab_id?: number;
  /** The child frame it came from (docs/extension.md); absent for the tab's top document. */
  readonly frame_url?: string;
  readonly truncated?: boolean;
  readonly redacted?: number;
}

export interface LogEntry extends Captured {
  readonly level: LogLevel;
  readonly message: string;
  readonly args?: readonly unknown[];
  /** In source positions when the page's scripts have source maps (docs/extension.md). */
  readonly stack?: string;
  /** The stack as the page reported it (bundle positions), when `stack` was mapped. */
  readonly raw_stack?: string;
  readonly source: LogSource;
  readonly url: string;
}

export type Headers = Readonly<Record<string, string>>;

/** What kind of request an entry is (docs/extension.md), as Chrome's network panel groups them. */
export const REQUEST_TYPES = [
  'document',
  'script',
  'stylesheet',
  'image',
  'font',
  'media',
  'fetch',
  'xhr',
  'websocket',
  'other',
] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export interface NetworkEntry extends Captured {
  readonly url: string;
  readonly method: string;
  readonly status: number;
  readonly status_text?: string;
  readonly duration_ms: number;
  readonly error?: string;
  /** fetch, xhr, script, …; entries from before types were sent have only `initiator`. */
  readonly type?: RequestType;
  /** Bytes of the response body as transferred, when the browser says. */
  readonly size?: number;
  readonly initiator?: string;
  readonly request_headers?: Headers;
  readonly response_headers?: Headers;
  /** A body of this request is in the bodies buffer (`observe network_bodies`). */
  readonly has_body?: boolean;
}

export interface NetworkBody extends Captured {
  readonly url: string;
  readonly method: string;
  readonly status: number;
  readonly type?: RequestType;
  readonly request_body?: string;
  readonly response_body?: string;
}

export const WEBSOCKET_EVENTS = ['open', 'message', 'close', 'error'] as const;
export const WEBSOCKET_DIRECTIONS = ['sent', 'received'] as const;

export interface WebSocketEvent extends Captured {
  readonly connection_id: string;
  readonly url: string;
  readonly event: (typeof WEBSOCKET_EVENTS)[number];
  readonly direction?: (typeof WEBSOCKET_DIRECTIONS)[number];
  readonly data?: string;
  readonly size?: number;
  readonly code?: number;
  readonly reason?: string;
}

export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export interface VitalEntry extends Captured {
  readonly name: VitalName;
  readonly value: number;
  readonly rating?: (typeof VITAL_RATINGS)[number];
  readonly url: string;
  /** The element it is about: the LCP element, the INP target, the largest CLS source (a selector). */
  readonly target?: string;
  /** Why it has its value (docs/mcp-tools.md). */
  readonly attribution?: VitalAttribution;
}

export const PAGE_EVENTS = ['load', 'navigate', 'close'] as const;

export interface PageEvent {
  readonly tab_id: number;
  readonly url: string;
  readonly title: string;
  readonly event: (typeof PAGE_EVENTS)[number];
  /** When the document began (epoch ms), if the page said. */
  readonly started_at?: number;
}

/** Who did an action (docs/mcp-tools.md): the person at the browser, or browsertap for an agent's command. */
export const ACTION_BY = ['human', 'agent'] as const;
export type ActionBy = (typeof ACTION_BY)[number];

/** The kinds of action recorded (docs/mcp-tools.md). */
export const ACTION_TYPES = [
  'click',
  'dblclick',
  'fill',
  'press',
  'select',
  'check',
  'uncheck',
  'submit',
  'upload',
  'drag',
  'navigate',
  'scroll',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/**
 * Each recorded kind by name: `KIND.click` is how code names one (never the string again; docs/architecture.md,
 * "Adding an action"). Each typed as its literal, not `string`, so comparisons and `case`s narrow as the literal did.
 */
export const KIND: { readonly [K in ActionType]: K } = Object.freeze(
  Object.fromEntries(ACTION_TYPES.map((type) => [type, type])),
) as never;

/** How a `navigate` action moved the page. */
export const NAVIGATION_KINDS = ['load', 'reload', 'push', 'replace', 'pop', 'hash', 'back_forward'] as const;
export type NavigationKind = (typeof NAVIGATION_KINDS)[number];

/** A file an `upload` action picked: its name and size only, never its content. */
export interface PickedFile {
  readonly name: string;
  readonly size: number;
  readonly type?: string;
}

/**
 * What a person (or browsertap, for an agent) did in a tracked tab (docs/mcp-tools.md), named the way a
 * test would name it: `POST /actions`' wire shape, as stored after caps and redaction.
 */
export interface ActionEntry extends Captured {
  readonly by: ActionBy;
  readonly type: ActionType;
  /** The document's url when it happened (navigate: the new url). */
  readonly url: string;
  /** A Playwright locator expression that matched exactly this element when recorded. */
  readonly locator?: string;
  /** A browsertap target (docs/mcp-tools.md) for the same element, with `nth` when it matches several. */
  readonly selector?: string;
  readonly nth?: number;
  readonly role?: string;
  readonly name?: string;
  /** fill: the final value (or REDACTED_VALUE, wire/recording.ts); select: the chosen option's value. */
  readonly value?: string;
  /**
   * fill: `value` is the text the person typed at the caret into editable content (a rich-text
   * editor), between the keys recorded as presses — not the field's whole text: a test types it
   * (`pressSequentially`), a replay inserts it, so formatting keys between apply as they did.
   */
  readonly typed?: boolean;
  /** select with `multiple`: the chosen values. */
  readonly values?: readonly string[];
  /** For a REDACTED_VALUE value: what the field is called (label, name or id). */
  readonly value_name?: string;
  /** press: Playwright key syntax (`Enter`, `Control+K`). */
  readonly key?: string;
  readonly files?: readonly PickedFile[];
  /** drag: the drop target. */
  readonly to_locator?: string;
  readonly to_selector?: string;
  readonly to_nth?: number;
  /**
   * drag by the pointer (no HTML drag and drop): the pointer's path from where it was pressed on
   * the element, as offsets in CSS pixels, sampled; the last is where it was released.
   */
  readonly moves?: ReadonlyArray<readonly [number, number]>;
  /** scroll: the final position. */
  readonly x?: number;
  readonly y?: number;
  readonly navigation?: NavigationKind;
  /**
   * pop: the page's own script moved through the history (`history.back()` in a handler), as
   * the page's navigate event said (no person started it): the action before did it. Absent for
   * the person's own Back or Forward.
   */
  readonly by_script?: boolean;
  /** by `agent`: the command that did it. */
  readonly correlation_id?: string;
  /**
   * The page changed the element's name, text or test id between the person's press and its
   * naming: no locator, selector or name is given, since the one it has now is not what was pressed.
   */
  readonly renamed?: boolean;
}

/**
 * What a person pointed at, as stored: the wire shape without the image (kept apart),
 * with the tab's errors and failed requests of the 10 s before it (their ids), and marks.
 */
export interface PickEntry extends Omit<PickWire, 'image'>, Captured {
  readonly errors?: readonly PickError[];
  readonly failed_requests?: readonly PickFailedRequest[];
  /** The element screenshot kept for `observe {what:"entry", id, image:true}`. */
  readonly image?: PickImageInfo;
}

/**
 * An entry as the extension sends it (docs/extension-protocol.md): what its page capture builds,
 * without what only the daemon sets (`redacted`, a body's `has_body`) and with its tab and frame
 * left to the worker, which stamps them from the message's sender (a page cannot forge them).
 */
type Sent<T, Own extends keyof T = never> = Mutable<Omit<T, 'tab_id' | 'frame_url' | 'redacted' | Own>>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export type LogWire = Sent<LogEntry, 'raw_stack'>;
/** One request with its bodies: the daemon keeps the bodies apart (`network_bodies`). */
export type NetworkWire = Sent<NetworkEntry, 'has_body'> & Sent<Pick<NetworkBody, 'request_body' | 'response_body'>>;
export type WebSocketWire = Sent<WebSocketEvent>;
export type VitalWire = Sent<VitalEntry>;
/** A page's own load or in-page navigation (`POST /page`; `close` is the worker's). */
export type PageWire = Sent<PageEvent>;
/** One recorded action as it travels relay → worker → `POST /actions` (docs/mcp-tools.md). */
export type ActionWire = Sent<ActionEntry>;

/** Where each kind of entry is kept. */
export interface BufferContents {
  readonly logs: LogEntry;
  readonly network: NetworkEntry;
  readonly bodies: NetworkBody;
  readonly websocket: WebSocketEvent;
  readonly vitals: VitalEntry;
  readonly actions: ActionEntry;
  readonly picks: PickEntry;
}

export type BufferName = keyof BufferContents;

export const BUFFER_NAMES: readonly BufferName[] = ['logs', 'network', 'bodies', 'websocket', 'vitals', 'actions', 'picks'];
