import { PROTOCOL_VERSIONS } from './serverIdentity.js';

/**
 * What changes with the MCP protocol version a session speaks. Imports no SDK, so the stdio
 * bridge applies the same rules without loading it. Versions are dates, so they compare as
 * strings.
 */

/** The version an initialize request asking for `requested` gets: that one when spoken, else the newest (MCP version negotiation). */
export function negotiatedVersion(requested: unknown): string {
  return typeof requested === 'string' && PROTOCOL_VERSIONS.includes(requested) ? requested : (PROTOCOL_VERSIONS[0] as string);
}

/** JSON-RPC batches: allowed up to 2025-03-26, removed in 2025-06-18 ("single messages only"). */
export function batchesAllowed(version: string | undefined): boolean {
  return version !== undefined && version < '2025-06-18';
}

/**
 * Since 2025-11-25 a server SHOULD open each SSE stream with an event of an id and empty data
 * (the "priming" event). Older clients parse every event's data as JSON and fail on an empty
 * one, so they never get it (as the SDK's own server does).
 */
export function primesStreams(version: string | undefined): boolean {
  return version !== undefined && version >= '2025-11-25';
}

/** The "Invalid Request" sentence for a batch in `version`, which allows none; `unit` is what one message travels in. */
export function batchRefusal(version: string, unit: 'POST' | 'line'): string {
  return `Invalid Request: JSON-RPC batches are not allowed in protocol version ${version.slice(0, 40)}; send one message per ${unit}`;
}

/** The "Invalid Request" sentence for a batch holding an initialize request that asks for `requested`. */
export function initializeInBatch(requested: unknown, unit: 'POST' | 'line'): string {
  const version = negotiatedVersion(requested);
  return batchesAllowed(version)
    ? 'Invalid Request: the initialize request must not be part of a JSON-RPC batch; send it alone'
    : batchRefusal(version, unit);
}
