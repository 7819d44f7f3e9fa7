import type { RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CancelledNotificationSchema,
  ErrorCode,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { anyObjectKeys, passedOn, sdkArguments, sdkResult, toolError } from './sdkToolShapes.js';

/** A `tools/call` the direct path answers: its tool and arguments as sent. */
interface Call {
  readonly id: RequestId;
  readonly tool: RegisteredTool;
  readonly keys: readonly string[];
  readonly args: Record<string, unknown> | undefined;
}

type Handler = (args: Record<string, unknown>, extra: unknown) => unknown;

/**
 * The tools of one session's server, called without the SDK's request dispatch. A `tools/call`
 * through the SDK runs its zod schemas five times (the message, the request twice, the
 * arguments, the result twice) and its Protocol bookkeeping: a fifth of the daemon's time per
 * call. A plain call of a tool registered here (`takes`) is answered by `call` with exactly the
 * message the SDK would send (sdkToolShapes.ts); everything else (unknown tools, `_meta`, tasks,
 * batches, every other method) stays on the SDK's path. The callback gets `signal` and
 * `requestInfo`, the only parts of the SDK's `extra` the tools read; the signal is aborted, as
 * the SDK's is, by `notifications/cancelled` naming the call and by the session's end, and a
 * call aborted so is never answered.
 */
export class DirectToolCalls {
  private readonly tools = new Map<string, RegisteredTool>();
  private readonly running = new Map<RequestId, AbortController>();

  /** Notes a tool as the server registers it (createMcpServer). */
  add(name: string, tool: RegisteredTool): void {
    this.tools.set(name, tool);
  }

  /**
   * The call `message` makes, when this answers it: a request (already found plain,
   * plainMessage.ts) of `tools/call` whose params hold only `name`, a registered and enabled
   * tool whose schema takes any object, and `arguments`, absent or an object. Else undefined.
   */
  takes(message: JSONRPCMessage): Call | undefined {
    const request = message as Partial<JSONRPCRequest>;
    if (request.method !== 'tools/call' || request.id === undefined) return undefined;
    const params = request.params as Record<string, unknown> | undefined;
    if (params === undefined) return undefined;
    for (const key in params) if (key !== 'name' && key !== 'arguments') return undefined;
    const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
    const tool = typeof name === 'string' ? this.tools.get(name) : undefined;
    if (tool === undefined || !tool.enabled || tool.outputSchema !== undefined || typeof tool.handler !== 'function') {
      return undefined;
    }
    if ((tool.execution?.taskSupport ?? 'forbidden') !== 'forbidden') return undefined;
    if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return undefined;
    const keys = anyObjectKeys(tool.inputSchema);
    if (keys === undefined) return undefined;
    return { id: request.id, tool, keys, args: args as Record<string, unknown> | undefined };
  }

  /** Runs `call` as the SDK would, then hands its answer to `send` (unless it was aborted first). */
  call(call: Call, requestInfo: MessageExtraInfo['requestInfo'], send: (message: JSONRPCMessage) => Promise<void>): void {
    const controller = new AbortController();
    this.running.set(call.id, controller);
    const signal = controller.signal;
    // As Protocol: the handler starts on a later turn of the microtask queue, and what it
    // answers after an abort is dropped.
    Promise.resolve()
      .then(() => this.run(call, { signal, requestInfo }))
      .then(
        (result) => (signal.aborted ? undefined : send({ result, jsonrpc: '2.0', id: call.id } as JSONRPCMessage)),
        (error: { code?: unknown; message?: string; data?: unknown }) =>
          signal.aborted ? undefined : send(errorAnswer(call.id, error)),
      )
      .catch(() => undefined)
      .finally(() => {
        if (this.running.get(call.id) === controller) this.running.delete(call.id);
      });
  }

  /** A `notifications/cancelled` reached the session: aborts the call it names, as the SDK does. */
  cancel(notification: JSONRPCMessage): void {
    const parsed = CancelledNotificationSchema.safeParse(notification);
    // The SDK's check: no request id, or a falsy one (0, ""), cancels nothing.
    if (!parsed.success || !parsed.data.params.requestId) return;
    this.running.get(parsed.data.params.requestId)?.abort(parsed.data.params.reason);
  }

  /** The session ended: every running call is aborted (Protocol's `_onclose`). */
  abortAll(): void {
    for (const controller of this.running.values()) controller.abort();
    this.running.clear();
  }

  /** McpServer's `tools/call` handler for a plain call, then the SDK wrappers' result check. */
  private async run(call: Call, extra: { signal: AbortSignal; requestInfo: unknown }): Promise<unknown> {
    let result: unknown;
    try {
      result = await (call.tool.handler as Handler)(sdkArguments(call.args, call.keys), extra);
    } catch (error) {
      if (passedOn(error)) throw error;
      result = toolError(error);
    }
    return sdkResult(result);
  }
}

/** Protocol's error answer for a handler that failed. */
function errorAnswer(id: RequestId, error: { code?: unknown; message?: string; data?: unknown }): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError,
      message: error.message ?? 'Internal error',
      ...(error.data !== undefined && { data: error.data }),
    },
  } as JSONRPCMessage;
}
