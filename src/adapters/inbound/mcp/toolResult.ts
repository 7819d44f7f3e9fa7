import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { attachedImage, withoutAttachedImage } from '../../../application/shared/attachedImage.js';
import { attachedText, withoutAttachedText } from '../../../application/shared/attachedText.js';
import { DomainError } from '../../../domain/DomainError.js';
import { jsonStringBytes, jsonStringPrefix } from '../../../domain/text/jsonText.js';
import { utf8Length } from '../../../domain/text/utf8.js';
import { withKnownJson } from './knownJson.js';
import type { ClientContext, McpToolDeps } from './McpToolDeps.js';

/** A short next step for the agent, per error code. */
const HINTS: Readonly<Record<string, string>> = {
  queue_full: 'Wait retry_after_ms, or read the results of earlier commands (observe pending_commands) first.',
  unknown_correlation_id:
    'Ids are per client and vanish after their result is deleted or leaves the failed ring; see observe failed_commands.',
  unknown_key: 'configure {action:"list_keys"} lists what is stored.',
  ambiguous_selector:
    'Narrow the selector (an id, text="…", role=button[name="…"]) or pass nth, 0-based among the visible matches listed.',
  unsafe_pattern:
    'Patterns use RE2 syntax (no lookaround or backreferences; (?i) for case-insensitive), at most 100 characters, without large counted repetitions of a class.',
};

interface ImageData {
  readonly mime_type: string;
  readonly base64: string;
}

/**
 * Payload as `structuredContent` and as compact JSON text; a screenshot's image travels as an
 * image block, a snapshot's text as a text block of its own (not escaped into JSON: every quote
 * and line break of a snapshot would cost a backslash).
 */
export function success(
  payload: object,
  image?: ImageData,
  text = JSON.stringify(payload),
  snapshot?: string,
  utf8?: Buffer,
): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text }];
  if (snapshot !== undefined) content.push({ type: 'text', text: snapshot });
  if (image !== undefined) content.push({ type: 'image', data: image.base64, mimeType: image.mime_type });
  return {
    content,
    structuredContent: (snapshot === undefined ? withKnownJson(payload, text, utf8) : withSnapshot(payload, snapshot)) as Record<
      string,
      unknown
    >,
  };
}

/**
 * Runs a tool call and shapes its result; a subscribed client's result (error or not) also
 * carries `alerts`: matched stream events it has not seen yet (docs/streaming.md).
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
    if (!(error instanceof DomainError)) {
      // The answer says "see the daemon log": this is that log.
      deps.logger.error('a tool call failed unexpectedly', {
        client: client.clientId,
        error: String((error as Error)?.stack ?? error),
      });
    }
  }
  // An entry's image (a pick's screenshot) rides beside the payload; a screenshot's is inside its result.
  const attachedPicture = failed ? undefined : attachedImage(payload);
  const image = failed ? undefined : (attachedPicture ?? findImage(payload));
  let snapshot = failed ? undefined : findSnapshot(payload);
  // A generated file or steps (observe reproduction): its own text block, sized by its use case.
  const attached = failed ? undefined : attachedText(payload);
  const attachedBytes = attached === undefined ? 0 : utf8Length(attached);
  let light =
    attachedPicture !== undefined
      ? withoutAttachedImage(payload)
      : image === undefined
        ? payload
        : withoutImageData(payload, image);
  if (attached !== undefined) light = withoutAttachedText(light);
  if (snapshot !== undefined) {
    // The snapshot's text block shares the result's budget with the JSON block (docs/mcp-tools.md).
    const room = deps.resultBudget - utf8Length(JSON.stringify(withSnapshot(light, SNAPSHOT_BELOW, true))) - SNAPSHOT_RESERVE;
    const clipped = clipSnapshot(snapshot, room);
    light = withSnapshot(light, SNAPSHOT_BELOW, clipped !== snapshot);
    snapshot = clipped;
  }
  // Every copy the client shows stays within the budget: the text blocks, and structuredContent,
  // where the snapshot is a JSON string (a quote costs 2 bytes there, a control character 6) —
  // never fewer bytes than its text block, so its JSON size is what it costs both copies.
  const snapshotBytes = snapshot === undefined ? 0 : jsonStringBytes(snapshot);
  const fitted = fitBudget(light, deps.resultBudget - snapshotBytes - attachedBytes, deps, client);
  const answer = fitted?.payload ?? OVER_BUDGET;
  const text = fitted?.text ?? JSON.stringify(OVER_BUDGET);
  const textBytes = fitted?.bytes ?? utf8Length(text);
  const room = deps.resultBudget - textBytes - snapshotBytes - attachedBytes - ALERTS_KEY_BYTES;
  const alerts = deps.takeAlerts.execute({ clientId: client.clientId, maxBytes: room });
  if (failed || fitted === undefined) return failure(alerts === undefined ? answer : { ...answer, alerts });
  if (alerts === undefined) return withAttached(success(answer, image, text, snapshot, fitted.utf8), attached);
  // The payload is a JSON object: its text gains the alerts without serialising it again.
  const glue = text === '{}' ? '' : ',';
  return withAttached(
    success({ ...answer, alerts }, image, `${text.slice(0, -1)}${glue}"alerts":${JSON.stringify(alerts)}}`, snapshot),
    attached,
  );
}

/** The result with `text` as a text block after the JSON one, when there is such a text. */
function withAttached(result: CallToolResult, text: string | undefined): CallToolResult {
  if (text !== undefined) result.content.push({ type: 'text', text });
  return result;
}

const OVER_BUDGET = Object.freeze({
  error: 'result_too_large',
  message: 'browsertap built an answer over the budget of a tool result; this is a bug (logged): narrow the request',
});

/** `,"alerts":` around the alerts object. */
const ALERTS_KEY_BYTES = 16;

/**
 * Keeps a result's text block within the budget (docs/mcp-tools.md: 60 000 bytes of UTF-8). Lists and
 * stored values budget themselves; what can still be too large is a command's `result` (what a
 * page returned), which is then replaced by its size and the start of its JSON, marked
 * `truncated`. Anything else over the budget is a bug: it is logged and answered
 * `result_too_large` (undefined here) rather than sent.
 */
function fitBudget(
  payload: object,
  budget: number,
  deps: McpToolDeps,
  client: ClientContext,
): { payload: object; text: string; bytes: number; utf8?: Buffer } | undefined {
  const text = JSON.stringify(payload);
  // Its UTF-8 is what it weighs, and what the answer's stream writes (messageBytes.ts): made once.
  const utf8 = Buffer.from(text);
  const size = utf8.length;
  if (size <= budget) return { payload, text, bytes: size, utf8 };
  const result = (payload as { result?: unknown }).result;
  if (result !== undefined) {
    const json = JSON.stringify(result);
    const cut = {
      ...payload,
      result: {
        truncated: true,
        bytes: utf8Length(json),
        preview: json.slice(0, RESULT_PREVIEW_CHARS),
        message: `The result is ${utf8Length(json)} bytes of JSON, over the ${budget}-byte budget of a tool result; ask for less (pick fields, slice arrays).`,
      },
    };
    const cutText = JSON.stringify(cut);
    const cutBytes = Buffer.byteLength(cutText, 'utf8');
    if (cutBytes <= budget) return { payload: cut, text: cutText, bytes: cutBytes };
  }
  deps.logger.error('a tool result was over its budget', { client: client.clientId, bytes: size, budget });
  return undefined;
}

/** Characters of an over-budget command result shown as a preview. */
const RESULT_PREVIEW_CHARS = 2_000;

/** A tool error: `{error, message, hint?, retry_after_ms?}`, as structuredContent and JSON text (with any `alerts`). */
export function failure(error: unknown): CallToolResult {
  const payload = isPayload(error) ? error : errorPayload(error);
  const text = JSON.stringify(payload);
  return { isError: true, content: [{ type: 'text', text }], structuredContent: withKnownJson(payload, text) };
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

/** What a snapshot's JSON says where its text was: the text block after it. */
const SNAPSHOT_BELOW = 'next text block';

/** `result.data.snapshot` of a completed snapshot command (interact snapshot: the page's url and the text). */
function findSnapshot(payload: object): string | undefined {
  const data = (payload as { result?: { data?: { snapshot?: unknown; url?: unknown } } }).result?.data;
  return typeof data?.snapshot === 'string' && typeof data.url === 'string' ? data.snapshot : undefined;
}

/** `snapshot` in place of the text, `truncated: true` when the text was cut here (or by the page). */
function withSnapshot(payload: object, snapshot: string, cut = false): object {
  const result = (payload as { result: { data: { truncated?: unknown } } }).result;
  const truncated = cut || result.data.truncated === true;
  return { ...payload, result: { ...result, data: { ...result.data, snapshot, ...(truncated ? { truncated } : {}) } } };
}

/** Bytes kept free beside a snapshot for the alerts of a subscribed client. */
const SNAPSHOT_RESERVE = 2_000;

/**
 * The snapshot cut to whole lines within `maxBytes` as a JSON string's UTF-8 (what it costs in
 * structuredContent; its own text block costs less), ending with a line that says so; the text
 * itself when it fits. The page counts too, but its count is not trusted (and frames are spliced
 * in after it).
 */
function clipSnapshot(snapshot: string, maxBytes: number): string {
  if (jsonStringBytes(snapshot) <= maxBytes) return snapshot;
  const note = `\n- note: cut at ${maxBytes} bytes; take a subtree (ref or selector) or a smaller max_depth`;
  const kept = jsonStringPrefix(snapshot, Math.max(0, maxBytes - jsonStringBytes(note)));
  const lastLine = kept.lastIndexOf('\n');
  return `${lastLine > 0 ? kept.slice(0, lastLine) : kept}${note}`;
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
