import { DomainError } from '../../domain/DomainError.js';

/**
 * Cursors are `<run id>.<sequence>`: opaque to agents, and recognisable as coming from an
 * earlier daemon run (whose sequence numbers mean nothing now).
 */
export function encodeCursor(runId: string, seq: number): string {
  return `${runId}.${seq}`;
}

/**
 * The sequence number to read after; a cursor of another run maps to `Infinity`, which the
 * buffer reports as restarted. A bare non-negative integer is taken as a sequence of this run.
 * @throws DomainError `invalid_params` for anything else.
 */
export function decodeCursor(runId: string, cursor: string | number): number {
  const text = String(cursor);
  const match = /^(?:([A-Za-z0-9]+)\.)?(\d{1,15})$/.exec(text);
  if (match === null) {
    throw new DomainError('invalid_params', `after_cursor '${text.slice(0, 40)}' is not a cursor returned by observe`);
  }
  return match[1] === undefined || match[1] === runId ? Number(match[2]) : Number.MAX_SAFE_INTEGER;
}
