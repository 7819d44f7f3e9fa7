import type { Sequenced } from '../../domain/buffer/RingBuffer.js';
import { clip, firstLine, topFrame } from '../../domain/capture/compact.js';
import { componentText } from '../../domain/capture/compactPick.js';
import { type ActionEntry, KIND, type LogEntry, type NetworkEntry, type PickEntry } from '../../domain/wire/entries.js';
import { entryId } from '../../domain/capture/entryIds.js';
import { isError, isFailedRequest } from '../../domain/capture/levels.js';
import { oneLine } from '../../domain/text/oneLine.js';
import { isDialogLog } from './actionCauses.js';

/** What a timeline row is. Navigations are actions (`navigate …`); `pick`: what the person pointed at. */
export type TimelineKind = 'action' | 'pick' | 'error' | 'dialog' | 'request' | 'log';

/** Ids listed in an action's `caused` at most; the rest are counted in `more` (as `effects` lists). */
export const MAX_CAUSED = 10;

/** One row of the story, before its texts are shortened to a budget. */
export interface TimelineItem {
  readonly id: string;
  readonly ts: number;
  /** Per buffer, for cursors. */
  readonly buffer: 'actions' | 'logs' | 'network' | 'picks';
  readonly seq: number;
  readonly kind: TimelineKind;
  /** Its text, built for a text length (url origins already cut when `origin` is given). */
  readonly what: (chars: number, origin: string | undefined) => string;
  readonly urls: readonly string[];
  readonly caused?: readonly string[];
  readonly at?: string;
  readonly by?: 'agent';
  readonly tab_id?: number;
}

/** Chronological order; at the same ms an action comes before what it caused, then by id. */
export function byTime(a: TimelineItem, b: TimelineItem): number {
  return a.ts - b.ts || rank(a) - rank(b) || a.seq - b.seq;
}

function rank(item: TimelineItem): number {
  return item.kind === 'action' || item.kind === 'pick' ? 0 : item.buffer === 'network' ? 1 : 2;
}

export function actionItem({ seq, value: a }: Sequenced<ActionEntry>, caused: readonly string[]): TimelineItem {
  return {
    id: entryId('actions', seq),
    ts: a.ts,
    buffer: 'actions',
    seq,
    kind: 'action',
    what: (chars, origin) => describeAction(a, chars, origin),
    urls: a.type === KIND.navigate ? [a.url] : [],
    ...(caused.length === 0 ? {} : { caused }),
    ...(a.by === 'agent' ? { by: 'agent' as const } : {}),
    ...(a.tab_id === undefined ? {} : { tab_id: a.tab_id }),
  };
}

/** A pick as a row: `pick getByRole('button', { name: 'Save' }) CartButton src/Cart.tsx:42 "this one"`. */
export function pickItem({ seq, value: p }: Sequenced<PickEntry>): TimelineItem {
  const top = p.component?.[0];
  return {
    id: entryId('picks', seq),
    ts: p.ts,
    buffer: 'picks',
    seq,
    kind: 'pick',
    what: (chars) =>
      clip(
        [
          'pick',
          p.locator ?? p.selector ?? p.tag,
          top === undefined ? undefined : componentText(top),
          p.note === undefined ? undefined : JSON.stringify(p.note),
        ]
          .filter((part) => part !== undefined)
          .join(' '),
        chars,
      ),
    urls: [],
    ...(p.tab_id === undefined ? {} : { tab_id: p.tab_id }),
  };
}

/** A log entry as a row: an error (with `at`), a dialog browsertap answered, or (only as `around`'s target) a log. */
export function logItem({ seq, value: e }: Sequenced<LogEntry>): TimelineItem {
  const dialog = isDialogLog(e) ? (e.args?.[0] as { dialog: string; message?: unknown; answer?: unknown }) : undefined;
  const kind: TimelineKind = dialog !== undefined ? 'dialog' : isError(e) ? 'error' : 'log';
  const at = kind === 'error' ? topFrame(e.stack, e.url) : undefined;
  return {
    id: entryId('logs', seq),
    ts: e.ts,
    buffer: 'logs',
    seq,
    kind,
    what: (chars) =>
      dialog === undefined
        ? clip(firstLine(e.message), chars)
        : clip(`${dialog.dialog} ${JSON.stringify(String(dialog.message ?? ''))} ${String(dialog.answer ?? '')}`, chars),
    urls: [],
    ...(at === undefined ? {} : { at }),
    ...(e.tab_id === undefined ? {} : { tab_id: e.tab_id }),
  };
}

export function requestItem({ seq, value: r }: Sequenced<NetworkEntry>): TimelineItem {
  return {
    id: entryId('network', seq),
    ts: r.ts,
    buffer: 'network',
    seq,
    kind: 'request',
    what: (chars, origin) =>
      clip(`${r.method} ${withoutOrigin(r.url, origin)} ${r.status}${isFailedRequest(r) && r.error ? ` ${r.error}` : ''}`, chars),
    urls: [r.url],
    ...(r.tab_id === undefined ? {} : { tab_id: r.tab_id }),
  };
}

/** `click getByRole('button', { name: 'Save' })`, `fill getByLabel('Email') "a@b.c"`, `navigate /cart (push)`, … */
function describeAction(a: ActionEntry, chars: number, origin: string | undefined): string {
  const target = a.locator ?? a.selector;
  const parts: string[] = [a.type];
  if (a.type === KIND.navigate)
    parts.push(withoutOrigin(a.url, origin) + (a.navigation === undefined ? '' : ` (${a.navigation})`));
  else if (target !== undefined) parts.push(target);
  if (a.key !== undefined) parts.push(a.key);
  if (a.value !== undefined) parts.push(JSON.stringify(a.value));
  else if (a.values !== undefined) parts.push(JSON.stringify(a.values));
  if (a.files !== undefined) parts.push(a.files.map((f) => f.name).join(', '));
  const to = a.to_locator ?? a.to_selector;
  if (to !== undefined) parts.push(`to ${to}`);
  if (a.type === KIND.scroll && (a.x !== undefined || a.y !== undefined)) parts.push(`to ${a.x ?? 0},${a.y ?? 0}`);
  return clip(parts.join(' '), chars);
}

function withoutOrigin(url: string, origin: string | undefined): string {
  return origin !== undefined && url.startsWith(origin) && '/?#'.includes(url.charAt(origin.length) || '/')
    ? url.slice(origin.length) || '/'
    : url;
}

/** The `scheme://host[:port]` every url shares, when there are at least two and they share one. */
export function sharedOrigin(urls: readonly string[]): string | undefined {
  if (urls.length < 2) return undefined;
  const match = /^https?:\/\/[^/?#]{1,255}/.exec((urls[0] as string).slice(0, 300));
  if (match === null) return undefined;
  const origin = match[0];
  return urls.every((url) => withoutOrigin(url, origin) !== url) ? origin : undefined;
}

/** A row of the table: `[id, ts, kind, what, caused, more, at, by, tab_id]`, ending at its last value. */
export const TIMELINE_COLUMNS = ['id', 'ts', 'kind', 'what', 'caused', 'more', 'at', 'by', 'tab_id'] as const;

export function rowOf(
  item: TimelineItem,
  shape: { readonly chars: number; readonly tsBase: number; readonly origin?: string; readonly sharedTab: boolean },
): unknown[] {
  const caused = item.caused === undefined ? undefined : item.caused.slice(0, MAX_CAUSED);
  const more = item.caused !== undefined && item.caused.length > MAX_CAUSED ? item.caused.length - MAX_CAUSED : undefined;
  const row = [
    item.id,
    item.ts - shape.tsBase,
    item.kind,
    // One line each, whatever the page put in a name, a value, a url or a message.
    oneLine(item.what(shape.chars, shape.origin)),
    caused ?? null,
    more ?? null,
    item.at === undefined ? null : oneLine(clip(item.at, shape.chars)),
    item.by ?? null,
    shape.sharedTab ? null : (item.tab_id ?? null),
  ];
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}
