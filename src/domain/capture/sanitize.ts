import { capRedacted, REDACTION_SLACK } from '../privacy/bounded.js';
import { hasCardNumber } from '../privacy/cardNumbers.js';
import { RedactionTally, Redactor } from '../privacy/Redactor.js';
import { classifyName } from '../privacy/secretNames.js';
import { cap, CAPS } from '../wire/caps.js';
import { cleanAttribution } from './cleanPerformance.js';
import { cleanPick, type RawPick } from './cleanPick.js';
import type {
  ActionEntry,
  Headers,
  LogEntry,
  NetworkBody,
  NetworkEntry,
  PickEntry,
  VitalEntry,
  WebSocketEvent,
} from '../wire/entries.js';
import { requestType } from './levels.js';
import { REDACTED_VALUE } from '../wire/recording.js';

type Raw<T> = Omit<T, 'truncated' | 'redacted'>;
export type RawLog = Raw<LogEntry>;
export type RawWebSocketEvent = Raw<WebSocketEvent>;
export type RawVital = Raw<VitalEntry>;
export type RawAction = Raw<ActionEntry>;
export type { RawPick };
export type RawNetwork = Raw<Omit<NetworkEntry, 'has_body'>> & {
  readonly request_body?: string;
  readonly response_body?: string;
  readonly truncated?: boolean;
};

/**
 * Turns validated input into stored entries: every text capped, every secret redacted, and
 * both facts recorded on the entry (`truncated`, `redacted`). Pure.
 */
export class Sanitizer {
  constructor(private readonly redactor: Redactor) {}

  log(raw: RawLog): LogEntry {
    const marks = new Marks(this.redactor);
    const args = raw.args === undefined ? undefined : this.args(raw.args, marks);
    return marks.stamp({
      level: raw.level,
      message: marks.text(raw.message, CAPS.text),
      ...(args === undefined ? {} : { args }),
      ...(raw.stack === undefined ? {} : { stack: marks.text(raw.stack, CAPS.text) }),
      ...(raw.raw_stack === undefined ? {} : { raw_stack: marks.text(raw.raw_stack, CAPS.text) }),
      source: raw.source,
      url: marks.url(raw.url, CAPS.url),
      ...(raw.tab_id === undefined ? {} : { tab_id: raw.tab_id }),
      ...(raw.frame_url === undefined ? {} : { frame_url: marks.url(raw.frame_url, CAPS.url) }),
      ts: raw.ts,
    });
  }

  /** A network entry, and its bodies (if any) for the bodies buffer. */
  network(raw: RawNetwork): { entry: NetworkEntry; body?: NetworkBody } {
    const marks = new Marks(this.redactor);
    if (raw.truncated === true) marks.cut = true;
    const url = marks.url(raw.url, CAPS.url);
    const method = raw.method.toUpperCase();
    const optional = {
      ...(raw.tab_id === undefined ? {} : { tab_id: raw.tab_id }),
      ...(raw.frame_url === undefined ? {} : { frame_url: marks.url(raw.frame_url, CAPS.url) }),
      ...(raw.status_text === undefined ? {} : { status_text: marks.text(raw.status_text, CAPS.short) }),
      ...(raw.error === undefined ? {} : { error: marks.text(raw.error, CAPS.short) }),
      ...(raw.type === undefined ? {} : { type: raw.type }),
      ...(raw.size === undefined ? {} : { size: raw.size }),
      ...(raw.initiator === undefined ? {} : { initiator: marks.url(raw.initiator, CAPS.short) }),
      ...(raw.request_headers === undefined ? {} : { request_headers: this.headers(raw.request_headers, marks) }),
      ...(raw.response_headers === undefined ? {} : { response_headers: this.headers(raw.response_headers, marks) }),
    };
    const hasBody = raw.request_body !== undefined || raw.response_body !== undefined;
    let body: NetworkBody | undefined;
    if (hasBody) {
      const bodyMarks = new Marks(this.redactor);
      if (raw.truncated === true) bodyMarks.cut = true;
      body = bodyMarks.stamp({
        url,
        method,
        status: raw.status,
        type: requestType(raw),
        ts: raw.ts,
        ...(raw.tab_id === undefined ? {} : { tab_id: raw.tab_id }),
        ...(raw.frame_url === undefined ? {} : { frame_url: bodyMarks.url(raw.frame_url, CAPS.url) }),
        ...(raw.request_body === undefined ? {} : { request_body: bodyMarks.body(raw.request_body, CAPS.body) }),
        ...(raw.response_body === undefined ? {} : { response_body: bodyMarks.body(raw.response_body, CAPS.body) }),
      });
    }
    const entry = marks.stamp({
      url,
      method,
      status: raw.status,
      duration_ms: raw.duration_ms,
      ts: raw.ts,
      ...optional,
      ...(hasBody ? { has_body: true } : {}),
    });
    return body === undefined ? { entry } : { entry, body };
  }

  webSocket(raw: RawWebSocketEvent): WebSocketEvent {
    const marks = new Marks(this.redactor);
    return marks.stamp({
      connection_id: marks.text(raw.connection_id, CAPS.short),
      url: marks.url(raw.url, CAPS.url),
      event: raw.event,
      ...(raw.direction === undefined ? {} : { direction: raw.direction }),
      ...(raw.data === undefined ? {} : { data: marks.body(raw.data, CAPS.wsData) }),
      ...(raw.size === undefined ? {} : { size: raw.size }),
      ...(raw.code === undefined ? {} : { code: raw.code }),
      ...(raw.reason === undefined ? {} : { reason: marks.text(raw.reason, CAPS.short) }),
      ...(raw.tab_id === undefined ? {} : { tab_id: raw.tab_id }),
      ...(raw.frame_url === undefined ? {} : { frame_url: marks.url(raw.frame_url, CAPS.url) }),
      ts: raw.ts,
    });
  }

  vital(raw: RawVital): VitalEntry {
    const marks = new Marks(this.redactor);
    return marks.stamp({
      name: raw.name,
      value: raw.value,
      ...(raw.rating === undefined ? {} : { rating: raw.rating }),
      url: marks.url(raw.url, CAPS.url),
      ...(raw.target === undefined ? {} : { target: marks.text(raw.target, CAPS.short) }),
      ...(raw.attribution === undefined
        ? {}
        : {
            attribution: cleanAttribution(raw.attribution, {
              url: (url) => marks.url(url, CAPS.url),
              text: (text) => marks.text(text, CAPS.short),
            }),
          }),
      ...(raw.tab_id === undefined ? {} : { tab_id: raw.tab_id }),
      ...(raw.frame_url === undefined ? {} : { frame_url: marks.url(raw.frame_url, CAPS.url) }),
      ts: raw.ts,
    });
  }

  /**
   * An action (docs/mcp-tools.md): urls and texts redacted and capped like every entry's; a typed or
   * chosen value the redactor flags anywhere, that holds a payment card number, or whose field's
   * name (`value_name`) says secret, becomes REDACTED_VALUE whole, as the page's recorder writes
   * it; files keep name, size, type.
   */
  action(raw: RawAction): ActionEntry {
    const marks = new Marks(this.redactor);
    const name = classifyName(raw.value_name ?? '');
    const value = (text: string) => this.actionValue(text, name, marks);
    const text = (key: 'locator' | 'selector' | 'to_locator' | 'to_selector' | 'name', max: number) =>
      raw[key] === undefined ? {} : { [key]: marks.text(raw[key], max) };
    const plain = (key: 'role' | 'value_name' | 'key' | 'correlation_id') =>
      raw[key] === undefined ? {} : { [key]: marks.plain(raw[key], CAPS.short) };
    return marks.stamp({
      ts: raw.ts,
      ...(raw.tab_id === undefined ? {} : { tab_id: raw.tab_id }),
      by: raw.by,
      type: raw.type,
      url: marks.url(raw.url, CAPS.url),
      ...(raw.frame_url === undefined ? {} : { frame_url: marks.url(raw.frame_url, CAPS.url) }),
      ...text('locator', CAPS.url),
      ...text('selector', CAPS.url),
      ...(raw.nth === undefined ? {} : { nth: raw.nth }),
      ...plain('role'),
      ...text('name', CAPS.short),
      ...(raw.value === undefined ? {} : { value: value(raw.value) }),
      ...(raw.values === undefined ? {} : { values: raw.values.map(value) }),
      ...plain('value_name'),
      ...plain('key'),
      ...(raw.files === undefined
        ? {}
        : {
            files: raw.files.map((file) => ({
              name: marks.text(file.name, CAPS.short),
              size: file.size,
              ...(file.type === undefined ? {} : { type: marks.plain(file.type, CAPS.short) }),
            })),
          }),
      ...text('to_locator', CAPS.url),
      ...text('to_selector', CAPS.url),
      ...(raw.to_nth === undefined ? {} : { to_nth: raw.to_nth }),
      ...(raw.moves === undefined ? {} : { moves: raw.moves.map(([x, y]) => [Math.round(x), Math.round(y)] as const) }),
      ...(raw.x === undefined ? {} : { x: raw.x }),
      ...(raw.y === undefined ? {} : { y: raw.y }),
      ...(raw.navigation === undefined ? {} : { navigation: raw.navigation }),
      ...(raw.by_script === true ? { by_script: true } : {}),
      ...(raw.typed === true ? { typed: true } : {}),
      ...plain('correlation_id'),
      ...(raw.renamed === true ? { renamed: true } : {}),
    });
  }

  /** A pick: cleanPick.ts. */
  pick(raw: RawPick): PickEntry {
    const marks = new Marks(this.redactor);
    return marks.stamp(cleanPick(raw, marks, this.redactor));
  }

  /** Page urls and titles are redacted and capped like every other url and text. */
  pageText(url: string, title: string): { url: string; title: string } {
    const marks = new Marks(this.redactor);
    return { url: marks.url(url, CAPS.url), title: marks.text(title, CAPS.short) };
  }

  /**
   * The error text the extension reports for a command, redacted once as it is recorded: every
   * view of it (the status page, `command_result`, `failed_commands`) shows this form.
   */
  commandError(message: string): string {
    return new Marks(this.redactor).text(message, CAPS.commandError);
  }

  /**
   * Console arguments: redacted as JSON (secret-named fields, nesting cut past 20 levels), or,
   * when they are over the cap as JSON, replaced by a note holding the start of that JSON,
   * redacted as text.
   */
  private args(args: readonly unknown[], marks: Marks): readonly unknown[] {
    const raw = jsonOf(args);
    if (raw.length <= CAPS.args + REDACTION_SLACK) {
      const redacted = this.redactor.json(args, marks.tally) as unknown[];
      if (JSON.stringify(redacted).length <= CAPS.args) return redacted;
    }
    marks.cut = true;
    return [`[${args.length} console arguments truncated: ${raw.length} chars as JSON] ${marks.text(raw, CAPS.args)}`];
  }

  /** A value kept whole or not at all: a value with any secret in it is REDACTED_VALUE (counted once). */
  private actionValue(value: string, name: ReturnType<typeof classifyName>, marks: Marks): string {
    if (value === REDACTED_VALUE) return value;
    const tally = new RedactionTally();
    this.redactor.json(value.length > CAPS.short ? value.slice(0, CAPS.short) : value, tally, 0, name);
    // What a person typed is also a secret when it holds a payment card number (by its shape).
    if (tally.count === 0 && !hasCardNumber(value)) return marks.plain(value, CAPS.short);
    marks.tally.count++;
    return REDACTED_VALUE;
  }

  private headers(headers: Headers, marks: Marks): Headers {
    const kept = Object.entries(headers).slice(0, CAPS.headerCount);
    if (kept.length < Object.keys(headers).length) marks.cut = true;
    const capped = kept.map(([name, value]): [string, string] => [marks.plain(name, CAPS.headerName), value]);
    const redacted = this.redactor.headers(Object.fromEntries(capped), marks.tally);
    return Object.fromEntries(Object.entries(redacted).map(([name, value]) => [name, marks.text(value, CAPS.header)]));
  }
}

/**
 * Collects, for one entry, whether anything was cut and how many values were redacted. Every
 * text goes through the one redactor, reading at most its cap plus a slack (bounded work).
 */
class Marks {
  readonly tally = new RedactionTally();
  cut = false;

  constructor(private readonly redactor: Redactor) {}

  text(text: string, max: number): string {
    return this.keep(capRedacted(text, max, (window) => this.redactor.text(window, this.tally)));
  }

  url(url: string, max: number): string {
    return this.keep(capRedacted(url, max, (window) => this.redactor.url(window, this.tally)));
  }

  body(body: string, max: number): string {
    return this.keep(capRedacted(body, max, (window) => this.redactor.body(window, this.tally)));
  }

  /** Capped, not redacted: names and ids that are never secrets themselves. */
  plain(text: string, max: number): string {
    return this.keep(cap(text, max));
  }

  private keep(capped: { text: string; cut: boolean }): string {
    if (capped.cut) this.cut = true;
    return capped.text;
  }

  stamp<T extends object>(entry: T): T & { truncated?: boolean; redacted?: number } {
    return {
      ...entry,
      ...(this.cut || this.tally.cut > 0 ? { truncated: true } : {}),
      ...(this.tally.count > 0 ? { redacted: this.tally.count } : {}),
    };
  }
}

/**
 * JSON of console arguments; if they nest too deep to serialise (the HTTP edge cuts nesting, but
 * the domain does not rely on it), the redactor's depth-cut copy is serialised instead.
 */
function jsonOf(args: readonly unknown[]): string {
  try {
    return JSON.stringify(args);
  } catch {
    return JSON.stringify(new Redactor().json(args, new RedactionTally()));
  }
}
