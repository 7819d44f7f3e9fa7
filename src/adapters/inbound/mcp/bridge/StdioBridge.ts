import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { DaemonUpstream, type UpstreamSettings } from './DaemonUpstream.js';
import { StdioLines } from './StdioLines.js';

/**
 * `browsertap mcp`: MCP on stdio, forwarded to the daemon's `/mcp`. Only `StdioLines.send`
 * writes to stdout; logs go to the logger (stderr). Resolves when stdin ends or `stop()` is
 * called, once its daemon session is ended and every socket let go.
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
    let upstream: DaemonUpstream | undefined;
    const stdio = new StdioLines(
      this.input,
      this.output,
      (message) => void upstream?.forward(message as unknown as JSONRPCMessage),
      (reason, detail) => {
        this.settings.logger.warn('bad message from the MCP client', { error: detail });
        const error =
          reason === 'parse' ? { code: -32700, message: 'Parse error' } : { code: -32600, message: 'Invalid Request' };
        stdio.send({ jsonrpc: '2.0', id: null, error });
      },
    );
    upstream = new DaemonUpstream(this.settings, (message) => stdio.send(message));
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
}
