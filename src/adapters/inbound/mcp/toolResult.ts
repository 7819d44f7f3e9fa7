import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DomainError } from '../../../domain/DomainError.js';
import type { ClientContext, McpToolDeps } from './McpToolDeps.js';

/** A short next step for the agent, per error code. */
const HINTS: Readonly<Record<string, string>> = {
  queue_full: 'Wait retry_after_ms, or read the results of earlier commands (observe pending_commands) first.',
  unknown_correlation_id:
    'Ids are per client and vanish after their result is deleted or leaves the failed ring; see observe failed_commands.',
  unknown_key: 'configure {action:"list_keys"} lists what is stored.',
  unsafe_pattern:
    'Patterns use RE2 syntax (no lookaround or backreferences; (?i) for case-insensitive), at most 100 characters, without large counted repetitions of a class.',
};

interface ImageData {
  readonly mime_type: string;
  readonly base64: string;
}

/** Payload as `structuredContent` and as compact JSON text; a screenshot's image travels as an image block. */
export function success(payload: object): CallToolResult {
  const image = findImage(payload);
  if (image === undefined) {
    return { content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload as Record<string, unknown> };
  }
  const light = withoutImageData(payload, image);
  return {
    content: [
      { type: 'text', text: JSON.stringify(light) },
      { type: 'image', data: image.base64, mimeType: image.mime_type },
    ],
    structuredContent: light,
  };
}

/**
 * Runs a tool call and shapes its result; a subscribed client's result (error or not) also
 * carries `alerts`: matched stream events it has not seen yet (SPEC 5).
 */
export async function respond(
  deps: McpToolDeps,
  client: ClientContext,
  run: () => Promise<object> | object,
): Promise<CallToolResult> {
  let payload: object;
  let failed = false;
  try {
    payload = await run();
  } catch (error) {
    payload = errorPayload(error);
    failed = true;
  }
  const alerts = deps.takeAlerts.execute({ clientId: client.clientId });
  const withAlerts = alerts === undefined ? payload : { ...payload, alerts };
  return failed ? failure(withAlerts) : success(withAlerts);
}

/** A tool error: `{error, message, hint?, retry_after_ms?}`, as structuredContent and JSON text. */
export function failure(error: unknown): CallToolResult {
  const payload = isPayload(error) ? error : errorPayload(error);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(payload) }], structuredContent: payload };
}

function isPayload(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

function errorPayload(error: unknown): Record<string, unknown> {
  return error instanceof DomainError
    ? {
        error: error.code,
        message: error.message,
        ...(HINTS[error.code] === undefined ? {} : { hint: HINTS[error.code] }),
        ...error.details,
      }
    : { error: 'internal_error', message: 'browsertap failed to handle this call; see the daemon log' };
}

/** `result.data.image` of a completed screenshot command, if the payload carries one. */
function findImage(payload: object): ImageData | undefined {
  const image = (payload as { result?: { data?: { image?: Partial<ImageData> } } }).result?.data?.image;
  return typeof image?.base64 === 'string' && typeof image.mime_type === 'string' ? (image as ImageData) : undefined;
}

function withoutImageData(payload: object, image: ImageData): Record<string, unknown> {
  const result = (payload as { result: { data: { image: ImageData } } }).result;
  const { base64: _bytes, ...described } = result.data.image;
  const padding = image.base64.endsWith('==') ? 2 : image.base64.endsWith('=') ? 1 : 0;
  const attached = `image content block (${(image.base64.length * 3) / 4 - padding} bytes)`;
  return { ...payload, result: { ...result, data: { ...result.data, image: { ...described, attached } } } };
}
