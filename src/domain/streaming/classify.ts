import { topFrame } from '../capture/compact.js';
import { compactPick, componentText } from '../capture/compactPick.js';
import type { LogEntry, NetworkEntry, PickEntry, VitalEntry, WebSocketEvent } from '../wire/entries.js';
import { vitalCause, vitalView } from '../capture/performanceReport.js';
import type { StreamEvent } from './StreamEvent.js';
import { MIN_SLOW_MS } from './Subscription.js';

/**
 * A stream event and the stored entry it came from. Built for every matching candidate on the
 * ingest side of the dispatcher, so it is one small object; what a notification carries beyond
 * type, severity, message and url is derived from `entry` only when one is sent (`details`).
 */
export type CapturedEvent = StreamEvent & {
  readonly ts: number;
  readonly tabId: number | undefined;
  /** The stored entry's id (docs/mcp-tools.md), for `observe {what:"entry", id}`. */
  readonly id?: string;
} & (
    | { readonly kind: 'logs'; readonly entry: LogEntry }
    | { readonly kind: 'network'; readonly entry: NetworkEntry }
    | { readonly kind: 'websocket'; readonly entry: WebSocketEvent }
    | { readonly kind: 'vitals'; readonly entry: VitalEntry }
    | { readonly kind: 'picks'; readonly entry: PickEntry }
  );

/** Browser wording of CSP and mixed-content reports, as the extension forwards them. */
const SECURITY = /^(Refused to |Content Security Policy|Mixed Content)/;
/** Chrome's current CSP wording ("Loading the image '…' violates the following …"), anywhere in the line. */
const CSP_WORDING = ' violates the following Content Security Policy directive';
/** WebSocket close codes that mean "went away on purpose". */
const NORMAL_CLOSE = new Set([1000, 1001]);

/**
 * docs/streaming.md severities: uncaught exception / unhandled rejection → critical; console.error,
 * HTTP 5xx, network error → high; HTTP 4xx, console.warn, abnormal WebSocket close, poor vital
 * → medium; the rest → low. A CSP or mixed-content report is a `security_violation` (high).
 */
export function eventsFromLog(entry: LogEntry): CapturedEvent[] {
  if (entry.source === 'audit') return accessibility(entry);
  if (entry.source === 'console' && entry.level !== 'error' && entry.level !== 'warn') return [];
  const security = entry.level === 'error' && (SECURITY.test(entry.message) || entry.message.includes(CSP_WORDING));
  const severity = security ? 'high' : entry.source !== 'console' ? 'critical' : entry.level === 'error' ? 'high' : 'medium';
  return [
    {
      kind: 'logs',
      entry,
      type: security ? 'security_violation' : 'error',
      severity,
      message: entry.message,
      url: entry.url,
      ts: entry.ts,
      tabId: entry.tab_id,
    },
  ];
}

/** axe-core impacts → docs/extension.md severities: critical/serious → high, moderate → medium, minor → low. */
const IMPACT_SEVERITY: Readonly<Record<string, StreamEvent['severity']>> = {
  critical: 'high',
  serious: 'high',
  moderate: 'medium',
  minor: 'low',
};

/** A violation `interact audit` found (the extension logs each one): an `accessibility_violation`. */
function accessibility(entry: LogEntry): CapturedEvent[] {
  const violation = (entry.args?.[0] as { accessibility_violation?: { impact?: unknown } } | undefined)?.accessibility_violation;
  const severity = IMPACT_SEVERITY[String(violation?.impact)] ?? 'low';
  return [
    {
      kind: 'logs',
      entry,
      type: 'accessibility_violation',
      severity,
      message: entry.message,
      url: entry.url,
      ts: entry.ts,
      tabId: entry.tab_id,
    },
  ];
}

export function eventsFromNetwork(entry: NetworkEntry): CapturedEvent[] {
  if (entry.status === 0 || entry.error !== undefined || entry.status >= 400) {
    const severity = entry.status >= 400 && entry.status < 500 ? 'medium' : 'high';
    const outcome =
      entry.status === 0
        ? `failed: ${entry.error ?? 'network error'}`
        : `→ ${entry.status}${entry.status_text === undefined ? '' : ` ${entry.status_text}`}`;
    const message = `${entry.method} ${entry.url} ${outcome}`;
    return [
      { kind: 'network', entry, type: 'network_failure', severity, message, url: entry.url, ts: entry.ts, tabId: entry.tab_id },
    ];
  }
  if (entry.duration_ms < MIN_SLOW_MS) return [];
  const message = `${entry.method} ${entry.url} took ${Math.round(entry.duration_ms)} ms`;
  return [
    {
      kind: 'network',
      entry,
      type: 'network_slow',
      severity: 'low',
      message,
      url: entry.url,
      durationMs: entry.duration_ms,
      ts: entry.ts,
      tabId: entry.tab_id,
    },
  ];
}

export function eventsFromWebSocket(entry: WebSocketEvent): CapturedEvent[] {
  if (entry.event !== 'close' && entry.event !== 'error') return [];
  const base = {
    kind: 'websocket' as const,
    entry,
    type: 'websocket_close' as const,
    url: entry.url,
    ts: entry.ts,
    tabId: entry.tab_id,
  };
  if (entry.event === 'error') return [{ ...base, severity: 'medium', message: `WebSocket ${entry.url} error` }];
  const abnormal = entry.code === undefined || !NORMAL_CLOSE.has(entry.code);
  const why = `${entry.code ?? 'no code'}${entry.reason ? ` ${entry.reason}` : ''}`;
  return [{ ...base, severity: abnormal ? 'medium' : 'low', message: `WebSocket ${entry.url} closed (${why})` }];
}

export function eventsFromVital(entry: VitalEntry): CapturedEvent[] {
  if (entry.rating !== 'poor' && entry.rating !== 'needs-improvement') return [];
  // docs/mcp-tools.md: the same attribution as observe performance (a poor INP names its script in source).
  const cause = vitalCause(entry);
  const message = `${entry.name} ${entry.value} (${entry.rating})${cause === undefined ? '' : `: ${cause}`}`;
  return [
    {
      kind: 'vitals',
      entry,
      type: 'performance_degradation',
      severity: entry.rating === 'poor' ? 'medium' : 'low',
      message,
      url: entry.url,
      ts: entry.ts,
      tabId: entry.tab_id,
    },
  ];
}

/**
 * A person's pick: always a `pick` event, severity `high` — the person speaks to the
 * agent, which a filter meant for warnings must not hide. The message says what and why:
 * `Picked button "Add to cart" (CartButton src/Cart.tsx:42): "this one is misaligned"`.
 */
export function eventsFromPick(entry: PickEntry): CapturedEvent[] {
  const what = entry.role !== undefined && entry.name !== undefined ? `${entry.role} ${JSON.stringify(entry.name)}` : entry.tag;
  const top = entry.component?.[0];
  const where = top === undefined ? '' : ` (${componentText(top)})`;
  const note = entry.note === undefined || entry.note === '' ? '' : `: ${JSON.stringify(entry.note)}`;
  const message = `Picked ${entry.region === undefined ? '' : 'a region in '}${what}${where}${note}`;
  return [{ kind: 'picks', entry, type: 'pick', severity: 'high', message, url: entry.url, ts: entry.ts, tabId: entry.tab_id }];
}

/** What a notification carries besides the common fields, from the event's entry. */
export function details(event: CapturedEvent): Readonly<Record<string, unknown>> {
  switch (event.kind) {
    case 'logs': {
      const { source, level, stack, url } = event.entry;
      const at = topFrame(stack, url);
      return { source, level, ...(at === undefined ? {} : { at }) };
    }
    case 'network': {
      const { method, status, duration_ms, error } = event.entry;
      return { method, status, duration_ms, ...(error === undefined ? {} : { error }) };
    }
    case 'websocket': {
      const { connection_id, code, reason } = event.entry;
      return { connection_id, ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) };
    }
    case 'picks': {
      // The pick as the agent acts on it (its locator, selector, component), without what the event says already.
      const { ts: _ts, url: _url, tab_id: _tab, ...pick } = compactPick(event.entry, undefined);
      return pick;
    }
    case 'vitals': {
      const { name, value, rating } = event.entry;
      // The vital's parts and causes as observe performance shows them (docs/mcp-tools.md), without repeating its value.
      const attribution = Object.fromEntries(
        Object.entries(vitalView(event.entry, event.entry.url)).filter(([key]) => key !== 'value' && key !== 'rating'),
      );
      return { name, value, rating, ...(Object.keys(attribution).length === 0 ? {} : { attribution }) };
    }
  }
}
