import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { DaemonUpstream } from './DaemonUpstream.js';
import type { UpstreamSettings } from './UpstreamSettings.js';
import { batchesAllowed, batchRefusal, initializeInBatch } from '../protocolRules.js';
import type { AnswerId, Checked } from './jsonRpcShape.js';
import { StdioLines } from './StdioLines.js';

const PARSE_ERROR = { code: -32700, message: 'Parse error' };
const INVALID_REQUEST = { code: -32600, message: 'Invalid Request' };

/**
 * `browsertap mcp`: MCP on stdio, forwarded to the daemon's `/mcp`. Only `StdioLines.send`
 * writes to stdout; logs go to the logger (stderr). What is not JSON-RPC 2.0 is answered as
 * JSON-RPC says (Parse error, Invalid Request with the message's id when it has a readable
 * one, one answer per element of a batch, in one array), never dropped. Resolves when stdin
 * ends or `stop()` is called, once its daemon session is ended and every socket let go.
 */
export class StdioBridge {
  private stopRequested: (() => void) | undefined;
  private stopEarly = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly settings: UpstreamSettings & { readonly logger: LoggerPort },
  ) {}

  async run(): Promise<void> {
    const upstream: DaemonUpstream = new DaemonUpstream(this.settings, (message) => stdio.send(message));
    const stdio: StdioLines = new StdioLines(this.input, this.output, {
      message: (message) => void upstream.forward(message as unknown as JSONRPCMessage),
      batch: (items) => void this.batch(items, upstream, stdio),
      invalid: (reason, detail, id) => {
        this.settings.logger.warn('bad message from the MCP client', { error: detail });
        stdio.send({ jsonrpc: '2.0', id, error: reason === 'parse' ? PARSE_ERROR : INVALID_REQUEST });
      },
    });
    const ended = new Promise<void>((resolve) => {
      this.input.once('end', resolve);
      this.input.once('close', resolve);
      this.stopRequested = resolve;
      if (this.stopEarly) resolve();
    });
    stdio.start();
    upstream.start();
    await ended;
    await upstream.close();
  }

  /** Ends the bridge as if stdin had closed (SIGTERM, SIGINT). */
  stop(): void {
    this.stopEarly = true;
    this.stopRequested?.();
  }

  /**
   * A batch, where the protocol version agreed with the client has them (2025-03-26 and older):
   * its valid messages are forwarded, its invalid ones answered "Invalid Request", and every
   * answer goes out in one array once all its requests are answered (or cancelled). A batch of
   * notifications and responses only is answered with nothing (JSON-RPC 6). From 2025-06-18 on,
   * and around an initialize request in any version, the whole batch is one "Invalid Request".
   */
  private async batch(items: readonly Checked[], upstream: DaemonUpstream, stdio: StdioLines): Promise<void> {
    const refusal = batchRefusalFor(items, upstream.negotiatedVersion);
    if (refusal !== undefined) {
      this.settings.logger.warn('refused a batch from the MCP client', { error: refusal });
      stdio.send({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST.code, message: refusal } });
      return;
    }
    const answers: unknown[] = [];
    const invalid = items.filter((item): item is Extract<Checked, { ok: false }> => !item.ok);
    if (invalid.length > 0) {
      this.settings.logger.warn('bad messages in a batch from the MCP client', {
        invalid: invalid.length,
        of: items.length,
        error: invalid[0]?.detail,
      });
    }
    for (const item of invalid) answers.push(invalidRequest(item.id));
    await Promise.all(
      items.map((item) =>
        item.ok ? upstream.forward(item.message as unknown as JSONRPCMessage, (answer) => answers.push(answer)) : undefined,
      ),
    );
    if (answers.length > 0) stdio.send(answers);
  }
}

/** Why a batch is refused as a whole, if it is: it holds an initialize request, or `version` has no batches. */
function batchRefusalFor(items: readonly Checked[], version: string | undefined): string | undefined {
  for (const item of items) {
    if (item.ok && item.message.method === 'initialize' && Object.hasOwn(item.message, 'id')) {
      const asked = (item.message.params as { protocolVersion?: unknown } | undefined)?.protocolVersion;
      return initializeInBatch(asked, 'line');
    }
  }
  // Before the client's initialize no version is agreed: the messages are answered one by one.
  if (version === undefined || batchesAllowed(version)) return undefined;
  return batchRefusal(version, 'line');
}

function invalidRequest(id: AnswerId): unknown {
  return { jsonrpc: '2.0', id, error: INVALID_REQUEST };
}
