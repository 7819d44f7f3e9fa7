import type { JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';

/** Reads are safe to repeat after a lost connection; browser commands and settings changes are not. */
export function isReadOnlyCall(message: JSONRPCRequest): boolean {
  const params = message.params as { name?: unknown; arguments?: { action?: unknown; op?: unknown } } | undefined;
  if (params?.name === 'observe') return true;
  if (params?.name !== 'configure') return false;
  const action = params.arguments?.action;
  return READ_ONLY_CONFIGURE.has(String(action)) || (action === 'noise' && params.arguments?.op === 'list');
}

/** `configure` actions that change nothing, so repeating them after a lost connection is safe. */
const READ_ONLY_CONFIGURE = new Set(['health', 'query_status', 'load', 'list_keys', 'streaming_status']);
