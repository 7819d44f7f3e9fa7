import { DomainError } from '../DomainError.js';
import type { BufferName } from '../wire/entries.js';

/** The letter that starts the ids of each buffer's entries. */
const PREFIX: Readonly<Record<BufferName, string>> = {
  logs: 'l',
  network: 'n',
  bodies: 'b',
  websocket: 'w',
  vitals: 'v',
  actions: 'a',
  picks: 'p',
};
const BY_PREFIX = new Map(Object.entries(PREFIX).map(([buffer, prefix]) => [prefix, buffer as BufferName]));

/**
 * An entry's id (docs/mcp-tools.md): its buffer's letter and its sequence number, e.g. `l42` (logs and
 * errors), `n7` (network), `b3` (bodies), `w12` (WebSocket), `v5` (vitals), `a3` (actions), `p2` (picks). Stable for the
 * entry's life in the daemon; a new daemon run numbers from 1 again.
 */
export function entryId(buffer: BufferName, seq: number): string {
  return `${PREFIX[buffer]}${seq}`;
}

/** @throws DomainError `invalid_params` for anything `entryId` does not produce. */
export function parseEntryId(id: string): { readonly buffer: BufferName; readonly seq: number } {
  const buffer = BY_PREFIX.get(id.charAt(0));
  const digits = id.slice(1);
  if (buffer === undefined || !/^[1-9]\d{0,14}$/.test(digits)) {
    throw new DomainError(
      'invalid_params',
      `id '${id.slice(0, 40)}' is not an entry id: ids are a letter (l, n, b, w, v, a, p) and a number, as list entries carry them`,
    );
  }
  return { buffer, seq: Number(digits) };
}
