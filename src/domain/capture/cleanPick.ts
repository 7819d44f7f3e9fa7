import { REDACTION_SLACK } from '../privacy/bounded.js';
import type { Redactor, RedactionTally } from '../privacy/Redactor.js';
import { CAPS } from '../wire/caps.js';
import type { PickEntry } from '../wire/entries.js';
import { PICK_CAPS, type ComponentFrame, type PickBox } from '../wire/picks.js';
import { isSourcePath } from './sourcePath.js';

/** How each text of an entry is made safe: redacted and capped (`text`, `url`) or only capped (`plain`). */
export interface FieldCleaner {
  readonly tally: RedactionTally;
  cut: boolean;
  text(text: string, max: number): string;
  url(url: string, max: number): string;
  plain(text: string, max: number): string;
}

/** A validated pick, before the daemon adds to it and stamps its marks. */
export type RawPick = Omit<PickEntry, 'truncated' | 'redacted' | 'errors' | 'failed_requests' | 'image'>;

/**
 * A pick as stored: every text redacted and capped like any captured text (the note
 * too: a person may paste a token), names and ids capped; a component's file kept only when it is
 * a path (an `at` is a path and numbers, docs/security.md), its props redacted as JSON (secret-named keys
 * whole) and cut to PICK_CAPS.props characters of JSON, key by key.
 */
export function cleanPick(raw: RawPick, marks: FieldCleaner, redactor: Redactor): Omit<PickEntry, 'truncated' | 'redacted'> {
  const text = (value: string | undefined, max: number) => (value === undefined ? undefined : marks.text(value, max));
  const plain = (value: string | undefined, max: number) => (value === undefined ? undefined : marks.plain(value, max));
  const fields = {
    ts: raw.ts,
    tab_id: raw.tab_id,
    frame_url: raw.frame_url === undefined ? undefined : marks.url(raw.frame_url, CAPS.url),
    via: raw.via,
    url: marks.url(raw.url, CAPS.url),
    note: text(raw.note, PICK_CAPS.note),
    prompt: text(raw.prompt, PICK_CAPS.prompt),
    correlation_id: plain(raw.correlation_id, 128),
    region: raw.region === undefined ? undefined : box(raw.region),
    locator: text(raw.locator, CAPS.url),
    selector: text(raw.selector, CAPS.url),
    nth: raw.nth,
    frame: text(raw.frame, CAPS.url),
    role: plain(raw.role, 64),
    name: text(raw.name, PICK_CAPS.name),
    tag: marks.plain(raw.tag, PICK_CAPS.tag),
    text: text(raw.text, PICK_CAPS.text),
    box: box(raw.box),
    viewport: { width: raw.viewport.width, height: raw.viewport.height },
    styles: raw.styles === undefined ? undefined : styles(raw.styles, marks),
    component:
      raw.component === null ? null : raw.component.slice(0, PICK_CAPS.components).map((c) => component(c, marks, redactor)),
    component_reason: text(raw.component_reason, CAPS.short),
  };
  if (raw.component !== null && raw.component.length > PICK_CAPS.components) marks.cut = true;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as unknown as Omit<
    PickEntry,
    'truncated' | 'redacted'
  >;
}

function box(b: PickBox): PickBox {
  return { x: Math.round(b.x), y: Math.round(b.y), width: Math.round(b.width), height: Math.round(b.height) };
}

function styles(all: Readonly<Record<string, string>>, marks: FieldCleaner): Record<string, string> {
  const entries = Object.entries(all);
  if (entries.length > PICK_CAPS.styles) marks.cut = true;
  return Object.fromEntries(
    entries.slice(0, PICK_CAPS.styles).map(([name, value]) => [marks.plain(name, 64), marks.text(value, PICK_CAPS.styleValue)]),
  );
}

function component(frame: ComponentFrame, marks: FieldCleaner, redactor: Redactor): ComponentFrame {
  const file = frame.file !== undefined && isSourcePath(frame.file) ? frame.file : undefined;
  const props = frame.props === undefined ? undefined : clipProps(frame.props, marks, redactor);
  return {
    name: marks.text(frame.name, PICK_CAPS.componentName),
    ...(frame.framework === undefined ? {} : { framework: marks.plain(frame.framework, 32) }),
    ...(frame.selector === undefined ? {} : { selector: marks.text(frame.selector, PICK_CAPS.componentName) }),
    ...(file === undefined ? {} : { file }),
    ...(file === undefined || frame.line === undefined ? {} : { line: frame.line }),
    ...(file === undefined || frame.column === undefined ? {} : { column: frame.column }),
    ...(props === undefined ? {} : { props }),
  };
}

/** Props redacted as JSON, then kept key by key while their JSON stays within the cap; `…` says how many were left out. */
function clipProps(props: Readonly<Record<string, unknown>>, marks: FieldCleaner, redactor: Redactor): Record<string, unknown> {
  const input = JSON.stringify(props);
  const safe =
    input.length > PICK_CAPS.props * 4 + REDACTION_SLACK
      ? { '…': `${input.length} characters of props as JSON, not kept` }
      : (redactor.json(props, marks.tally) as Record<string, unknown>);
  const kept: Record<string, unknown> = {};
  let used = 2;
  let left = 0;
  for (const [key, value] of Object.entries(safe)) {
    const size = JSON.stringify(key).length + 1 + (JSON.stringify(value) ?? 'null').length + 1;
    if (used + size > PICK_CAPS.props) {
      left++;
      continue;
    }
    used += size;
    Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (left > 0) {
    marks.cut = true;
    kept['…'] = `${left} more`;
  }
  return kept;
}
