import { utf8Length } from '../text/utf8.js';
import { clip } from './compact.js';
import type { PickEntry } from '../wire/entries.js';
import type { ComponentFrame } from '../wire/picks.js';

/** Largest compact pick, in bytes of JSON. */
export const COMPACT_PICK_BYTES = 2_000;

/** One pick in `observe picks` (docs/mcp-tools.md list rules); `entry` gives all of it. */
export interface PickRow {
  readonly id: string;
  readonly ts: number;
  readonly note?: string;
  readonly locator?: string;
  /** The innermost component and where it is: `CartButton src/Cart.tsx:42`. */
  readonly component?: string;
  readonly via: PickEntry['via'];
  readonly url: string;
  readonly correlation_id?: string;
  readonly tab_id?: number;
  readonly frame_url?: string;
}

export function pickRow(entry: PickEntry, id: string): PickRow {
  const top = entry.component?.[0];
  const locator = entry.locator ?? entry.selector;
  return {
    id,
    ts: entry.ts,
    ...(entry.note === undefined ? {} : { note: clip(entry.note) }),
    ...(locator === undefined ? {} : { locator: clip(locator) }),
    ...(top === undefined ? {} : { component: clip(componentText(top)) }),
    via: entry.via,
    url: clip(entry.url),
    ...(entry.correlation_id === undefined ? {} : { correlation_id: entry.correlation_id }),
    ...(entry.tab_id === undefined ? {} : { tab_id: entry.tab_id }),
    ...(entry.frame_url === undefined ? {} : { frame_url: clip(entry.frame_url) }),
  };
}

/** `Name src/file.tsx:12:5` (what is known of it). */
export function componentText(frame: ComponentFrame): string {
  if (frame.file === undefined) return frame.name;
  const position = frame.line === undefined ? '' : `:${frame.line}${frame.column === undefined ? '' : `:${frame.column}`}`;
  return `${frame.name} ${frame.file}${position}`;
}

/**
 * Shorter and shorter forms, tried in turn until the pick fits COMPACT_PICK_BYTES: props go
 * first, then styles beyond the first 12, components beyond 5, texts to 120 characters, the
 * recent errors and requests beyond 2, every style, then every text to 60.
 */
const STEPS: ReadonlyArray<(pick: Record<string, unknown>) => Record<string, unknown>> = [
  (p) => ({ ...p, component: chain(p, (c) => withoutProps(c)) }),
  (p) => ({ ...p, styles: firstStyles(p.styles, 12) }),
  (p) => ({ ...p, component: chain(p, (c, i) => (i < 5 ? c : undefined)) }),
  (p) => texts(p, 120),
  (p) => ({
    ...p,
    ...(Array.isArray(p.errors) ? { errors: p.errors.slice(0, 2) } : {}),
    ...(Array.isArray(p.failed_requests) ? { failed_requests: p.failed_requests.slice(0, 2) } : {}),
  }),
  (p) => ({ ...p, styles: undefined }),
  (p) => texts(p, 60),
];

/**
 * A pick as the agent is handed it (the `interact pick` result, the stream's `pick` event): the
 * whole entry when it fits COMPACT_PICK_BYTES of JSON, else shortened (STEPS) and marked
 * `truncated: true`; `observe {what:"entry", id}` has all of it. The stored image is named by its
 * size only.
 */
export function compactPick(entry: PickEntry, id: string | undefined): Record<string, unknown> {
  let pick: Record<string, unknown> = { ...(id === undefined ? {} : { id }), ...entry };
  if (fits(pick)) return pick;
  for (const step of STEPS) {
    pick = defined(step(pick));
    if (fits({ ...pick, truncated: true })) return { ...pick, truncated: true };
  }
  return { ...pick, truncated: true };
}

function fits(pick: Record<string, unknown>): boolean {
  return utf8Length(JSON.stringify(pick)) <= COMPACT_PICK_BYTES;
}

function chain(
  pick: Record<string, unknown>,
  each: (frame: ComponentFrame, index: number) => ComponentFrame | undefined,
): ComponentFrame[] | null | undefined {
  const frames = pick.component as ComponentFrame[] | null | undefined;
  if (!Array.isArray(frames)) return frames;
  return frames.flatMap((frame, i) => each(frame, i) ?? []);
}

function withoutProps(frame: ComponentFrame): ComponentFrame {
  const { props: _props, ...rest } = frame;
  return rest;
}

function firstStyles(styles: unknown, count: number): Record<string, string> | undefined {
  if (typeof styles !== 'object' || styles === null) return undefined;
  return Object.fromEntries(Object.entries(styles as Record<string, string>).slice(0, count));
}

/** Every text of the pick cut to `chars` (the note to four times that: it is the person's word). */
function texts(pick: Record<string, unknown>, chars: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(pick)) {
    if (typeof value === 'string') out[key] = clip(value, key === 'note' ? chars * 4 : chars);
    else if (key === 'component' && Array.isArray(value))
      out[key] = (value as ComponentFrame[]).map((frame) => ({ ...frame, name: clip(frame.name, chars) }));
    else if ((key === 'errors' || key === 'failed_requests') && Array.isArray(value))
      out[key] = value.map((item: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'string' ? clip(v, chars) : v])),
      );
    else out[key] = value;
  }
  return out;
}

function defined(pick: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(pick).filter(([, value]) => value !== undefined));
}
