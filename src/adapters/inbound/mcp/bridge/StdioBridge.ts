import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { LoggerPort } from '../../../../application/ports/LoggerPort.js';
import { DaemonUpstream, type UpstreamSettings } from './DaemonUpstream.js';

/**
 * `browsertap mcp`: MCP on stdio, forwarded to the daemon's `/mcp`. Only the SDK stdio
 * transport writes to stdout; logs go to the logger (stderr). Resolves when stdin ends or
 * `stop()` is called, once its daemon session is ended and every socket let go.
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
    const stdio = new StdioServerTransport(this.input, this.output);
    const send = (message: JSONRPCMessage) => {
      void stdio.send(message);
    };
    const upstream = new DaemonUpstream(this.settings, send);
    stdio.onmessage = (message) => void upstream.forward(message);
    stdio.onerror = (error) => {
      const parse = error instanceof SyntaxError;
      this.settings.logger.warn('bad message from the MCP client', { error: error.message });
      send({
        jsonrpc: '2.0',
        id: null,
        error: { code: parse ? -32700 : -32600, message: parse ? 'Parse error' : 'Invalid Request' },
      } as unknown as JSONRPCMessage);
    };
    const ended = new Promise<void>((resolve) => {
      this.input.once('end', resolve);
      this.input.once('close', resolve);
      this.stopRequested = resolve;
      if (this.stopEarly) resolve();
    });
    await stdio.start();
    upstream.start();
    await ended;
    await upstream.close();
    await stdio.close();
  }

  /** Ends the bridge as if stdin had closed (SIGTERM, SIGINT). */
  stop(): void {
    this.stopEarly = true;
    this.stopRequested?.();
  }
}
