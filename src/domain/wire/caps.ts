/** Size caps applied at ingest (characters), so every buffer is bounded in bytes as well as entries. */
export const CAPS = Object.freeze({
  /** A log message or stack. */
  text: 8_192,
  /** A url. */
  url: 2_048,
  /** Console arguments, as JSON. */
  args: 8_192,
  /** One header value; at most `headerCount` headers are kept. */
  header: 1_024,
  headerCount: 64,
  /** One header name. */
  headerName: 256,
  /** A request or response body (docs/extension-protocol.md: ≤ 16 KB). */
  body: 16_384,
  /** A WebSocket message (docs/extension-protocol.md: ≤ 4 KB). */
  wsData: 4_096,
  /** The error text the extension reports for a command (the edge's limit). */
  commandError: 16_384,
  /** Short descriptive fields: error, initiator, reason, status text, title, ids. */
  short: 1_024,
});

/** Cuts `text` to `max` characters, marking the cut. */
export function cap(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  return { text: `${text.slice(0, max)}…[truncated ${text.length - max} chars]`, cut: true };
}
