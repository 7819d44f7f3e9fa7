import type {
  ActionBy,
  ActionEntry,
  BufferContents,
  BufferName,
  LogEntry,
  LogLevel,
  NetworkBody,
  NetworkEntry,
  RequestType,
  WebSocketEvent,
} from '../../domain/wire/entries.js';
import { atLeast, isError, isFailedRequest, requestType } from '../../domain/capture/levels.js';

/** What `observe` can list, and the buffer each reads. */
export const LIST_SOURCES = {
  errors: 'logs',
  logs: 'logs',
  network: 'network',
  network_bodies: 'bodies',
  websocket_events: 'websocket',
  vitals: 'vitals',
  actions: 'actions',
  picks: 'picks',
} as const satisfies Record<string, BufferName>;

export type ListWhat = keyof typeof LIST_SOURCES;

export interface EntryQuery {
  /** Substring of the entry's url. */
  readonly url?: string;
  readonly tabId?: number;
  readonly minLevel?: LogLevel;
  readonly statusMin?: number;
  readonly statusMax?: number;
  readonly method?: string;
  readonly failedOnly?: boolean;
  readonly type?: RequestType;
  readonly connectionId?: string;
  readonly direction?: 'sent' | 'received';
  /** actions: only the person's (`human`) or only the agent's. */
  readonly by?: ActionBy;
}

type Predicate<T> = (entry: T) => boolean;

/** One predicate for `what` and the query's filters (absent filters match everything). */
export function filterFor<W extends ListWhat>(what: W, query: EntryQuery): Predicate<BufferContents[(typeof LIST_SOURCES)[W]]> {
  const checks: Array<Predicate<never>> = [];
  const common = (entry: { url: string; tab_id?: number }) =>
    (query.url === undefined || entry.url.includes(query.url)) && (query.tabId === undefined || entry.tab_id === query.tabId);
  checks.push(common as Predicate<never>);
  if (what === 'errors') checks.push(isError as Predicate<never>);
  if (what === 'logs' && query.minLevel !== undefined) {
    const min = query.minLevel;
    checks.push(((e: LogEntry) => atLeast(e.level, min)) as Predicate<never>);
  }
  if (what === 'network' || what === 'network_bodies') checks.push(networkCheck(query) as Predicate<never>);
  if (what === 'websocket_events') {
    checks.push(
      ((e: WebSocketEvent) =>
        (query.connectionId === undefined || e.connection_id === query.connectionId) &&
        (query.direction === undefined || e.direction === query.direction)) as Predicate<never>,
    );
  }
  if (what === 'actions' && query.by !== undefined) {
    const by = query.by;
    checks.push(((e: ActionEntry) => e.by === by) as Predicate<never>);
  }
  return (entry) => checks.every((check) => (check as Predicate<typeof entry>)(entry));
}

function networkCheck(query: EntryQuery): Predicate<NetworkEntry | NetworkBody> {
  const method = query.method?.toUpperCase();
  return (e) =>
    (query.statusMin === undefined || e.status >= query.statusMin) &&
    (query.statusMax === undefined || e.status <= query.statusMax) &&
    (method === undefined || e.method === method) &&
    (query.type === undefined || requestType(e) === query.type) &&
    (query.failedOnly !== true || isFailedRequest(e as NetworkEntry));
}
