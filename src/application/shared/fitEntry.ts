import { utf8Length } from '../../domain/text/utf8.js';

/** Longest a text field of an entry is cut to, tried in turn until the entry fits. */
const FIELD_CAPS = [4_096, 1_024, 256] as const;

/**
 * An entry that fits in `room` bytes of JSON: the entry itself when it does, else a copy whose
 * long fields are cut (strings shortened, nested values replaced by the start of their JSON)
 * and marked `truncated: true`, so a read never stalls on one entry larger than a whole result
 * (possible with multi-byte text: a log entry may hold ~26 000 characters of capped fields).
 */
export function fitEntry(entry: unknown, size: number, room: number): unknown {
  if (size <= room || typeof entry !== 'object' || entry === null) return entry;
  let cut: Record<string, unknown> = {};
  for (const cap of FIELD_CAPS) {
    cut = {};
    for (const [key, value] of Object.entries(entry as Record<string, unknown>)) cut[key] = shorten(value, cap);
    cut.truncated = true;
    if (utf8Length(JSON.stringify(cut)) <= room) return cut;
  }
  return cut;
}

function shorten(value: unknown, cap: number): unknown {
  const text =
    typeof value === 'string' ? value : typeof value === 'object' && value !== null ? JSON.stringify(value) : undefined;
  if (text === undefined || text.length <= cap) return value;
  return `${text.slice(0, cap)}…[truncated ${text.length - cap} chars]`;
}
