/**
 * What browsertap's MCP server says of itself in its `initialize` answer. Shared by the daemon's
 * server and the stdio bridge, which answers `initialize` itself while it starts the daemon
 * (docs/install.md): both must say the same (an integration test compares them). This module imports nothing,
 * so the bridge stays free of the SDK's schemas.
 */
export const SERVER_NAME = 'browsertap';

export const SERVER_INSTRUCTIONS = [
  'browsertap: eyes and hands in the developer’s own browser (their real tabs, their extension).',
  '1. observe {what:"summary"}: what is wrong (errors, failed requests, poor vitals) with ids and a cursor.',
  '2. observe {what:"entry", id}: one entry in full (arguments, stack, headers, bodies).',
  '3. interact {action, wait_ms:5000}: act and get the result inline (else a correlation_id for observe command_result).',
  '4. observe {what:"summary", after_cursor}: what the action caused. Lists are compact; detail:"full" gives every field.',
].join('\n');

/** The capabilities the daemon's server announces once its three tools are registered. */
export const SERVER_CAPABILITIES = { logging: {}, tools: { listChanged: true } } as const;

/** The protocol versions the SDK the daemon runs accepts, newest first (a unit test checks them against it). */
export const PROTOCOL_VERSIONS: readonly string[] = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/** The answer to an `initialize` asking for `requested`: that version when supported, else the newest (MCP version negotiation). */
export function initializeResult(requested: unknown, version: string): Record<string, unknown> {
  const protocolVersion =
    typeof requested === 'string' && PROTOCOL_VERSIONS.includes(requested) ? requested : PROTOCOL_VERSIONS[0];
  return {
    protocolVersion,
    capabilities: SERVER_CAPABILITIES,
    serverInfo: { name: SERVER_NAME, version },
    instructions: SERVER_INSTRUCTIONS,
  };
}
